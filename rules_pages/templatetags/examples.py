"""Worked examples of the rules pages, computed by the engine when the page renders.

`{% score_example bids="N=4 E=2 S=3 W=2" tricks="N=5 E=1 S=5 W=2" before="NS=380/8 EW=210/3"
as ex %}` scores one hand with `spades.engine.score_hand`, so the figures printed in a guide are
the figures a table would show: if a rule value changes, the example follows.
"""

from __future__ import annotations

from typing import Any

from django import template

from spades import engine
from spades.engine import Rules, score_hand

register = template.Library()

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")


def _pairs(spec: str) -> dict[str, str]:
    """ "N=4 E=nil" -> {"N": "4", "E": "nil"} (spaces or commas between pairs)."""
    out: dict[str, str] = {}
    for item in spec.replace(",", " ").split():
        sep = "=" if "=" in item else ":"
        key, sep, value = item.partition(sep)
        if not sep or not key or not value:
            raise template.TemplateSyntaxError(f"expected KEY=VALUE, not {item!r}")
        out[key.strip().upper()] = value.strip()
    return out


def parse_bids(spec: str) -> dict[str, int | str]:
    """Seat -> bid: a number, "nil" or "blind_nil"."""
    pairs = _pairs(spec)
    if set(pairs) != set(SEATS):
        raise template.TemplateSyntaxError(f"bids must name the four seats: {spec!r}")
    return {seat: (int(v) if v.isdigit() else v.lower()) for seat, v in pairs.items()}


def parse_tricks(spec: str) -> dict[str, int]:
    """Seat -> tricks taken; the four must add up to 13."""
    pairs = _pairs(spec)
    if set(pairs) != set(SEATS):
        raise template.TemplateSyntaxError(f"tricks must name the four seats: {spec!r}")
    tricks = {seat: int(v) for seat, v in pairs.items()}
    if sum(tricks.values()) != 13:
        raise template.TemplateSyntaxError(f"a hand has 13 tricks, not {sum(tricks.values())}")
    return tricks


def parse_before(spec: str) -> dict[str, dict[str, int]]:
    """Team -> {"score", "bags"} from "NS=380/8 EW=210/3" (zero for a team left out)."""
    before = {team: {"score": 0, "bags": 0} for team in TEAMS}
    for team, value in _pairs(spec).items():
        if team not in TEAMS:
            raise template.TemplateSyntaxError(f"unknown team {team!r}")
        score, _, bags = value.partition("/")
        before[team] = {"score": int(score), "bags": int(bags or 0)}
    return before


def _rules_from(context: template.Context, rules: Any) -> Rules:
    """The rules to score with: an explicit argument, else the page's `R.rules` (the rules the
    site plays, see rules_pages/numbers.py), else the engine's standard rules."""
    numbers = context.get("R")
    page_rules = numbers.get("rules") if isinstance(numbers, dict) else None
    for candidate in (rules, page_rules):
        if isinstance(candidate, Rules):
            return candidate
        if isinstance(candidate, dict):
            return Rules.from_dict(candidate)
    return engine.STANDARD_RULES


@register.simple_tag(takes_context=True)
def score_example(
    context: template.Context, bids: str, tricks: str, before: str = "", rules: Any = None
) -> dict[str, Any]:
    """The engine's score of one hand, plus the inputs, for a template to print.

    Returns ``{"NS": {...}, "EW": {...}, "before": {...}, "bids": {...}, "tricks_by_seat": {...},
    "team_tricks": {"NS": n, "EW": n}, "rules": Rules}`` where each team entry is
    `score_hand`'s detail (``hand``, ``score``, ``bags``, ``bag_penalty``, ...).
    """
    used = _rules_from(context, rules)
    bid_map, trick_map, before_map = parse_bids(bids), parse_tricks(tricks), parse_before(before)
    result: dict[str, Any] = dict(score_hand(used, bid_map, trick_map, before_map))
    result["before"] = before_map
    result["bids"] = bid_map
    result["tricks_by_seat"] = trick_map
    result["team_tricks"] = {
        "NS": trick_map["N"] + trick_map["S"],
        "EW": trick_map["E"] + trick_map["W"],
    }
    result["rules"] = used
    return result
