"""Scoring of one hand (rules.md, "Scoring"): a pure function shared by Match and `score`."""

from __future__ import annotations

from typing import Any, Final

from .cards import BLIND_NIL, NIL, SEATS, TEAMS, bid_to_int, int_to_bid
from .rules import Rules

#: The seats of each team, as seat ints.
TEAM_SEATS: Final[tuple[tuple[int, int], ...]] = ((0, 2), (1, 3))


def zero_scores() -> dict[str, dict[str, int]]:
    """Totals at the start of a match."""
    return {team: {"score": 0, "bags": 0} for team in TEAMS}


def team_hand_ints(rules: Rules, bids: list[int], tricks: list[int], team: int) -> tuple[int, int]:
    """Fast path: (points before any bag penalty, bags added) of one team for one hand.

    ``bids`` and ``tricks`` are indexed by seat int, bids in the int encoding (``NIL``, ...).
    """
    contract = counted = points = bags = 0
    for seat in TEAM_SEATS[team]:
        bid, took = bids[seat], tricks[seat]
        if bid >= 0:
            contract += bid
            counted += took
            continue
        value = 100 if bid == NIL else 200
        points += value if took == 0 else -value
        if rules.nil_tricks_count_for_contract:
            counted += took
        else:
            points += took
            bags += took
    if contract:
        if counted >= contract:
            over = counted - contract
            points += 10 * contract + over
            bags += over
        else:
            points -= 10 * contract
    return points, bags


#: ``_team_detail``: points, bags added, contract, tricks counted, made (None: no contract),
#: contract points, overtricks, and each nil as (seat int, bid int, success, points).
_Detail = tuple[int, int, int, int, bool | None, int, int, list[tuple[int, int, bool, int]]]


def _team_detail(rules: Rules, bids: list[int], tricks: list[int], team: int) -> _Detail:
    count_nil = rules.nil_tricks_count_for_contract
    contract = counted = nil_points = nil_bags = 0
    nils: list[tuple[int, int, bool, int]] = []
    for seat in TEAM_SEATS[team]:
        bid, took = bids[seat], tricks[seat]
        if bid in (NIL, BLIND_NIL):
            value = 100 if bid == NIL else 200
            points = value if took == 0 else -value
            nil_points += points
            nils.append((seat, bid, took == 0, points))
            if count_nil:
                counted += took
            else:
                nil_bags += took
        else:
            contract += bid
            counted += took
    made: bool | None
    if contract == 0:
        made, contract_points, over = None, 0, 0
    elif counted >= contract:
        made, contract_points, over = True, 10 * contract, counted - contract
    else:
        made, contract_points, over = False, -10 * contract, 0
    bags_added = over + nil_bags
    points = contract_points + over + nil_bags + nil_points
    return points, bags_added, contract, counted, made, contract_points, over, nils


def apply_bags(rules: Rules, bags: int) -> tuple[int, int]:
    """Bag count after any number of full cycles, and the penalty they cost: (bags, penalty)."""
    if rules.bag_limit and bags >= rules.bag_limit:
        cycles, bags = divmod(bags, rules.bag_limit)
        return bags, cycles * rules.bag_penalty
    return bags, 0


def _check_before(before: object) -> dict[str, dict[str, int]]:
    if before is None:
        return zero_scores()
    if not isinstance(before, dict) or set(before) != set(TEAMS):
        raise ValueError('"before" must be an object with "NS" and "EW"')
    for team in TEAMS:
        entry = before[team]
        if not isinstance(entry, dict) or set(entry) != {"score", "bags"}:
            raise ValueError(f'"before.{team}" must be an object with "score" and "bags"')
        for key in ("score", "bags"):
            value = entry[key]
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f'"before.{team}.{key}" must be an integer')
        if entry["bags"] < 0:
            raise ValueError(f'"before.{team}.bags" must not be negative')
    return before


def score_hand(
    rules: Rules,
    bids: dict[str, int | str],
    tricks: dict[str, int],
    before: object = None,
) -> dict[str, dict[str, Any]]:
    """Score one complete hand for both partnerships.

    ``bids``: seat -> ``0..13`` / ``"nil"`` / ``"blind_nil"``; ``tricks``: seat -> tricks taken;
    ``before``: the totals before the hand (zero when ``None``). Returns, per team, the detail
    shown in the view's ``history`` (``contract``, ``tricks`` counted toward it, ``made`` -- null
    for a contract of zero --, ``contract_points``, ``overtricks``, ``nil``, ``bags_added``,
    ``bag_penalty``, ``hand`` and the new totals ``score`` and ``bags``).
    """
    totals = _check_before(before)
    bid_ints = [bid_to_int(bids[s]) for s in SEATS]
    trick_ints = [tricks[s] for s in SEATS]
    return score_hand_ints(rules, bid_ints, trick_ints, totals)


def score_hand_ints(
    rules: Rules, bid_ints: list[int], trick_ints: list[int], totals: dict[str, dict[str, int]]
) -> dict[str, dict[str, Any]]:
    """``score_hand`` from what the engine holds, unchecked: bids (int-encoded) and tricks by
    seat int, and the totals before the hand (``Match`` knows them to be well formed)."""
    out: dict[str, dict[str, Any]] = {}
    for team, name in enumerate(TEAMS):
        points, bags_added, contract, counted, made, contract_points, over, nils = _team_detail(
            rules, bid_ints, trick_ints, team
        )
        bags, penalty = apply_bags(rules, totals[name]["bags"] + bags_added)
        hand = points - penalty
        out[name] = {
            "contract": contract,
            "tricks": counted,
            "made": made,
            "contract_points": contract_points,
            "overtricks": over,
            "nil": [
                {"seat": SEATS[seat], "bid": int_to_bid(bid), "success": ok, "points": pts}
                for seat, bid, ok, pts in nils
            ],
            "bags_added": bags_added,
            "bag_penalty": penalty,
            "hand": hand,
            "score": totals[name]["score"] + hand,
            "bags": bags,
        }
    return out


__all__ = ["apply_bags", "score_hand", "score_hand_ints", "team_hand_ints", "zero_scores"]
