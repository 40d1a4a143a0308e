"""The leaderboard and the players' profiles (with the owner's name form).

The leaderboard reads ``PlayerRating`` (one row per rated person, indexed by rating): the
established players by rating, the provisional ones (fewer than RANKED_PROVISIONAL_MATCHES
matches) in a list of their own; both paginated."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.models import PlayerRating

from . import stats
from .charts import rating_chart
from .forms import DisplayNameForm

PER_PAGE = 50
PROVISIONAL_PER_PAGE = 20


def _rows(page) -> list[dict]:
    return [
        {
            "rank": page.start_index() + i,
            "name": r.user.public_name(),
            "rating": r.rating,
            "matches": r.matches,
            "win_rate": r.wins / r.matches if r.matches else 0,
        }
        for i, r in enumerate(page.object_list)
    ]


def leaderboard(request: HttpRequest) -> HttpResponse:
    """Rank, name, rating, matches, win rate; the provisional players apart."""
    n = settings.RANKED_PROVISIONAL_MATCHES
    # Closed accounts (deleted, or deactivated by an administrator) are not ranked.
    ratings = (
        PlayerRating.objects.filter(user__is_active=True)
        .select_related("user")
        .only("rating", "matches", "wins", "user__username", "user__display_name")
    )
    established = Paginator(ratings.filter(matches__gte=n).order_by("-rating", "id"), PER_PAGE)
    provisional = Paginator(
        ratings.filter(matches__lt=n).order_by("-rating", "id"), PROVISIONAL_PER_PAGE
    )
    page = established.get_page(request.GET.get("page"))
    ppage = provisional.get_page(request.GET.get("p"))
    return render(
        request,
        "ranking/leaderboard.html",
        {
            "page": page,
            "rows": _rows(page),
            "ppage": ppage,
            "prows": _rows(ppage),
            "provisional_matches": n,
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


def profile_url(user) -> str:
    return reverse("ranking:profile", args=[user.public_name()])


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
        "ranking/profile.html",
        {
            "player": user,
            "player_name": user.public_name(),
            "rating": rating,
            "provisional": rating is None or rating.matches < settings.RANKED_PROVISIONAL_MATCHES,
            "figures": stats.figures(user.pk),
            "recent": stats.recent(user.pk),
            "chart": rating_chart(stats.history(user.pk)),
            "owner": owner,
            "form": form,
        },
        status=400 if form is not None and form.errors else 200,
    )
