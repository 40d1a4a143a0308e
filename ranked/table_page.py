"""What a ranked table's page shows beyond any table's: the stakes (each seat's rating as the
match was dealt, provisional or not, a bot's fixed one), what leaving would cost the viewer (the
loss's rating change and the wait), and, once the match is rated, each person's rating change.

The table page asks for the first two through the hook ``games.views.table.ranked_page``
(provided in ``RankedConfig.ready``: the tables never import ranked play); the page's script
reads the third from ``rating_changes`` (``ranked.views.match_result``) when the match is over.
Reads only.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.models import Match, Table
from games.viewers import Viewer
from ranked.actions import next_abandonment_wait
from ranked.bot_ratings import BOT_RATINGS
from ranked.models import MatchPlayer, PlayerRating, RatingChange
from ranked.ratings import START_MU, START_SIGMA, new_teams, shown

TEAMS = ("NS", "EW")
_ID_MARK = 987654321


def _players(match_id: int | None) -> list[MatchPlayer]:
    if match_id is None:
        return []
    return list(MatchPlayer.objects.filter(match_id=match_id, ranked=True).order_by("position"))


def _current(players: list[MatchPlayer]) -> dict[int, PlayerRating]:
    ids = [p.user_id for p in players if p.user_id is not None]
    return {r.user_id: r for r in PlayerRating.objects.filter(user_id__in=ids)}


def _mu_sigma(player: MatchPlayer, current: dict[int, PlayerRating]) -> tuple[float, float]:
    if player.user_id is None:
        return BOT_RATINGS.get(player.bot_level or "normal", BOT_RATINGS["normal"])
    rating = current.get(player.user_id)
    return (rating.mu, rating.sigma) if rating else (START_MU, START_SIGMA)


def stakes(players: list[MatchPlayer], current: dict[int, PlayerRating]) -> list[dict[str, Any]]:
    """The two teams, each seat with its name, rating and whether it is provisional (a person
    with fewer than RANKED_PROVISIONAL_MATCHES rated matches) or fixed (a bot)."""
    provisional = settings.RANKED_PROVISIONAL_MATCHES
    labels = {"NS": _("North–South"), "EW": _("East–West")}
    teams = []
    for team in TEAMS:
        seats = []
        for p in players:
            if p.team != team:
                continue
            rating = current.get(p.user_id) if p.user_id is not None else None
            seats.append(
                {
                    "position": p.position,
                    "name": p.name,
                    "rating": shown(*_mu_sigma(p, current)),
                    "bot": p.user_id is None,
                    "provisional": p.user_id is not None
                    and (rating is None or rating.matches < provisional),
                }
            )
        teams.append({"team": team, "label": labels[team], "seats": seats})
    return teams


def loss_points(
    players: list[MatchPlayer], current: dict[int, PlayerRating], user_id: int
) -> int | None:
    """How many points the shown rating of ``user_id`` would lose if their team lost (what
    leaving costs: an abandoned seat takes the loss's change, ``ranked.ratings``)."""
    mine = next((p for p in players if p.user_id == user_id), None)
    if mine is None:
        return None
    teams = [[p for p in players if p.team == t] for t in TEAMS]
    before = [[_mu_sigma(p, current) for p in team] for team in teams]
    mine_t = TEAMS.index(mine.team)
    after = new_teams(before, 1 - mine_t)
    i = teams[mine_t].index(mine)
    return max(0, shown(*before[mine_t][i]) - shown(*after[mine_t][i]))


def _wait_text(wait: timedelta) -> str:
    return timeuntil(timezone.now() + wait + timedelta(seconds=1))


def page_extras(table: Table, viewer: Viewer | None) -> dict[str, Any] | None:
    """The ranked part of a ranked table's page: ``stakes`` and ``leave_confirm`` (None for a
    spectator) for the template, ``config`` for its script (where to read the rating changes,
    their strings)."""
    if table.kind != Table.Kind.RANKED:
        return None
    players = _players(table.match_id)
    current = _current(players)
    user_id = viewer.user_id if viewer is not None else None
    warning = None
    if user_id is not None and any(p.user_id == user_id for p in players):
        warning = _(
            "This is a ranked match: leaving it is an abandonment. You take the loss "
            "(about %(points)s points off your rating) whatever your team's result, and you "
            "wait %(wait)s before your next ranked match. Leave anyway?"
        ) % {
            "points": loss_points(players, current, user_id),
            "wait": _wait_text(next_abandonment_wait(user_id)),
        }
    url = reverse("ranked:match_result", args=[_ID_MARK]).replace(str(_ID_MARK), "%(id)s")
    return {
        "stakes": stakes(players, current),
        "leave_confirm": warning,
        "help_url": reverse("ranked:help"),
        "config": {
            "resultUrl": url,
            "strings": {
                "title": _("Ratings"),
                "pending": _("Updating the ratings…"),
                "line": _("%(name)s: %(before)s → %(after)s (%(delta)s)"),
                "abandoned": pgettext("a seat in a ranked match", "abandoned"),
            },
        },
    }


def rating_changes(match: Match, viewer: Viewer | None) -> dict[str, Any]:
    """Each person's rating before and after a ranked match, by seat, once the rating task has
    run (``rated`` false until then)."""
    players = _players(match.pk)
    changes = {
        c.user_id: c
        for c in RatingChange.objects.filter(match=match).only("user_id", "before", "after")
    }
    people = [(p, p.user_id) for p in players if p.user_id is not None]
    if not people or any(uid not in changes for _p, uid in people):
        return {"rated": False}
    me = viewer.user_id if viewer is not None else None
    return {
        "rated": True,
        "changes": [
            {
                "position": p.position,
                "name": p.name,
                "before": changes[uid].before,
                "after": changes[uid].after,
                "delta": changes[uid].after - changes[uid].before,
                "abandoned": p.abandoned,
                "you": uid == me,
            }
            for p, uid in people
        ],
    }
