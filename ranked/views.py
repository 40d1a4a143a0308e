"""Ranked play's pages: joining and leaving the queue from the lobby, the leaderboard and the
players' profiles (with the owner's name form).

Guests see why they cannot play ranked, with links to sign up or log in and come back. The
queue's rules (matchmaking, abandonment waits) are the use cases' (``ranked.actions``).

The leaderboard reads ``PlayerRating`` (one row per rated person, indexed by rating): the
established players by rating, the provisional ones (fewer than RANKED_PROVISIONAL_MATCHES
matches) in a list of their own; both paginated."""

from __future__ import annotations

import secrets
from datetime import timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.addresses import BROWSER_COOKIE, BROWSER_COOKIE_SECONDS
from core.hooks import Hook
from games.errors import ServiceError, refusal
from games.models import BotLevel, Match
from games.viewers import is_bot_in_browser, viewer_from_request
from ranked.actions import do_join_queue, do_leave_queue, queue_state
from ranked.bot_ratings import BOT_RATINGS
from ranked.models import PlayerRating
from ranked.ratings import START_MU, START_SIGMA, shown

from . import origins, stats, table_page
from .charts import rating_chart
from .forms import DisplayNameForm

PER_PAGE = 50
PROVISIONAL_PER_PAGE = 20


def win_rate(rating: PlayerRating) -> float | None:
    """Wins over the matches the player finished (an abandoned match is neither): None when they
    finished none."""
    finished = rating.matches - rating.abandons
    return rating.wins / finished if finished > 0 else None


def _rows(page) -> list[dict]:
    return [
        {
            "rank": page.start_index() + i,
            "name": r.user.public_name(),
            "shown": r.user.seat_name(),  # "BOT …" for a bot account
            "rating": r.rating,
            "matches": r.matches,
            "abandons": r.abandons,
            "win_rate": win_rate(r),
        }
        for i, r in enumerate(page.object_list)
    ]


def leaderboard(request: HttpRequest) -> HttpResponse:
    """Rank, name, rating, matches, abandonments, win rate (of the matches finished); the
    provisional players apart, and the bot accounts on a board of their own (docs/bot-api.md):
    a program's rating is no person's."""
    n = settings.RANKED_PROVISIONAL_MATCHES
    # Closed accounts (deleted, or deactivated by an administrator) are not ranked.
    ratings = (
        PlayerRating.objects.filter(user__is_active=True)
        .select_related("user")
        .only(
            "rating",
            "matches",
            "wins",
            "abandons",
            "user__username",
            "user__display_name",
            "user__is_bot",
        )
    )
    bots = Paginator(ratings.filter(user__is_bot=True).order_by("-rating", "id"), PER_PAGE)
    ratings = ratings.filter(user__is_bot=False)
    established = Paginator(ratings.filter(matches__gte=n).order_by("-rating", "id"), PER_PAGE)
    provisional = Paginator(
        ratings.filter(matches__lt=n).order_by("-rating", "id"), PROVISIONAL_PER_PAGE
    )
    page = established.get_page(request.GET.get("page"))
    ppage = provisional.get_page(request.GET.get("p"))
    bpage = bots.get_page(request.GET.get("b"))
    return render(
        request,
        "ranked/leaderboard.html",
        {
            "page": page,
            "rows": _rows(page),
            "ppage": ppage,
            "prows": _rows(ppage),
            "bpage": bpage,
            "brows": _rows(bpage),
            "provisional_matches": n,
        },
    )


def _wait_words(seconds: int) -> str:
    """600 -> "10 minutes" in the page's language."""
    now = timezone.now()
    return timeuntil(now + timedelta(seconds=seconds + 1), now)


