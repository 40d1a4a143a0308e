"""The numbers the rules pages print, taken from the engine and the settings at render time.

Templates never type a rules number: they read `R.target`, `R.bag_limit`, ... built here from
`spades.engine.STANDARD_RULES` and the game settings, and scoring examples are computed by the
engine's own `score_hand`. Change a rule or a setting and every page follows.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games import texts
from spades import engine
from spades.engine import OPTIONS, Rules, score_hand

#: Seed 004's optional floor ("descend à -200"): an example value for a table option that the
#: standard mode leaves off. Checked against the engine's validation by `rules_numbers`.
LOSS_FLOOR_EXAMPLE = -200

#: Rank order, highest first, as card codes of one suit.
RANKS_HIGH_TO_LOW = "AKQJT98765432"


def site_rules() -> Rules:
    """The rules the site plays by default (looked up at call time, so tests can change them)."""
    return engine.STANDARD_RULES


def site_table_rules() -> Rules:
    """What a new table starts from: the site's rules, with the options a table sets otherwise
    (rules.md: blind nil only 100 points behind)."""
    data = site_rules().to_dict()
    data.update({n: o.table_default for n, o in OPTIONS.items() if o.table_default != o.default})
    return Rules.from_dict(data)


def _seconds(value: float) -> int | float:
    """15.0 -> 15 so that a whole number of seconds prints without a decimal part."""
    return int(value) if float(value).is_integer() else value


def parse_seats(spec: str) -> dict[str, int | str]:
    """`"N:4 E:nil S:2 W:3"` -> `{"N": 4, "E": "nil", ...}` (the compact form used by the tags)."""
    out: dict[str, int | str] = {}
    for item in spec.split():
        seat, _, value = item.partition(":")
        out[seat.upper()] = int(value) if value.lstrip("-").isdigit() else value
    if set(out) != set(engine.SEATS):
        raise ValueError(f"need the four seats N E S W, got {spec!r}")
    return out


def parse_before(spec: str) -> dict[str, dict[str, int]]:
    """`"NS:120/8 EW:40/2"` -> totals (score/bags) before a hand."""
    out = {team: {"score": 0, "bags": 0} for team in engine.TEAMS}
    for item in spec.split():
        team, _, value = item.partition(":")
        score, _, bags = value.partition("/")
        out[team.upper()] = {"score": int(score), "bags": int(bags or 0)}
    return out


def parse_rules(spec: str, base: Rules | None = None) -> Rules:
    """`"nil_tricks_count_for_contract=false bag_limit=5"` -> the rules with those options changed."""
    data = (base or site_rules()).to_dict()
    for item in spec.split():
        name, _, raw = item.partition("=")
        lowered = raw.lower()
        if lowered in {"true", "false"}:
            data[name] = lowered == "true"
        elif lowered in {"none", "null"}:
            data[name] = None
        else:
            data[name] = int(raw)
    return Rules.from_dict(data)


def compute_score(
    bids: str, tricks: str, before: str = "", rules: str = "", team: str = ""
) -> dict[str, Any]:
    """Score one hand with the engine; the per-team dict when `team` is given, else both teams."""
    result = score_hand(
        parse_rules(rules),
        parse_seats(bids),
        {seat: int(v) for seat, v in parse_seats(tricks).items()},
        parse_before(before) if before else None,
    )
    return result[team.upper()] if team else result


def _nil_value(bid: str, rules: Rules) -> int:
    """What a successful nil of kind `bid` is worth, read off the engine's scoring.

    The engine keeps the nil values as constants inside its scoring; scoring a hand where N bids
    `bid` and takes nothing while S has a contract of zero isolates them.
    """
    result = score_hand(
        rules,
        {"N": bid, "E": 0, "S": 0, "W": 0},
        {"N": 0, "E": 13, "S": 0, "W": 0},
    )
    return result["NS"]["nil"][0]["points"]


def rules_numbers() -> dict[str, Any]:
    """The context dict `R` of every rules page."""
    rules = site_rules()
    Rules(loss_floor=LOSS_FLOOR_EXAMPLE)  # the example must stay a valid table option
    seats = len(engine.SEATS)
    deck = len(engine.CARD_CODES)
    made = compute_score("N:4 S:2 E:3 W:4", "N:5 S:3 E:2 W:3", team="NS")
    set_ = compute_score("N:4 S:2 E:3 W:4", "N:3 S:2 E:4 W:4", team="NS")
    zeros = compute_score("N:0 E:0 S:0 W:0", "N:4 E:3 S:3 W:3")
    nil = _nil_value("nil", rules)
    blind_nil = _nil_value("blind_nil", rules)
    return {
        # The game itself.
        "players": seats,
        "teams": len(engine.TEAMS),
        "deck": deck,
        "hand_size": deck // seats,
        "tricks_per_hand": deck // seats,
        "max_bid": deck // seats,
        "ranks": RANKS_HIGH_TO_LOW,
        # The standard options (rules.md, "Rule options").
        "rules": rules,
        "target": rules.target,
        "bag_limit": rules.bag_limit,
        "bag_penalty": rules.bag_penalty,
        "bag_penalty_on": rules.bag_limit > 0,
        "loss_floor": rules.loss_floor,
        "loss_floor_example": LOSS_FLOOR_EXAMPLE,
        "nil_on": rules.nil,
        "blind_nil_on": rules.blind_nil,
        "nil_tricks_count_for_contract": rules.nil_tricks_count_for_contract,
        # Every table option with its label and starting value, and the variants (from the
        # engine's descriptions: a new option shows here by itself).
        "option_list": texts.option_lines(site_table_rules()),
        "variant_list": texts.variant_lines(),
        "nil_points": nil,
        "blind_nil_points": blind_nil,
        "points_per_trick": made["contract_points"] // made["contract"],
        "overtrick_points": (made["hand"] - made["contract_points"]) // made["overtricks"],
        # Worked examples, scored by the engine (bid 6 take 8; bid 6 take 5; four numeric zeros).
        "made_example": made,
        "set_example": set_,
        "zeros_example": zeros,
        # The site's settings.
        "bot_delay": _seconds(settings.QUICK_TABLE_BOT_DELAY),
        "turn_seconds": _seconds(settings.TURN_SECONDS),
        "disconnect_grace": _seconds(settings.DISCONNECT_GRACE_SECONDS),
        "chat_max_length": settings.CHAT_MAX_LENGTH,
        # Features: pages speak of ranked play only once the site has it.
        "ranked_play": settings.RANKED_PLAY,
        "ranked_origin_days": settings.RANKED_ORIGIN_DAYS,
    }
