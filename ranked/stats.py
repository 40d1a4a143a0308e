"""A player's figures for their profile, read from who played each ranked match."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, Sum
from django.urls import NoReverseMatch, reverse

from ranked.models import MatchPlayer, RatingChange

RECENT = 10
HISTORY = 200


def figures(user_id: int) -> dict:
    """Matches, wins, abandonments, nil success, bid accuracy, bags per hand over the ranked
    matches. A match the player abandoned counts as abandoned, never as won, and only the matches
    they finished make the win rate and the bidding figures (a stand-in bid the others)."""
    rows = MatchPlayer.objects.filter(user_id=user_id, ranked=True, finished_at__isnull=False)
    finished = Q(abandoned=False)
    sums = rows.aggregate(
        matches=Count("id"),
        finished=Count("id", filter=finished),
        wins=Count("id", filter=finished & Q(result=MatchPlayer.Result.WIN)),
        abandons=Count("id", filter=Q(abandoned=True)),
        hands=Sum("hands", filter=finished),
        nil_bids=Sum("nil_bids", filter=finished),
        nil_made=Sum("nil_made", filter=finished),
        bids=Sum("bids", filter=finished),
        bid_error=Sum("bid_error", filter=finished),
        bags=Sum("bags", filter=finished),
    )
    sums = {k: v or 0 for k, v in sums.items()}
    return {
        **sums,
        "win_rate": sums["wins"] / sums["finished"] if sums["finished"] else None,
        "nil_rate": sums["nil_made"] / sums["nil_bids"] if sums["nil_bids"] else None,
        "bid_error": sums["bid_error"] / sums["bids"] if sums["bids"] else None,
        "bags_per_hand": sums["bags"] / sums["hands"] if sums["hands"] else None,
    }


def match_url(match_id: int) -> str | None:
    """The match's own page, where the site has one."""
    try:
        return reverse("games:match", args=[match_id])
    except NoReverseMatch:
        return None


def recent(user_id: int) -> list[dict[str, Any]]:
    """The last ranked matches, newest first, with the rating change of each."""
    rows = list(
        MatchPlayer.objects.filter(user_id=user_id, ranked=True, finished_at__isnull=False)
        .order_by("-finished_at", "-match_id")
        .values("match_id", "finished_at", "result", "abandoned", "team")[:RECENT]
    )
    changes = {
        match_id: (before, after)
        for match_id, before, after in RatingChange.objects.filter(
            user_id=user_id, match_id__in=[r["match_id"] for r in rows]
        ).values_list("match_id", "before", "after")
    }
    recent: list[dict[str, Any]] = []
    for row in rows:
        before, after = changes.get(row["match_id"], (None, None))  # both or neither
        delta = after - before if after is not None and before is not None else None
        recent.append(
            {
                **row,
                "after": after,
                "delta": delta,
                "delta_abs": abs(delta) if delta is not None else None,
                "url": match_url(row["match_id"]),
            }
        )
    return recent


def history(user_id: int) -> list[int]:
    """The rating before the first of the last HISTORY matches, then after each."""
    changes = list(
        RatingChange.objects.filter(user_id=user_id)
        .order_by("-id")  # the order they were rated in
        .values_list("before", "after")[:HISTORY]
    )
    changes.reverse()
    return [changes[0][0], *(after for _before, after in changes)] if changes else []
