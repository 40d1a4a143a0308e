"""What the deal of the day keeps of an account, for its "Download my data"
(``accounts.my_data``): each daily try, its day, status, results per deal, matchpoints and rank,
and the match it was played in (whose hand records ranked play's section carries)."""

from __future__ import annotations

from typing import Any

from daily.models import DailyEntry


def _at(value: Any) -> str | None:
    return value.isoformat() if value else None


def sections(sender: Any, *, user: Any, **kw: Any) -> dict[str, Any]:
    entries = DailyEntry.objects.filter(user=user).select_related("daily_set")
    return {
        "daily_tries": [
            {
                "day": entry.daily_set.day.isoformat(),
                "name": entry.nickname,
                "status": entry.status,
                "results": entry.scores,
                "matchpoints": entry.matchpoints,
                "rank": entry.rank,
                "match": entry.match_id,
                "started_at": _at(entry.started_at),
                "finished_at": _at(entry.finished_at),
            }
            for entry in entries.order_by("daily_set__day")
        ]
    }