def ratings_help(request: HttpRequest) -> HttpResponse:
    """How ratings work: the start, what moves them, provisional ratings, abandonments and their
    waits, the bots' fixed ratings; every figure read from the settings and the data it
    describes."""
    waits = [_wait_words(s) for s in settings.RANKED_ABANDON_WAITS]
    return render(
        request,
        "ranked/ratings_help.html",
        {
            "start": shown(START_MU, START_SIGMA),
            "provisional_matches": settings.RANKED_PROVISIONAL_MATCHES,
            "grace": round(settings.DISCONNECT_GRACE_SECONDS),
            "waits": ", ".join(waits),
            "days": settings.RANKED_ABANDON_WINDOW_DAYS,
            "bots": [
                {"label": BotLevel(level).label, "rating": shown(mu, sigma)}
                for level, (mu, sigma) in sorted(BOT_RATINGS.items(), key=lambda kv: kv[1][0])
            ],
        },
    )


def _user_named(name: str):
    user = (
        get_user_model()
        .objects.filter(Q(display_name=name) | Q(display_name="", username=name))
        .order_by("pk")
        .first()
    )
    if user is None:
        raise Http404
    return user


def _no_sections(request: HttpRequest, user) -> str:
    return ""


# What an app above ranked play adds to a player's profile, as HTML (``daily`` provides the
# player's daily results): the profile never imports it.
profile_sections: Hook[[HttpRequest, object], str] = Hook("profile_sections", _no_sections)


def profile_url(user) -> str:
    return reverse("ranked:profile", args=[user.public_name()])


@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest, name: str) -> HttpResponse:
    """A player's rating and its history, figures and recent matches; the owner edits their
    name here."""
    user = _user_named(name)
    owner = request.user.is_authenticated and request.user.pk == user.pk
    form = None
    if owner:
        if request.method == "POST":
            form = DisplayNameForm(request.POST, user=user)
            if form.is_valid():
                user.display_name = form.cleaned_data["display_name"]
                user.save(update_fields=["display_name"])
                return redirect(profile_url(user))
        else:
            form = DisplayNameForm(initial={"display_name": user.public_name()}, user=user)
    elif request.method == "POST":
        return redirect(profile_url(user))
    rating = PlayerRating.objects.filter(user=user).first()
    return render(
        request,
        "ranked/profile.html",
        {
            "player": user,
            "player_name": user.seat_name(),  # "BOT …" for a bot account
            "rating": rating,
            "provisional": rating is None or rating.matches < settings.RANKED_PROVISIONAL_MATCHES,
            "figures": stats.figures(user.pk),
            "recent": stats.recent(user.pk),
            "chart": rating_chart(stats.history(user.pk)),
            "owner": owner,
            "form": form,
            "extra_sections": profile_sections(request, user),
        },
        status=400 if form is not None and form.errors else 200,
    )


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
    if is_bot_in_browser(request):
        messages.error(request, str(refusal("bot_account").message))
        return redirect("lobby:index")
    viewer = viewer_from_request(request)
    try:
        table = do_join_queue(viewer)
    except ServiceError as exc:
        messages.error(request, str(exc.message))
        return redirect("lobby:index")
    response = redirect(_table_url(table.pk) if table else f"{reverse('lobby:index')}#ranked")
    if viewer is not None and viewer.user_id is not None:
        _record_origin(request, response, viewer.user_id)
    return response


def _record_origin(request: HttpRequest, response: HttpResponse, user_id: int) -> None:
    """Where this account joined the queue from (hashed, ``ranked.origins``); a browser without
    its long-lived cookie gets one now."""
    cookie = request.COOKIES.get(BROWSER_COOKIE)
    if not cookie:
        cookie = secrets.token_hex(16)
        response.set_cookie(
            BROWSER_COOKIE,
            cookie,
            max_age=BROWSER_COOKIE_SECONDS,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    origins.record(user_id, request.META.get("REMOTE_ADDR"), cookie)


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


@require_GET
def match_result(request: HttpRequest, match_id: int) -> JsonResponse:
    """A ranked match's rating changes, by seat, for the end-of-match box of its table page
    (``{"rated": false}`` until the rating task has run). Ratings are public, as on the
    profiles and the leaderboard."""
    match = Match.objects.filter(pk=match_id, table__kind="ranked").first()
    if match is None:
        raise Http404
    changes = table_page.rating_changes(match, viewer_from_request(request))
    return JsonResponse(changes, headers={"Cache-Control": "no-store"})
