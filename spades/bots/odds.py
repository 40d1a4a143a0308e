"""Chances and match value for bidding: how likely a nil is to succeed, what a hand's points are
worth at this score.

``nil_chance`` is a logistic fit of plain nil success on the hand's features (``nil_risk``, trick
estimate, long spades), measured on 20,000 deals where the first bidder bid nil with a Normal
partner against Normal opponents (predicted 0.1-wide bins match the observed rates within 0.05).
Stronger opponents set more nils (against Hard the logit is 1.1 to 1.2 lower); a bot does not know
whom it plays, so ``OPP_SHIFT`` lowers it part of the way. ``BLIND_CHANCE`` is the success rate of
blind nil on a random hand (bench/nil_odds.py measures all of these).

``win_chance`` turns a score pair into the chance of winning the match: the difference of the two
scores drifts like a random walk (``HAND_SD`` per hand) for the hands still expected before one
side reaches the target. Choosing the option with the best expected win chance takes risks when far
behind and avoids them when ahead, which plain expected points cannot do.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

# Logistic fit (intercept, nil_risk, trick estimate, spades beyond the third).
NIL_FIT = (1.727, -0.677, -0.142, -0.462)
# Logit shift for the opponents: 0 against Normal, -1.2 measured against Hard (150 nils). A bot
# cannot tell who it plays, so it takes the middle: -1.0 bid too few nils against Normal (a
# duplicate run lost points to the former rules, whose nils Normal opponents let through 80%).
OPP_SHIFT = -0.5
BLIND_CHANCE = (
    0.17  # blind nil made on a random hand (0.24 against Normal, about 0.15 against Hard)
)
# The success rate a blind nil must reach to be bid at all (issue 30: "about one in two pays for
# the risk"; the goal is 45% over 100 bids). A blind nil is bid before the hand is seen and while
# the partner has not bid, so nothing the seat knows raises BLIND_CHANCE that far: no level bids it.
BLIND_MIN_CHANCE = 0.45
BLIND_DEFICIT = 300  # the match-value model is only trusted this far behind ...
BLIND_NEAR_TARGET = 100  # ... with the opponents within this of the target
TEAM_HAND_MEAN = 55.0  # a partnership's average hand score
HAND_SD = 110.0  # spread of the difference of the two partnerships' hand scores
OUR_PART_MEAN = 29.0  # one player's usual share of the partnership's hand (about 2.9 tricks)
COVER_COST = 10.0  # a nil makes the partner's contract harder: cover plays cost tricks

# Opponents' hand score: a small spread of outcomes (points, weight) around TEAM_HAND_MEAN.
_OPP_OUTCOMES = ((-60.0, 0.12), (20.0, 0.18), (60.0, 0.4), (90.0, 0.2), (130.0, 0.1))
# Our partner's part of our hand score when we bid numerically or nil.
_PARTNER_OUTCOMES = ((-20.0, 0.2), (26.0, 0.5), (60.0, 0.3))


def nil_chance(risk: float, total: float, spades: int, shift: float = OPP_SHIFT) -> float:
    """Chance a plain nil on this hand takes no trick (0 with the ace of spades)."""
    if math.isinf(risk):
        return 0.0
    a, b, c, d = NIL_FIT
    z = a + b * risk + c * total + d * max(0, spades - 3) + shift
    return 1.0 / (1.0 + math.exp(-z))


def normal_cdf(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chance(ours: float, theirs: float, target: int, floor: int | None = None) -> float:
    """Chance of winning the match from scores ``ours`` / ``theirs`` at the end of a hand."""
    if floor is not None:
        if ours <= floor < theirs:
            return 0.0
        if theirs <= floor < ours:
            return 1.0
    top = max(ours, theirs)
    if top >= target and ours != theirs:
        return 1.0 if ours > theirs else 0.0
    hands = max(1.0, (target - top) / TEAM_HAND_MEAN)
    return normal_cdf((ours - theirs) / (HAND_SD * math.sqrt(hands)))


def option_value(
    outcomes: list[tuple[float, float]],
    ours: int,
    theirs: int,
    target: int,
    floor: int | None = None,
    partner: bool = True,
) -> float:
    """Expected win chance of a bid whose own part scores ``outcomes`` (points, probability).

    The partner's part (``partner``) and the opponents' hand are spread over a few typical
    outcomes, so a gamble is judged against the real spread of the hand, not one average."""
    parts = _PARTNER_OUTCOMES if partner else ((0.0, 1.0),)
    total = 0.0
    for pts, p in outcomes:
        if p <= 0:
            continue
        for mate, q in parts:
            for opp, r in _OPP_OUTCOMES:
                total += p * q * r * win_chance(ours + pts + mate, theirs + opp, target, floor)
    return total


def blind_nil_chance(view: Mapping[str, Any]) -> float:
    """Chance a blind nil succeeds, as far as the seat can tell: its hand is not seen and its
    partner has not bid, so it is the measured rate on a random hand (bench/nil_odds.py --blind)."""
    return BLIND_CHANCE


def blind_nil_pays(view: Mapping[str, Any], margin: float = 0.0) -> bool:
    """Blind nil's expected value beats looking and bidding: its chance reaches
    ``BLIND_MIN_CHANCE``, the match is lost anyway without a big swing (``BLIND_DEFICIT`` behind,
    the opponents near the target) and, at this score, its win chance beats a numeric bid's by
    ``margin``. The match-value model alone over-rated such swings (bench/README.md), hence the
    first two guards."""
    chance = blind_nil_chance(view)
    if chance < BLIND_MIN_CHANCE:
        return False
    seat = view["seat"]
    team = "NS" if seat in ("N", "S") else "EW"
    scores = view.get("scores") or {}
    ours = (scores.get(team) or {}).get("score", 0)
    theirs = (scores.get("EW" if team == "NS" else "NS") or {}).get("score", 0)
    rules = view.get("rules") or {}
    target, floor = rules.get("target", 500), rules.get("loss_floor")
    if theirs - ours < BLIND_DEFICIT or theirs < target - BLIND_NEAR_TARGET:
        return False
    blind = option_value(nil_outcomes(chance, 200), ours, theirs, target, floor)
    look = option_value(numeric_outcomes(OUR_PART_MEAN / 10), ours, theirs, target, floor)
    return blind > look + margin


def nil_outcomes(chance: float, value: int = 100) -> list[tuple[float, float]]:
    """Own-part outcomes of a (blind) nil worth ``value``, the cover's cost included."""
    return [(value - COVER_COST, chance), (-value - COVER_COST, 1.0 - chance)]


def numeric_outcomes(total: float) -> list[tuple[float, float]]:
    """Own-part outcomes of a numeric bid on a hand estimated at ``total`` tricks.

    Mostly the tricks at 10 points each; one time in five the partnership is set, which costs
    about the value of the bid again."""
    pts = 10.0 * total
    return [(pts, 0.8), (-pts, 0.2)]
