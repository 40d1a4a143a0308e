"""What ranked play keeps of an account, for its "Download my data" (``accounts.my_data``): every
match it played (from ``MatchPlayer``, which records who sat where), each finished one with the
players as its page shows them, the final score and its hand records (shared/spec/hand-record.md,
the match export's); its rating, rating changes and ranked suspension."""

from __future__ import annotations

from typing import Any

from games.match_record import changed_rules, export_record, match_hands
from games.views.match import seat_names
from ranked.models import MatchPlayer, PlayerRating, RankedSuspension, RatingChange


def _at(value: Any) -> str | None:
    return value.isoformat() if value else None


def _match(seat: MatchPlayer) -> dict[str, Any]:
    match = seat.match
    entry: dict[str, Any] = {
        "match": match.pk,
        "table": match.table_id,
        "kind": match.table.kind,
        "dealt_at": _at(match.created_at),
        "finished_at": _at(match.finished_at),
        "seat": seat.position,
        "team": seat.team,
        "name": seat.name,
        "ranked": seat.ranked,
        "result": seat.result or None,
        "abandoned": seat.abandoned,
    }
    if match.result is not None:  # over: its seed reveals nothing to anyone in play
        rules = changed_rules(match.rules)
        players = entry["players"] = seat_names(match)
        entry["final_scores"] = match.result.get("scores")
        entry["hands"] = [export_record(hand, rules, players) for hand in match_hands(match)]
    return entry


def sections(sender: Any, *, user: Any, **kw: Any) -> dict[str, Any]:
    seats = MatchPlayer.objects.filter(user=user).select_related("match__table")
    rating = PlayerRating.objects.filter(user=user).first()
    suspension = RankedSuspension.objects.filter(user=user).first()
    changes = RatingChange.objects.filter(user=user).order_by("created_at")
    return {
        "matches": [_match(seat) for seat in seats.order_by("match__created_at", "pk")],
        "rating": None
        if rating is None
        else {
            "rating": rating.rating,
            "matches": rating.matches,
            "wins": rating.wins,
            "abandonments": rating.abandons,
        },
        "rating_changes": [
            {"match": c.match_id, "before": c.before, "after": c.after, "at": _at(c.created_at)}
            for c in changes
        ],
        "ranked_suspension": None
        if suspension is None
        else {
            "since": _at(suspension.created_at),
            "until": _at(suspension.until),
            "reason": suspension.reason,
        },
    }
