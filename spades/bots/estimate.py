"""Trick estimation for bidding (also shown on the table page as a bidding hint).

The estimate is a sum of expected tricks, in three parts a player can read:
``spades`` (trump honours and length), ``side`` (aces, kings and queens of the other suits, discounted
when the suit is long enough to be ruffed early or the honour is unguarded) and ``ruffs`` (voids,
singletons and doubletons that spare spades can exploit).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .cards import RANKS, SPADE

ACE, KING, QUEEN, JACK = 12, 11, 10, 9


@dataclass(frozen=True)
class TrickEstimate:
    """Expected tricks for one hand, with the breakdown the table page may display."""

    spades: float
    side: float
    ruffs: float
    total: float
    bid: int
    nil_risk: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# The Joker variant's jokers, ranked as the two highest spades (the ace and king of a 13-rank scale).
_JOKER_RANKS = {"BJ": 12, "LJ": 11}


def ranks_by_suit(hand: list[str], jokers: bool = False) -> dict[str, list[int]]:
    """Suit letter -> ranks (0 = two .. 12 = ace), descending; jokers ranked as the top spades.

    ``jokers``: the deck holds the jokers (Joker variant), so even without one in this hand the
    ace of spades is only the third spade."""
    out: dict[str, list[int]] = {"S": [], "H": [], "D": [], "C": []}
    jokers = jokers or any(c in _JOKER_RANKS for c in hand)
    for c in hand:
        if c in _JOKER_RANKS:
            out["S"].append(_JOKER_RANKS[c])
        elif c[1] == SPADE and jokers:
            # With jokers in the deck each spade ranks two places lower (Big Joker = an ace).
            out["S"].append(max(RANKS.index(c[0]) - 2, 0))
        else:
            out[c[1]].append(RANKS.index(c[0]))
    for v in out.values():
        v.sort(reverse=True)
    return out


def _spade_tricks(ranks: list[int]) -> tuple[float, int]:
    """Expected spade tricks and the number of spades 'used' by them (not free to ruff)."""
    n = len(ranks)
    have = set(ranks)
    value = 0.0
    used = 0
    if ACE in have:
        value += 1.0
        used += 1
    if KING in have:
        value += 0.95 if n >= 2 else 0.55
        used += 1
    above_q = (ACE in have) + (KING in have)
    if QUEEN in have:
        if above_q == 2:
            value += 0.95
        elif n >= 3:
            value += 0.75 if above_q else 0.6
        else:
            value += 0.45 if n == 2 else 0.2
        used += 1
    if JACK in have:
        above_j = above_q + (QUEEN in have)
        if above_j == 3:
            value += 0.95
        elif n >= 4:
            value += 0.6 if above_j == 2 else 0.4
        else:
            value += 0.15
        used += 1
    # Spades beyond the third are long trumps: each usually wins once the others are drawn.
    low_len = max(0, n - max(3, used))
    value += 0.85 * low_len
    used = max(used, min(n, used + low_len))
    return value, used


def _side_tricks(ranks: list[int]) -> float:
    n = len(ranks)
    if n == 0:
        return 0.0
    have = set(ranks)
    value = 0.0
    if ACE in have:
        value += 0.95 if n <= 4 else (0.8 if n == 5 else 0.6)
    if KING in have:
        if ACE in have:
            value += 0.85 if n <= 4 else (0.55 if n == 5 else 0.35)
        elif n == 1:
            value += 0.1
        else:
            value += 0.65 if n <= 4 else 0.45
    if QUEEN in have:
        honours_above = (ACE in have) + (KING in have)
        if n <= 2:
            value += 0.1 if honours_above else 0.0
        elif honours_above == 2:
            value += 0.55 if n <= 3 else 0.35
        elif honours_above == 1:
            value += 0.35 if n <= 4 else 0.2
        else:
            value += 0.2 if n <= 4 else 0.1
    return value


def nil_risk(hand: list[str], jokers: bool = False) -> float:
    """Rough risk (0 = safe) that this hand is forced to take a trick when bidding nil.

    Big unguarded cards are dangerous; low cards and short suits of low cards are protection.
    The ace of spades can never be lost, so it makes nil impossible (infinite risk).
    """
    return nil_risk_ranks(ranks_by_suit(hand, jokers))


def nil_risk_ranks(by: dict[str, list[int]]) -> float:
    """``nil_risk`` of a hand given as suit letter -> ranks (0 = two .. 12 = ace), descending."""
    sp = by[SPADE]
    if ACE in sp:
        return float("inf")
    risk = 0.0
    # Spades: any high spade is dangerous, and long spades cannot all be shed.
    for r in sp:
        if r >= KING:
            risk += 2.5
        elif r >= QUEEN:
            risk += 1.6
        elif r >= JACK:
            risk += 0.9
        elif r >= 7:  # 9 or T
            risk += 0.4
    if len(sp) >= 4:
        risk += 0.8 * (len(sp) - 3)
    for s in "HDC":
        ranks = by[s]
        n = len(ranks)
        lows = sum(1 for r in ranks if r <= 5)  # 2..7 protect
        for r in ranks:
            if r < 8:  # below ten: only a risk in a long suit with no small cards under it
                continue
            # Cards under this one guard it: the more low cards, the easier to duck.
            guards = sum(1 for x in ranks if x < r)
            base = {ACE: 2.2, KING: 1.4, QUEEN: 0.9, JACK: 0.55}.get(r, 0.3)
            risk += base / (1.0 + 0.9 * guards)
        if n >= 5 and lows < 3:
            risk += 0.4
    return risk


def estimate_parts(by: dict[str, list[int]]) -> tuple[float, float, float]:
    """(spades, side, ruffs) of a hand given as suit letter -> ranks, descending."""
    spades, used = _spade_tricks(by[SPADE])
    side = sum(_side_tricks(by[s]) for s in "HDC")
    spare = len(by[SPADE]) - used
    ruff_potential = 0.0
    for s in "HDC":
        n = len(by[s])
        if n == 0:
            ruff_potential += 1.4
        elif n == 1:
            ruff_potential += 0.8
        elif n == 2:
            ruff_potential += 0.25
    ruffs = min(ruff_potential, 0.8 * max(0, spare))
    return spades, side, ruffs


def estimate_tricks(hand: list[str], jokers: bool = False) -> TrickEstimate:
    """Estimate the tricks ``hand`` should take on its own, and the bid it suggests.

    ``jokers``: the Joker variant's deck (its two jokers rank above the ace of spades)."""
    by = ranks_by_suit(hand, jokers)
    spades, side, ruffs = estimate_parts(by)
    total = spades + side + ruffs
    return TrickEstimate(
        spades=round(spades, 2),
        side=round(side, 2),
        ruffs=round(ruffs, 2),
        total=round(total, 2),
        bid=max(0, min(13, int(total + 0.5))),
        nil_risk=round(nil_risk_ranks(by), 2),
    )
