"""Ranked play from the lobby: join the queue, cancel, and the state the lobby page polls.

Guests see why they cannot play ranked, with links to sign up or log in and come back here.
The queue's rules (matchmaking, abandonment waits) are the use cases' (games.actions.ranked)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.actions.ranked import do_join_queue, do_leave_queue, queue_state
from games.errors import ServiceError
from games.identity import viewer_from_request


def ranked_context(request: HttpRequest) -> dict:
    """What the lobby's ranked card shows."""
    lobby = reverse("lobby:index")
    viewer = viewer_from_request(request) if request.user.is_authenticated else None
    state = queue_state(viewer, seen=True) if viewer is not None else None
    return {
        "ranked_on": settings.RANKED_PLAY,
        "ranked_state": state or {"state": "guest"},
        "ranked_wait": round(settings.RANKED_WAIT_SECONDS),
        "signup_url": f"{reverse('account_signup')}?{urlencode({'next': lobby})}",
        "login_url": f"{reverse('account_login')}?{urlencode({'next': lobby})}",
        "ranked_strings": {
            "waiting": _("In the ranked queue for %(time)s"),
            "seated": _("Your ranked table is ready…"),
        },
    }


def _table_url(table_id: int) -> str:
    return reverse("games:table", args=[table_id])


@require_POST
def join(request: HttpRequest) -> HttpResponse:
    """ "Partie classée": into the queue (or straight to the table if seated already)."""
    if not settings.RANKED_PLAY:
        return redirect("lobby:index")
    try:
        table = do_join_queue(viewer_from_request(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:index")
    if table is not None:
        return redirect(_table_url(table.pk))
    return redirect(f"{reverse('lobby:index')}#ranked")


@require_POST
def cancel(request: HttpRequest) -> HttpResponse:
    """Leave the ranked queue."""
    do_leave_queue(viewer_from_request(request))
    return redirect("lobby:index")


@require_GET
def status(request: HttpRequest) -> JsonResponse:
    """The queue state the lobby page polls: waiting (seconds), seated (the table's URL), idle."""
    state = queue_state(viewer_from_request(request), seen=True)
    if state.get("table"):
        state["url"] = _table_url(state["table"])
    return JsonResponse(state, headers={"Cache-Control": "no-store"})
