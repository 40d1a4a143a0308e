"""Normal's bids where a variant restricts them (rules.md "Variants"): Whiz and Suicide.

Mirror offers one bid and the Joker variant bids as the standard mode (the estimate counts the
jokers as the two top spades), so only two variants leave a choice that the standard reasoning
gets wrong:

- **Whiz**: the number is not chosen, it is the count of spades held. Nil is weighed against that
  number, not against the hand's estimate: five small spades bid 5 and may well take 2.
- **Suicide**: the first partner to bid decides which of the two goes nil, without seeing the
  other hand. It compares "I go nil, my partner (an average hand) bids at least 4" with "I bid at
  least 4, my partner (an average hand) goes nil": a weak hand with a good nil goes nil, a strong
  hand bids and leaves the nil to its partner.

Each option is valued as Normal values nil (odds.py): its expected chance of winning the match at
this score.
"""

from __future__ import annotations

from spades.engine.actions import Bid, bid_number

from .cards import SPADE, suit
from .estimate import TrickEstimate
from .knowledge import Knowledge
from .odds import nil_chance, nil_outcomes, normal_cdf, option_value

#: Spread of the tricks a hand takes around its estimate (the partner's help included).
SPREAD = 1.5
#: A random hand's trick estimate and nil chance (mean over 4,000 random deals of the standard
#: deck): what a partner whose hand is unseen is worth.
AVERAGE_TRICKS = 2.9
AVERAGE_NIL_CHANCE = 0.18
SUICIDE_MIN = 4


def contract_outcomes(tricks: float, bid: int) -> list[tuple[float, float]]:
    """Own-part outcomes (points, probability) of bidding ``bid`` on ``tricks`` expected tricks."""
    made = normal_cdf((tricks - bid + 0.5) / SPREAD)
    return [(10.0 * bid + max(0.0, tricks - bid), made), (-10.0 * bid, 1.0 - made)]


def _combine(
    a: list[tuple[float, float]], b: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Outcomes of two independent parts of one partnership's hand."""
    return [(x + y, p * q) for x, p in a for y, q in b]


def _nil_chance(est: TrickEstimate, k: Knowledge) -> float:
    spades = sum(1 for c in k.hand if suit(c) == SPADE)
    return nil_chance(est.nil_risk, est.total, spades)


def _scores(k: Knowledge) -> tuple[int, int, int, int | None]:
    rules = k.rules
    return k.score(k.team), k.score(k.opp_team), rules.get("target", 500), rules.get("loss_floor")


def whiz_wants_nil(est: TrickEstimate, k: Knowledge, spades: int) -> bool:
    """Whiz: nil rather than the forced bid of ``spades``, when nil wins more matches."""
    if spades == 0:
        return True
    chance = _nil_chance(est, k)
    ours, theirs, target, floor = _scores(k)
    nil = option_value(nil_outcomes(chance), ours, theirs, target, floor)
    num = option_value(contract_outcomes(est.total, spades), ours, theirs, target, floor)
    return nil > num


def suicide_wants_nil(est: TrickEstimate, k: Knowledge, numeric: int) -> bool:
    """Suicide, first of the partnership to bid: go nil rather than bid ``numeric`` (>= 4)?"""
    ours, theirs, target, floor = _scores(k)
    me_nil = _combine(
        nil_outcomes(_nil_chance(est, k)),
        contract_outcomes(AVERAGE_TRICKS, SUICIDE_MIN),
    )
    me_bid = _combine(
        nil_outcomes(AVERAGE_NIL_CHANCE),
        contract_outcomes(est.total, numeric),
    )
    nil = option_value(me_nil, ours, theirs, target, floor, partner=False)
    num = option_value(me_bid, ours, theirs, target, floor, partner=False)
    return nil > num


def variant_bid(est: TrickEstimate, k: Knowledge, bids: list[Bid], wanted: int) -> Bid | None:
    """The bid among ``bids`` (the legal bid actions) for Whiz or Suicide; None: not one of
    those variants, or nothing to choose (the standard reasoning then picks)."""
    variant = k.rules.get("variant")
    nil = [a for a in bids if a.get("bid") == "nil"]
    numeric = [a for a in bids if isinstance(a.get("bid"), int)]
    if not nil or not numeric:
        return None  # a forced bid
    if variant == "whiz":
        n = bid_number(numeric[0])
        return nil[0] if whiz_wants_nil(est, k, n) else numeric[0]
    if variant == "suicide":
        closest = min(numeric, key=lambda a: abs(bid_number(a) - wanted))
        return nil[0] if suicide_wants_nil(est, k, bid_number(closest)) else closest
    return None
