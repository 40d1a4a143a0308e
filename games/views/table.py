"""The table page, the host's buttons and the bidding hint (the invitation: games.views.invitation).

The table page is a frame rendered by the server with, as JSON (json_script), the viewer's first
state frame, the strings and the settings; static/js/table.js draws the table from that state (no
socket needed for the first paint), then follows the table over /ws/tables/<id>/.
Host actions are plain POST forms (they work without JS); table.js sends them with fetch and gets
JSON back. Every refusal comes from a use case (games.actions) as a ServiceError with a
translated message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.hooks import Hook
from games.access import may_follow
from games.actions import coach
from games.actions.tables import do_kick, do_leave, do_rematch, do_start
from games.errors import REFUSALS, ServiceError
from games.models import POSITIONS, Table
from games.reading import table_frames, visible_chat
from games.texts import rules_summary, table_strings
from games.viewers import Viewer, viewer_from_request
from spades.engine.variants import VARIANTS


def _no_ranked_page(table: Table, viewer: Viewer | None) -> dict[str, Any] | None:
    return None


# What ranked play adds to a ranked table's page (``ranked.table_page`` provides it): ``stakes``
# (each seat's rating), ``leave_confirm`` (the warning before leaving) and ``help_url`` (how
# ratings work) for the template,
# ``config`` for the script (where to read the rating changes). None elsewhere.
ranked_page: Hook[[Table, Viewer | None], dict[str, Any] | None] = Hook(
    "ranked_page", _no_ranked_page
)


def _no_way_back(table: Table) -> str | None:
    return None


# Where a table kept by an app above the tables sends its player back, instead of the lobby
# (``daily`` provides the day's page for a daily table). None: the lobby.
way_back: Hook[[Table], str | None] = Hook("way_back", _no_way_back)


def _back_url(table: Table) -> str:
    return way_back(table) or reverse("lobby:index")


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _done(request: HttpRequest, pk: int, error: ServiceError | None = None, to: str | None = None):
    """Answer a host action: JSON for table.js, a redirect with a message for a plain form."""
    target = to or reverse("games:table", args=[pk])
    if _wants_json(request):
        if error is not None:
            return JsonResponse(
                {"ok": False, "code": error.code, "error": str(error.message)}, status=400
            )
        return JsonResponse({"ok": True, "redirect": to})
    if error is not None:
        messages.error(request, str(error.message))
    return redirect(target)


def _call(
    request: HttpRequest, pk: int, service: Callable[..., Any], *args: Any, to: str | None = None
) -> HttpResponse:
    """Run one service on the table for the visitor and answer: its refusal, or done."""
    try:
        service(pk, *args)
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk, to=to)


def _not_host(request: HttpRequest, pk: int) -> HttpResponse:
    return _done(request, pk, ServiceError("not_host", _("Only the host can do that.")))


def _nickname_first(request: HttpRequest) -> HttpResponse:
    """A guest without a nickname picks one, then comes back here."""
    query = urlencode({"next": request.get_full_path()})
    return redirect(f"{reverse('lobby:nickname')}?{query}")


# The ES modules static/js/table.js imports (preloaded by the page, see table.html).
TABLE_MODULES = tuple(
    f"js/table/{name}.js"
    for name in (
        "util",
        "model",
        "connection",
        "speech",
        "felt",
        "hand",
        "scores",
        "chat",
        "coach",
        "sound",
    )
)


def _variant_and_rules(rules: dict) -> tuple[dict[str, str] | None, str]:
    """The table's variant (its name and one-line rule) for the header's badge, and the rules
    summary without the variant's name (the badge says it)."""
    line = rules_summary(rules)
    variant = VARIANTS.get(rules.get("variant") or "none")
    if variant is None or variant.name == "none":
        return None, line
    badge = {"name": variant.name, "label": _(variant.label), "help": _(variant.help)}
    return badge, line.removeprefix(f"{badge['label']} · ")


def _invite_url(request: HttpRequest, pk: int, state: dict) -> str | None:
    token = ((state.get("table") or {}).get("me") or {}).get("invite_token")
    if not token:
        return None
    return request.build_absolute_uri(reverse("games:invite", args=[pk, token]))


_MATCH_ID_MARK = 987654321


def _match_url_template() -> str:
    """The URL of a match's page with "%(id)s" for its id (the script fills in the match the
    table has just finished)."""
    return reverse("games:match", args=[_MATCH_ID_MARK]).replace(str(_MATCH_ID_MARK), "%(id)s")


