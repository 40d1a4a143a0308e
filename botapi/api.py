"""The bot API's HTTP side (``/api/bot/…``, JSON, docs/bot-api.md): who the token is, joining the
quick-play or the ranked queue, accepting an invitation to a private table. Play itself goes over
the table's WebSocket, as in a browser (docs/protocol.md).

Every request names its token (``Authorization: Bearer``): GET needs the scope ``read``, POST and
DELETE the scope ``play``. A refusal is ``{"type": "error", "code", "message"}`` with 401 (no
valid token), 403 (not allowed), 409 (the game refused: ``games.errors`` codes) or 429
(``too_fast``), and nothing was done. No cookie is read, so there is no CSRF to guard against."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt

from botapi.models import ApiToken
from botapi.tokens import TokenRefused, authenticate
from core import rate_limits
from core.viewers import user_key
from games.actions.tables import do_join, do_quick_play
from games.errors import ServiceError, refusal
from games.viewers import Viewer, bot_viewer
from ranked import origins
from ranked.actions import do_join_queue, do_leave_queue, queue_state
from ranked.models import PlayerRating

NEEDS = {"GET": "read", "POST": "play", "DELETE": "play"}

# Each account's message budget, the one its table sockets of this process count in too
# (core.rate_limits.shared_window): HTTP calls buy no more than frames. Held here so that the
# window outlives the requests between them.
_windows: dict[int, rate_limits.Window] = {}


def _window(user_id: int) -> rate_limits.Window:
    rule = rate_limits.limit("viewer_frames")
    window = _windows.get(user_id)
    if window is None or window.rule != rule:
        window = rate_limits.shared_window("viewer_frames", user_key(user_id))
        if window.rule != rule:  # the limit changed since that window was made
            window = rate_limits.Window("viewer_frames")
        _windows[user_id] = window
    return window


def _error(error: ServiceError, status: int) -> JsonResponse:
    return JsonResponse(error.as_frame(), status=status, headers={"Cache-Control": "no-store"})


def _language(request: HttpRequest) -> str:
    lang = request.GET.get("lang")
    if lang in dict(settings.LANGUAGES):
        return lang
    return translation.get_language() or settings.LANGUAGE_CODE


def endpoint(*methods: str) -> Callable:
    """A JSON endpoint of the API: the token checked for the method's scope, the account's
    rate limit counted, refusals as JSON."""

    def wrap(view: Callable) -> Callable:
        @csrf_exempt
        @wraps(view)
        def inner(request: HttpRequest, *args, **kwargs) -> JsonResponse:
            with translation.override(_language(request)):
                if request.method not in methods:
                    response = _error(
                        ServiceError("bad_method", _("This method is not allowed here.")), 405
                    )
                    response["Allow"] = ", ".join(methods)
                    return response
                try:
                    token = authenticate(
                        request.headers.get("Authorization"), NEEDS[request.method]
                    )
                    if not _window(token.user_id).hit():
                        return _error(refusal("too_fast"), 429)
                    body = view(request, token, *args, **kwargs)
                except TokenRefused as error:
                    return _error(error, error.status)
                except ServiceError as error:
                    return _error(error, 409)
                return JsonResponse(body, headers={"Cache-Control": "no-store"})

        return inner

    return wrap


def _socket(table_id: int) -> str:
    return f"/ws/tables/{table_id}/"


def _rating(user_id: int) -> dict | None:
    rating = PlayerRating.objects.filter(user_id=user_id).first()
    if rating is None:
        return None
    return {"rating": rating.rating, "matches": rating.matches, "wins": rating.wins}


def _viewer(token: ApiToken) -> Viewer:
    return bot_viewer(token.user)


@endpoint("GET")
def account(request: HttpRequest, token: ApiToken) -> dict:
    """Who this token plays as, what it may do, its rating and its ranked queue state."""
    user = token.user
    return {
        "id": user.pk,
        "username": user.username,
        "name": user.seat_name(),
        "bot": True,
        "scopes": token.scope_list,
        "rating": _rating(user.pk),
        "ranked": queue_state(_viewer(token)),
    }


@endpoint("POST")
def quick(request: HttpRequest, token: ApiToken) -> dict:
    """Sit at a waiting quick table (or the one the account already sits at)."""
    table = do_quick_play(_viewer(token))
    return {"table": table.pk, "kind": table.kind, "socket": _socket(table.pk)}


def _ranked_state(state: dict) -> dict:
    if state.get("table"):
        state["socket"] = _socket(state["table"])
    return state


@endpoint("GET", "POST", "DELETE")
def ranked(request: HttpRequest, token: ApiToken) -> dict:
    """POST: into the ranked queue; GET: the queue's state (asking keeps the place, as the
    lobby page's polling does); DELETE: leave the queue."""
    if not settings.RANKED_PLAY:
        raise ServiceError("ranked_off", _("Ranked play is off on this site."))
    viewer = _viewer(token)
    if request.method == "DELETE":
        return {"left": do_leave_queue(viewer)}
    if request.method == "POST":
        do_join_queue(viewer)
        # Matchmaking keeps apart accounts sharing an address; each bot account is its own
        # "browser".
        origins.record(token.user_id, request.META.get("REMOTE_ADDR"), f"bot:{token.user_id}")
    return _ranked_state(queue_state(viewer, seen=True))


@endpoint("POST")
def invitation(request: HttpRequest, token: ApiToken, pk: int, invite: str) -> dict:
    """Accept the invitation to a private table: sit at its first free seat, or at
    ``{"position": "E"}`` (a JSON body, or a form field)."""
    position = request.POST.get("position") or None
    if request.content_type == "application/json" and request.body:
        try:
            data = json.loads(request.body)
        except ValueError:
            raise refusal("bad_json") from None
        if not isinstance(data, dict):
            raise refusal("bad_message")
        position = data.get("position")
        if position is not None and not isinstance(position, str):
            raise refusal("bad_field")
    seat = do_join(pk, _viewer(token), invite_token=invite, position=position)
    return {"table": pk, "kind": "private", "seat": seat.position, "socket": _socket(pk)}
