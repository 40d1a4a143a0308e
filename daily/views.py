"""The day's page (/fr/donne-du-jour/, earlier days at /fr/donne-du-jour/2026-12-02/), the
button that starts or resumes today's try, and the one that stops it half-way.

The page shows the day's commitments (and its seeds once the day is over), the ranking of
accounts and, apart, of guests, each deal's spread of results, and to those done with the
day's deals each deal's best result with its replay. Nothing on it shows a deal to someone who
has not played it: no seed before the day is over, no replay before the viewer is done."""

from __future__ import annotations

from datetime import date
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.views.decorators.http import require_GET, require_POST

from accounts.models import shown_name
from daily import actions, deals
from daily.models import DailyEntry, DailySet
from games.errors import ServiceError
from games.texts import minus
from games.viewers import Viewer, viewer_from_request

BOARD_SIZE = 50


def _board(request: HttpRequest, daily_set: DailySet, accounts: bool, param: str) -> dict:
    """One ranking's page (``?page=`` for accounts, ``?g=`` for guests): rows of plain values,
    formatted here (the template's filters cost more than the query at 10,000 tries)."""
    rows = (
        # Ranked tries only (a try settled a moment ago gets its rank from the ranking task):
        # the index on (set, rank, id) gives a page without sorting the whole day.
        DailyEntry.objects.filter(
            daily_set=daily_set, rank__isnull=False, user__isnull=not accounts
        )
        .order_by("rank", "pk")
        .values_list("rank", "nickname", "matchpoints", "scores")
    )
    page = Paginator(rows, BOARD_SIZE).get_page(request.GET.get(param))
    return {
        "page": page,
        "param": param,
        "rows": [
            (
                rank or "—",
                shown_name(name),
                "—" if points is None else number_format(points, 2),
                len(scores),
            )
            for rank, name, points, scores in page.object_list
        ],
    }


def _printed(spread: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deal's spread with its numbers as the site prints them (the typographic minus)."""
    if spread is None:
        return None
    return {
        **{key: minus(value) for key, value in spread.items() if key != "common"},
        "count": spread["count"],
        "common": [(minus(score), count) for score, count in spread["common"]],
    }


def _deal_rows(daily_set: DailySet, done: bool) -> list[dict[str, Any]]:
    rows = []
    for n, commitment in enumerate(daily_set.commitments, 1):
        best = daily_set.best[n - 1] if n <= len(daily_set.best) else None
        if best is not None:
            best = {**best, "score": minus(best["score"])}
        rows.append(
            {
                "number": n,
                "context": deals.context(daily_set.day, n),
                "commitment": commitment,
                "seed": daily_set.deal_seeds[n - 1] if daily_set.is_closed else None,
                "spread": _printed(daily_set.spread[n - 1] if n <= len(daily_set.spread) else None),
                "best": best if done else None,
                "best_url": reverse("games:match", args=[best["match_id"]])
                if done and best
                else None,
            }
        )
    return rows


def _day_page(request: HttpRequest, daily_set: DailySet) -> HttpResponse:
    viewer = viewer_from_request(request)
    mine = actions.entry_of(daily_set, viewer)
    if mine is not None and not mine.settled and actions.do_settle(mine.pk):
        mine.refresh_from_db()  # left from the table's page, or its day is over: settled now
    done = daily_set.is_closed or (mine is not None and mine.settled)
    today = deals.today()
    earlier = DailySet.objects.filter(day__lt=today).order_by("-day").values_list("day", flat=True)
    return render(
        request,
        "daily/day.html",
        {
            "daily_set": daily_set,
            "is_today": daily_set.day == today,
            "mine": mine,
            "my_url": reverse("games:match", args=[mine.match_id])
            if mine is not None and mine.settled and mine.match_id
            else None,
            "deals": _deal_rows(daily_set, done),
            "accounts": _board(request, daily_set, accounts=True, param="page"),
            "guests": _board(request, daily_set, accounts=False, param="g"),
            "earlier": list(earlier[:14]),
        },
    )


@require_GET
def today_page(request: HttpRequest) -> HttpResponse:
    """Today's set (made now if beat has not made it yet)."""
    return _day_page(request, actions.do_open_day())


@require_GET
def day_page(request: HttpRequest, day: str) -> HttpResponse:
    """An earlier day's set (today's redirects to the page without a date)."""
    try:
        wanted = date.fromisoformat(day)
    except ValueError:
        raise Http404("not a day") from None
    if wanted == deals.today():
        return redirect("daily:today")
    daily_set = DailySet.objects.filter(day=wanted).first()
    if daily_set is None:
        raise Http404("no deals that day")
    return _day_page(request, daily_set)


def _viewer_or_nickname(request: HttpRequest) -> Viewer | HttpResponse:
    viewer = viewer_from_request(request)
    if viewer is None:
        query = urlencode({"next": reverse("daily:today")})
        return redirect(f"{reverse('lobby:nickname')}?{query}")
    return viewer


@require_POST
def play(request: HttpRequest) -> HttpResponse:
    """Start (or resume) today's try: to its table."""
    viewer = _viewer_or_nickname(request)
    if isinstance(viewer, HttpResponse):
        return viewer
    try:
        entry = actions.do_play(viewer)
    except ServiceError as exc:
        messages.error(request, str(exc.message))
        return redirect("daily:today")
    return redirect("games:table", entry.table_id)


@require_POST
def stop(request: HttpRequest) -> HttpResponse:
    """Stop today's try half-way: what was played counts, the rest is not played."""
    viewer = viewer_from_request(request)
    if viewer is not None:
        actions.do_leave_try(viewer)
    return redirect("daily:today")
