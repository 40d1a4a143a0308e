"""What the deal of the day shows elsewhere: who may see a daily match's replay (the hook
``games.views.match.daily_match_visible``) and the daily results on a player's profile (the hook
``ranked.views.profile_sections``). Reads only."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString

from daily.models import DailyEntry
from games.models import Match, Table
from games.viewers import Viewer


def may_see_daily_match(match: Match, viewer: Viewer | None) -> bool:
    """A daily match is seen by its player, by those who are done with that day's deals, and
    by everyone once the day is over: nobody sees a deal before playing it."""
    entry = DailyEntry.objects.select_related("daily_set").filter(match_id=match.pk).first()
    if entry is None:
        return False
    if entry.daily_set.is_closed:
        return True
    if viewer is None:
        return False
    if entry.viewer_key == viewer.key:
        return True
    return (
        DailyEntry.objects.filter(daily_set_id=entry.daily_set_id, viewer_key=viewer.key)
        .exclude(status=DailyEntry.Status.PLAYING)
        .exists()
    )


def way_back(table: Table) -> str | None:
    """A daily table's player goes back to the day's page (their result, the ranking)."""
    return reverse("daily:today") if table.kind == Table.Kind.DAILY else None


def profile_section(request: Any, user: Any) -> SafeString:
    """The player's daily results, newest day first, for their profile page."""
    entries = (
        DailyEntry.objects.filter(user=user)
        .exclude(status=DailyEntry.Status.PLAYING)
        .select_related("daily_set")
        .order_by("-daily_set__day")[:30]
    )
    return SafeString(
        render_to_string("daily/profile_section.html", {"entries": entries}, request=request)
    )
