"""Seats, cards and the int encoding used by the fast path.

Card ints: ``card = suit * 13 + rank`` with suits in the order ``S H D C`` (spades = 0, so every
spade of the standard deck is an int below 13) and ``rank`` 0 = Two .. 12 = Ace. Within a suit a
higher int is a higher card. The Joker variant adds Little Joker = 52 and Big Joker = 53, spades
(``SUIT_OF``) above the ace. Seat ints: ``N=0 E=1 S=2 W=3`` (clockwise; partners are ``i`` and ``i ^ 2``; team
``i & 1``: 0 = NS, 1 = EW).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import repeat, starmap
from typing import Final, Literal

SEATS: Final[tuple[str, ...]] = ("N", "E", "S", "W")
SEAT_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(SEATS)}
TEAMS: Final[tuple[str, ...]] = ("NS", "EW")


def team_of(seat: str) -> str:
    """The partnership of a seat: "NS" for N and S, "EW" for E and W."""
    return TEAMS[SEAT_INDEX[seat] % 2]


RANKS: Final = "23456789TJQKA"
SUITS: Final = "SHDC"
SUIT_NAMES: Final[tuple[str, ...]] = ("spades", "hearts", "diamonds", "clubs")
SPADES: Final = 0

#: Card int -> code (``"QS"``) and back: the 52 cards of the standard deck.
CARD_CODES: Final[tuple[str, ...]] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))
#: The two jokers of the Joker variant (rules.md "Variants"): spades above the ace of spades.
LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53
#: Every card int (jokers included) -> code.
CODES: Final[tuple[str, ...]] = (*CARD_CODES, "LJ", "BJ")
CARD_INDEX: Final[dict[str, int]] = {code: c for c, code in enumerate(CODES)}
#: Card int -> suit int, and -> bit of its rank inside a suit mask (jokers: bits 13 and 14 of the
#: spade mask, above the ace).
SUIT_OF: Final[tuple[int, ...]] = (*(c // 13 for c in range(52)), SPADES, SPADES)
RANK_BIT: Final[tuple[int, ...]] = (*(1 << (c % 13) for c in range(52)), 1 << 13, 1 << 14)
#: Where each suit's masks start in ``SUIT_CARDS``: a seat's suit mask is ``SUIT_BASE[suit] | ranks``
#: (spades take 15 rank bits with the jokers, the other suits 13), so ``SUIT_CARDS[mask]`` needs
#: no offset.
SUIT_BASE: Final[tuple[int, ...]] = (0, 1 << 15, (1 << 15) + (1 << 13), (1 << 15) + (2 << 13))


def _suit_cards() -> list[tuple[int, ...]]:
    """``SUIT_CARDS[SUIT_BASE[suit] | ranks]`` -> the card ints of a suit mask, weakest first."""
    out: list[tuple[int, ...]] = []
    for suit in range(4):
        ranks = [suit * 13 + r for r in range(13)]
        if suit == SPADES:
            ranks += [LITTLE_JOKER, BIG_JOKER]
        table: list[tuple[int, ...]] = [()]
        for bit, card in enumerate(ranks):
            # Masks whose highest bit is `bit` are the earlier masks plus this card.
            table.extend((*t, card) for t in table[: 1 << bit])
        assert len(out) == SUIT_BASE[suit]
        out.extend(table)
    return out


#: ``SUIT_CARDS[mask]`` -> tuple of the card ints of a suit mask, weakest first (ascending ints;
#: the jokers come after the ace of spades). An empty suit gives ``()``.
SUIT_CARDS: Final[list[tuple[int, ...]]] = _suit_cards()
#: The rank bits of a suit mask, by suit.
RANK_MASKS: Final[tuple[int, ...]] = ((1 << 15) - 1, (1 << 13) - 1, (1 << 13) - 1, (1 << 13) - 1)

#: Strength of a card within its suit (the jokers above the ace of spades).
_STRENGTH: Final[tuple[int, ...]] = (*(c % 13 for c in range(52)), 13, 14)
#: ``BEATS[w * 54 + c]``: does card ``c`` beat ``w``, the card winning the trick so far? (``w`` is
#: always of the suit led or a spade, so the suit led is not needed.)
BEATS_STRIDE: Final = 54
BEATS: Final[tuple[bool, ...]] = tuple(
    (SUIT_OF[c] == SUIT_OF[w] and _STRENGTH[c] > _STRENGTH[w])
    or (SUIT_OF[c] == SPADES and SUIT_OF[w] != SPADES)
    for w in range(54)
    for c in range(54)
)

# Display order of a hand: clubs, diamonds, hearts, spades, each from low to high.
_DISPLAY_SUIT: Final = {"C": 0, "D": 1, "H": 2, "S": 3}
DISPLAY_KEY: Final[tuple[int, ...]] = (
    *(_DISPLAY_SUIT[SUITS[c // 13]] * 13 + c % 13 for c in range(52)),
    52,
    53,
)


def card_to_int(code: str) -> int:
    """``"QS"`` -> 10. Raises ``KeyError`` for anything that is not a card code."""
    return CARD_INDEX[code]


def int_to_card(card: int) -> str:
    """10 -> ``"QS"``; 53 -> ``"BJ"``."""
    return CODES[card]


def sort_cards(cards: Iterable[int]) -> list[str]:
    """Card ints -> codes in display order (clubs, diamonds, hearts, spades; low to high)."""
    return [CODES[c] for c in sorted(cards, key=DISPLAY_KEY.__getitem__)]


_DECK: Final = range(52)


def deal_ints(rng: random.Random, deck: tuple[int, ...] | None = None) -> list[list[int]]:
    """Deal a shuffled deck: four lists of 13 card ints, indexed by seat int.

    ``deck``: the 52 card ints of a variant's deck (default: the standard deck). Sorting on random
    keys is a uniform shuffle and much cheaper than ``rng.shuffle`` in Python.
    """
    keys = [*starmap(rng.random, repeat((), 52))]
    order = sorted(_DECK, key=keys.__getitem__)
    if deck is not None:
        order = [deck[i] for i in order]
    return [order[0:13], order[13:26], order[26:39], order[39:52]]


#: Int encoding of bids on the fast path: 0..13 are numeric bids.
NIL: Final = -1
BLIND_NIL: Final = -2
BID_NAMES: Final[dict[int, Literal["nil", "blind_nil"]]] = {NIL: "nil", BLIND_NIL: "blind_nil"}


def bid_to_int(bid: int | str) -> int:
    """``3`` -> 3, ``"nil"`` -> ``NIL``, ``"blind_nil"`` -> ``BLIND_NIL`` (no validation)."""
    if bid == "nil":
        return NIL
    if bid == "blind_nil":
        return BLIND_NIL
    return bid  # type: ignore[return-value]


def int_to_bid(value: int) -> int | Literal["nil", "blind_nil"]:
    """Inverse of ``bid_to_int``."""
    return BID_NAMES.get(value, value)
