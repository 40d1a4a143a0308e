"""Seats, cards and the int encoding used by the fast path.

Card ints: ``card = suit * 13 + rank`` with suits in the order ``S H D C`` (spades = 0, so every
spade is an int below 13) and ``rank`` 0 = Two .. 12 = Ace. Within a suit a higher int is a higher
card. Seat ints: ``N=0 E=1 S=2 W=3`` (clockwise; partners are ``i`` and ``i ^ 2``; team
``i & 1``: 0 = NS, 1 = EW).
"""

from __future__ import annotations

import random
from itertools import repeat, starmap

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
SEAT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SEATS)}
TEAMS: tuple[str, ...] = ("NS", "EW")
RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_NAMES: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
SPADES = 0

#: Card int -> code (``"QS"``) and back.
CARD_CODES: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))
CARD_INDEX: dict[str, int] = {code: c for c, code in enumerate(CARD_CODES)}
#: Card int -> suit int, and -> bit of its rank inside a 13-bit suit mask.
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
RANK_BIT: tuple[int, ...] = tuple(1 << (c % 13) for c in range(52))

#: ``SUIT_CARDS[(suit << 13) | mask]`` -> tuple of the card ints of a 13-bit suit mask, ascending.
SUIT_CARDS: list[tuple[int, ...]] = []
for _suit in range(4):
    _base = _suit * 13
    _table: list[tuple[int, ...]] = [()]
    for _rank in range(13):
        # Masks with highest bit `_rank` are the earlier masks plus this card.
        _card = _base + _rank
        _table.extend((*t, _card) for t in _table[: 1 << _rank])
    SUIT_CARDS.extend(_table)
del _suit, _base, _table, _rank, _card

#: ``BEATS[w * 52 + c]``: does card ``c`` beat ``w``, the card winning the trick so far? (``w`` is
#: always of the suit led or a spade, so the suit led is not needed.)
BEATS: tuple[bool, ...] = tuple(
    (c // 13 == w // 13 and c > w) or (c < 13 and w >= 13) for w in range(52) for c in range(52)
)

# Display order of a hand: clubs, diamonds, hearts, spades, each from low to high.
_DISPLAY_SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}
DISPLAY_KEY: tuple[int, ...] = tuple(_DISPLAY_SUIT[SUITS[c // 13]] * 13 + c % 13 for c in range(52))


def card_to_int(code: str) -> int:
    """``"QS"`` -> 10. Raises ``KeyError`` for anything that is not a card code."""
    return CARD_INDEX[code]


def int_to_card(card: int) -> str:
    """10 -> ``"QS"``."""
    return CARD_CODES[card]


def sort_cards(cards) -> list[str]:
    """Card ints -> codes in display order (clubs, diamonds, hearts, spades; low to high)."""
    return [CARD_CODES[c] for c in sorted(cards, key=DISPLAY_KEY.__getitem__)]


_DECK = range(52)


def deal_ints(rng: random.Random) -> list[list[int]]:
    """Deal a shuffled deck: four lists of 13 card ints, indexed by seat int.

    Sorting on random keys is a uniform shuffle and much cheaper than ``rng.shuffle`` in Python.
    """
    keys = [*starmap(rng.random, repeat((), 52))]
    deck = sorted(_DECK, key=keys.__getitem__)
    return [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]


#: Int encoding of bids on the fast path: 0..13 are numeric bids.
NIL = -1
BLIND_NIL = -2
BID_NAMES: dict[int, str] = {NIL: "nil", BLIND_NIL: "blind_nil"}


def bid_to_int(bid: int | str) -> int:
    """``3`` -> 3, ``"nil"`` -> ``NIL``, ``"blind_nil"`` -> ``BLIND_NIL`` (no validation)."""
    if bid == "nil":
        return NIL
    if bid == "blind_nil":
        return BLIND_NIL
    return bid  # type: ignore[return-value]


def int_to_bid(value: int) -> int | str:
    """Inverse of ``bid_to_int``."""
    return BID_NAMES.get(value, value)
