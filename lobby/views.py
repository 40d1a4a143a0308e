"""The lobby: quick play in one click, the live list of open quick tables, private tables.

A guest plays without an account: the first time, they pick a nickname (kept in the session), then
they are seated. The heavy lifting (seating, tables, bots) is the use cases' job (games.actions); these views
only turn HTTP requests into use-case calls and refusals into readable messages.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games.actions.tables import do_create_private_table, do_join, do_quick_play
from games.errors import ServiceError, refusal
from games.viewers import Viewer, is_bot_in_browser, set_guest_nickname, viewer_from_request
from lobby.listing import open_quick_tables, playing_tables
from ranked.views import ranked_context
from spades.engine import VARIANTS

from .forms import NicknameForm, PrivateTableForm

# The `next` value that means "seat me at a quick table once I have a nickname".
NEXT_QUICK_PLAY = "quick"


def table_url(table) -> str:
    """Where a seated player goes: the table page."""
    return reverse("games:table", args=[table.pk])


def nickname_url(next_value: str) -> str:
    """The nickname page, with where to go (or what to do) afterwards."""
    return f"{reverse('lobby:nickname')}?{urlencode({'next': next_value})}"


def index(request: HttpRequest) -> HttpResponse:
    """The lobby page: quick play, open quick tables (live through /ws/lobby/), private tables."""
    viewer = viewer_from_request(request)
    return render(
        request,
        "lobby/index.html",
        {
            "viewer": viewer,
            "tables": open_quick_tables(),
            "playing": playing_tables(),
            "lobby_strings": lobby_strings(),
            "quick_delay": round(settings.QUICK_TABLE_BOT_DELAY),
            **ranked_context(request),
        },
    )


def seats_taken_text(taken: int) -> str:
    """ "1/4 place prise", "2/4 places prises": the plural follows the language's rule."""
    return ngettext("%(taken)s/4 seat taken", "%(taken)s/4 seats taken", taken) % {"taken": taken}


def lobby_strings() -> dict[str, Any]:
    """The strings static/js/lobby.js shows, translated here so the JS holds no French."""
    return {
        "empty": _("No open table right now: click “Play now” to open one."),
        "join": _("Join"),
        "watch": _("Watch"),
        "join_table": _("Join table %(id)s"),
        "watch_table": _("Watch table %(id)s"),
        "score": _("North–South %(ns)s, East–West %(ew)s"),
        "none_playing": _("No public table is in play right now."),
        # One text per number of seats taken (0 to 4), so the JS needs no plural rule.
        "seats": [seats_taken_text(taken) for taken in range(5)],
        "waiting": _("Waiting for players"),
        "playing": _("Playing"),
        "finished": _("Finished"),
        "table": _("Table %(id)s"),
        "live": _("Live list"),
        "offline": _("Reconnecting…"),
    }


@require_POST
def quick_play(request: HttpRequest) -> HttpResponse:
    """Seat the visitor at a quick table (a guest without a nickname picks one first)."""
    if is_bot_in_browser(request):
        messages.error(request, str(refusal("bot_account").message))
        return redirect("lobby:index")
    viewer = viewer_from_request(request)
    if viewer is None:
        return redirect(nickname_url(NEXT_QUICK_PLAY))
    return _seat_at_quick_table(request, viewer)


def _seat_at_quick_table(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    """Go to the quick table the visitor sits at now (back to the lobby with the reason if not)."""
    try:
        table = do_quick_play(viewer)
    except ServiceError as exc:
        messages.error(request, str(exc.message))
        return redirect("lobby:index")
    return redirect(table_url(table))


@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Rejoindre" in the lobby: sit at that open quick table (a guest without a nickname picks
    one first, then comes back to the lobby)."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return redirect(nickname_url(reverse("lobby:index")))
    try:
        do_join(pk, viewer)
    except ServiceError as exc:
        messages.error(request, str(exc.message))
        return redirect("lobby:index")
    return redirect(reverse("games:table", args=[pk]))


def _safe_next(request: HttpRequest, value: str | None) -> str | None:
    """A local path to go back to, or the quick-play marker; anything else is dropped."""
    if not value:
        return None
    if value == NEXT_QUICK_PLAY:
        return value
    if url_has_allowed_host_and_scheme(
        value, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ) and value.startswith("/"):
        return value
    return None


@require_http_methods(["GET", "POST"])
def nickname(request: HttpRequest) -> HttpResponse:
    """Pick (or change) the nickname a guest plays under, then go on where they were going."""
    next_value = _safe_next(request, request.POST.get("next") or request.GET.get("next"))
    viewer = viewer_from_request(request)
    if is_bot_in_browser(request):
        # Sent here by a page that wanted a player (a table, an invitation): not this one.
        messages.error(request, str(refusal("bot_account").message))
        return redirect("lobby:index")
    if request.user.is_authenticated:
        # A registered player plays under their public name: nothing to choose here.
        return _continue(request, next_value, viewer)
    if request.method == "POST":
        form = NicknameForm(request.POST)
        if form.is_valid():
            try:
                viewer = set_guest_nickname(request, form.cleaned_data["nickname"])
            except ServiceError as exc:
                form.add_error("nickname", str(exc.message))
            else:
                return _continue(request, next_value, viewer)
    else:
        form = NicknameForm(initial={"nickname": viewer.name if viewer else ""})
    return render(
        request,
        "lobby/nickname.html",
        {"form": form, "next": next_value or "", "quick": next_value == NEXT_QUICK_PLAY},
    )


def _continue(request: HttpRequest, next_value: str | None, viewer) -> HttpResponse:
    """After the nickname: seat at a quick table, or go back to the page that asked for it."""
    if next_value == NEXT_QUICK_PLAY and viewer is not None:
        return _seat_at_quick_table(request, viewer)
    if next_value and next_value != NEXT_QUICK_PLAY:
        return HttpResponseRedirect(next_value)
    return redirect("lobby:index")


@require_http_methods(["GET", "POST"])
def create_private(request: HttpRequest) -> HttpResponse:
    """The private table form; a valid POST opens the table with the visitor as host, at North."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return redirect(nickname_url(request.get_full_path()))
    if request.method == "POST":
        form = PrivateTableForm(request.POST)
        if form.is_valid():
            try:
                table = do_create_private_table(
                    viewer,
                    rules=form.rules(),
                    bot_level=form.cleaned_data["bot_level"],
                    turn_seconds=form.turn_timer(),
                )
            except ServiceError as exc:
                form.add_error(None, str(exc.message))
            else:
                return redirect(table_url(table))
    else:
        # The variants page links here with ?variant=joker: that variant is ticked.
        variant = request.GET.get("variant")
        form = PrivateTableForm(initial={"variant": variant} if variant in VARIANTS else None)
    return render(request, "lobby/create_private.html", {"form": form, "viewer": viewer})