@require_GET
def table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table page: a frame and the viewer's first state; the script draws it, then the socket
    takes over."""
    table_obj = get_object_or_404(Table, pk=pk)
    viewer = viewer_from_request(request)
    if not may_follow(table_obj, viewer, request.session):
        raise PermissionDenied(REFUSALS["private_table"])
    state, history = table_frames(pk, viewer)
    facts = state.get("table") or {}
    me = facts.get("me") or {}
    urls = {
        "start": reverse("games:start", args=[pk]),
        "kick": reverse("games:kick", args=[pk]),
        "seat": reverse("games:seat", args=[pk]),
        "leave": reverse("games:leave", args=[pk]),
        "rematch": reverse("games:rematch", args=[pk]),
        "hint": reverse("games:hint", args=[pk]),
        "lobby": _back_url(table_obj),
        "match": _match_url_template(),
    }
    config: dict[str, Any] = {
        "tableId": pk,
        "lang": request.LANGUAGE_CODE,
        "wsPath": f"/ws/tables/{pk}/",
        "chatMaxLength": settings.CHAT_MAX_LENGTH,
        # How long a completed trick stays on the felt: the server's own pause before the next move.
        "trickPauseMs": round(settings.TRICK_PAUSE_SECONDS * 1000),
        "inviteUrl": _invite_url(request, pk, state),
        "chat": visible_chat(pk, viewer.key if viewer else None),
        "urls": urls,
    }
    variant, rules_line = _variant_and_rules(facts.get("rules") or {})
    strings = table_strings()
    ranked = ranked_page(table_obj, viewer) if table_obj.kind == Table.Kind.RANKED else None
    if table_obj.kind == Table.Kind.DAILY:
        title = _("Deal of the day (table %(id)s)") % {"id": pk}
        del urls["hint"], strings["hint_line"]  # no advice: everyone plays the day's deals alone
    elif table_obj.kind == Table.Kind.RANKED:
        title = _("Ranked table %(id)s") % {"id": pk}
        # No bot advice at a ranked table: the page has no way to ask (the server refuses too).
        del urls["hint"], strings["hint_line"]
        if ranked is not None:
            config["ranked"] = ranked["config"]
    elif facts.get("kind") == "private":
        title = _("Private table %(id)s") % {"id": pk}
    else:
        title = _("Quick table %(id)s") % {"id": pk}
    return render(
        request,
        "games/table.html",
        {
            "table_id": pk,
            "title": title,
            "rules_line": rules_line,
            "variant": variant,
            "state": state,
            "history": history,
            "facts": facts,
            "me": me,
            "table_config": config,
            "table_modules": TABLE_MODULES,
            "table_strings": strings,
            "stakes": ranked["stakes"] if ranked else None,
            "leave_confirm": ranked["leave_confirm"] if ranked else None,
            "ratings_help_url": ranked["help_url"] if ranked else None,
            "chat_max_length": settings.CHAT_MAX_LENGTH,
            "fair_deals_url": reverse("rules_pages:faq") + "#fair-deals",
        },
    )


@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    """The host starts the match now; bots take the free seats."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return _not_host(request, pk)
    return _call(request, pk, do_start, viewer)


@require_POST
def kick(request: HttpRequest, pk: int) -> HttpResponse:
    """The host frees a seat before the start."""
    viewer = viewer_from_request(request)
    position = request.POST.get("position", "")
    if viewer is None:
        return _not_host(request, pk)
    if position not in POSITIONS:
        return _done(request, pk, ServiceError("bad_seat", _("There is no such seat.")))
    return _call(request, pk, do_kick, viewer, position)


@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave the table and go back to the lobby (or where the table's kind says)."""
    viewer = viewer_from_request(request)
    table_obj = Table.objects.filter(pk=pk).first()
    back = _back_url(table_obj) if table_obj is not None else reverse("lobby:index")
    if viewer is None:
        return _done(request, pk, to=back)
    return _call(request, pk, do_leave, viewer, to=back)


@require_POST
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """Play again: a new match at this table (or a new table); go where the service says."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return _nickname_first(request)
    try:
        new_table = do_rematch(pk, viewer)
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk, to=reverse("games:table", args=[new_table.pk]))


@require_GET
def hint(request: HttpRequest, pk: int) -> JsonResponse:
    """The bots' estimate of the viewer's own hand (a bidding hint): ``coach.do_estimate``,
    behind the same gate as the coach (none at ranked tables)."""
    get_object_or_404(Table, pk=pk)
    viewer = viewer_from_request(request)
    if viewer is None:
        return JsonResponse({"error": "no_seat"}, status=403)
    try:
        estimate = coach.do_estimate(pk, viewer)
    except ServiceError as error:
        status = 403 if error.code == "coach_ranked" else 409
        return JsonResponse({"error": error.code, "message": str(error.message)}, status=status)
    return JsonResponse(estimate, json_dumps_params={"allow_nan": False})
