"""Card helpers shared by the bots (string cards such as ``"QS"``, as in the seat view)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spades.engine.cards import CODES
from spades.engine.cards import team_of as team_of  # one home: the engine
from spades.engine.variants import VARIANTS

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SEATS = ("N", "E", "S", "W")
SPADE = "S"

# Suit order used to break ties between equal ranks: clubs, diamonds, hearts, then spades last,
# so a "lowest" card is never a spade when a side-suit card of the same rank exists.
TIE_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3, "J": 3}
# The Joker variant's jokers ("LJ", "BJ") are the two highest spades.
_RANK = {**{r: i for i, r in enumerate(RANKS)}, "L": 13, "B": 14}

FULL_DECK = tuple(r + s for s in SUITS for r in RANKS)


def has_jokers(rules: Mapping[str, Any] | None) -> bool:
    """Does the deck dealt under ``rules`` (the view's rules dict) hold the Joker variant's jokers?"""
    return "BJ" in deck_of(rules)


def deck_of(rules: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The cards dealt under ``rules`` (the seat view's rules dict): the Joker variant's deck has
    the two jokers instead of the 2 of clubs and the 2 of diamonds."""
    variant = VARIANTS.get((rules or {}).get("variant") or "none")
    if variant is None or variant.deck == tuple(range(52)):
        return FULL_DECK
    return tuple(CODES[c] for c in variant.deck)


def rank(card: str) -> int:
    """Rank index 0 (two) .. 12 (ace)."""
    return _RANK[card[0]]


def suit(card: str) -> str:
    return SPADE if card[1] == "J" else card[1]


def low_key(card: str) -> tuple[int, int]:
    """Sort key for 'lowest card': lowest rank, non-spade before spade on ties."""
    return (_RANK[card[0]], TIE_ORDER[card[1]])


def high_key(card: str) -> tuple[int, int]:
    """Sort key for 'highest card': highest rank, spade last among equal ranks."""
    return (_RANK[card[0]], -TIE_ORDER[card[1]])


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def other_team(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def team_seats(team: str) -> tuple[str, str]:
    return ("N", "S") if team == "NS" else ("E", "W")


def beats(card: str, best: str, led: str | None) -> bool:
    """True if ``card`` beats the current best card ``best`` of a trick led in suit ``led``.

    ``led`` is not needed (``best`` is of the suit led or a spade); None is accepted."""
    cs, bs = suit(card), suit(best)
    if cs == bs:
        return _RANK[card[0]] > _RANK[best[0]]
    return cs == SPADE


def winning_index(cards: list[str]) -> int:
    """Index of the card that currently wins a (possibly partial) trick."""
    led = suit(cards[0])
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led):
            best = i
    return best
