"""The tournaments' pages: the list, a tournament's page (registration, the standing, each
round's games and the player's own table) and the state its script polls every few seconds.

Live updates are a poll, the simplest thing that works everywhere: the page's script
(``tournaments/live.js``) asks ``…/etat/?v=<version>`` every POLL_SECONDS; the answer is only the
version while nothing changed, else the fragment to put in place (the standing and the rounds).
The same request tells the site that the player is here for the next round."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from games.errors import ServiceError
from tournaments.actions import registration, seeding
from tournaments.errors import refusal
from tournaments.forms import InvitationForm, RegisterForm
from tournaments.models import Game, Pair, Registration, Tournament
from tournaments.standings import standing_rows

POLL_SECONDS = 5
LIVE_CACHE_SECONDS = 600


def _tournament(pk: int) -> Tournament:
    t = Tournament.objects.filter(pk=pk).first()
    if t is None:
        raise Http404
    return t


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Upcoming and running tournaments, then the last ones played."""
    live = Tournament.objects.exclude(status=Tournament.Status.FINISHED).order_by("starts_at")
    done = Tournament.objects.filter(status=Tournament.Status.FINISHED).order_by("-starts_at")
    return render(
        request,
        "tournaments/index.html",
        {"upcoming": list(live[:50]), "finished": list(done[:20])},
    )


def _user_id(request: HttpRequest) -> int | None:
    user = getattr(request, "user", None)
    return user.pk if user is not None and user.is_authenticated else None


def live_context(t: Tournament, user_id: int | None) -> dict[str, Any]:
    """What the live part of the page shows: the standing, the rounds, the player's table.
    Plain values read in three queries (the pairs, the games, and the standing's two), so that
    64 pairs over six rounds cost a few milliseconds before the template."""
    pairs = {p.pk: p for p in Pair.objects.filter(tournament=t)}
    labels = {pk: p.label() for pk, p in pairs.items()}
    rows = t.standings if t.status == Tournament.Status.FINISHED else standing_rows(t)
    standing = [{**row, "label": labels.get(row["pair_id"], "?")} for row in rows or []]
    outcomes = dict(Game.Outcome.choices)
    games = Game.objects.filter(round__tournament=t).order_by("round__number", "board")
    fields = ("round__number", "board", "pair_a_id", "pair_b_id", "table_id", "outcome",
              "winner_id", "score_a", "score_b")  # fmt: skip
    rounds: dict[int, list[dict[str, Any]]] = {}
    my_pair = next((p for p in pairs.values() if user_id and user_id in p.user_ids()), None)
    my_table = None
    table_url = reverse("games:table", args=[0]).replace("/0/", "/%s/")
    for number, board, a, b, table_id, outcome, winner, score_a, score_b in games.values_list(
        *fields
    ):
        entry = {
            "board": board,
            "a": labels[a],
            "b": labels.get(b) if b else None,
            "outcome": outcome,
            "outcome_label": outcomes[outcome],
            "score_a": score_a,
            "score_b": score_b,
            "winner": labels.get(winner) if winner else None,
            "table_url": table_url % table_id if table_id else None,
            "mine": my_pair is not None and my_pair.pk in (a, b),
        }
        rounds.setdefault(number, []).append(entry)
        if entry["mine"] and outcome == Game.Outcome.PENDING and entry["table_url"]:
            my_table = entry["table_url"]
    return {
        "tournament": t,
        "standing": standing,
        "rounds": sorted(rounds.items(), reverse=True),
        "my_pair": my_pair,
        "my_table": my_table,
    }


def live_html(request: HttpRequest, t: Tournament, user_id: int | None) -> str:
    """The live fragment, rendered once per version of the tournament, language and pair (what
    it highlights) and kept in the cache: every player polling the same version costs one
    cache read."""
    pair = registration.pair_of(t, user_id) if user_id else None
    # (The creation time too: a test database gives the same ids to other rows again.)
    stamp = f"{t.pk}:{t.created_at.timestamp()}:{t.version}"
    key = f"tournaments:live:{stamp}:{get_language()}:{pair.pk if pair else 0}"
    html = cache.get(key)
    if html is None:
        html = render_to_string("tournaments/live.html", live_context(t, user_id), request=request)
        cache.set(key, html, LIVE_CACHE_SECONDS)
    return html


def _registration_context(t: Tournament, user_id: int | None) -> dict[str, Any]:
    regs = {r.user_id: r for r in Registration.objects.filter(tournament=t).select_related("user", "partner")}  # fmt: skip
    mine = regs.get(user_id) if user_id else None
    confirmed = mine is not None and seeding.confirmed(mine, regs)
    invitations = [
        r
        for r in regs.values()
        if user_id and r.partner_id == user_id and not (mine and mine.partner_id == r.user_id)
    ]
    players = sorted((r.user.public_name() for r in regs.values()), key=str.lower)
    return {
        "registration": mine,
        "confirmed": confirmed,
        "invitations": invitations,
        "players": players,
        "registration_open": registration.registration_open(t),
        "not_yet_open": t.status == Tournament.Status.SCHEDULED
        and timezone.now() < t.registration_opens_at,
    }


@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    user_id = _user_id(request)
    if user_id:
        registration.do_seen(t.pk, user_id)
    scheduled = t.status == Tournament.Status.SCHEDULED
    context = {
        "tournament": t,
        "live_html": live_html(request, t, user_id),
        "my_pair": registration.pair_of(t, user_id) if user_id and not scheduled else None,
        **(_registration_context(t, user_id) if scheduled else {}),
        "form": RegisterForm(),
        "state_url": reverse("tournaments:state", args=[t.pk]),
        "poll_seconds": POLL_SECONDS,
        "rounds_total": t.rounds,
    }
    return render(request, "tournaments/detail.html", context)


@require_GET
def state(request: HttpRequest, pk: int) -> JsonResponse:
    """The page's poll: the version, and the live fragment when it changed."""
    t = _tournament(pk)
    user_id = _user_id(request)
    if user_id:
        registration.do_seen(t.pk, user_id)
    body: dict[str, Any] = {"version": t.version, "status": t.status}
    if request.GET.get("v") != str(t.version):
        body["html"] = live_html(request, t, user_id)
    return JsonResponse(body, headers={"Cache-Control": "no-store"})


def _done(request: HttpRequest, pk: int, error: ServiceError | None = None) -> HttpResponse:
    if error is not None:
        messages.error(request, str(error.message))
    return redirect("tournaments:detail", pk=pk)


@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    _tournament(pk)
    form = RegisterForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
        return _done(request, pk)
    try:
        registration.do_register(
            pk, request.user, form.cleaned_data["mode"], form.cleaned_data["partner"]
        )
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk)


@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    _tournament(pk)
    try:
        registration.do_withdraw(pk, request.user)
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk)


def _invitation(request: HttpRequest, pk: int, use_case) -> HttpResponse:
    _tournament(pk)
    form = InvitationForm(request.POST)
    try:
        if not form.is_valid():
            raise refusal("no_invitation")
        use_case(pk, request.user, form.cleaned_data["inviter"])
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk)


@require_POST
def accept(request: HttpRequest, pk: int) -> HttpResponse:
    return _invitation(request, pk, registration.do_accept)


@require_POST
def decline(request: HttpRequest, pk: int) -> HttpResponse:
    return _invitation(request, pk, registration.do_decline)
