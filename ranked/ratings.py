"""Ratings of ranked play: openskill's Plackett-Luce model, one team against the other.

Each person has a mu and sigma (``PlayerRating``); a bot has the fixed rating of its level
(``ranked.bot_ratings``), which no match changes. The number shown is

    rating = round(1000 + 25 × (mu − 3 × sigma))

openskill's ordinal (a conservative estimate) on a familiar scale: a newcomer (mu 25, sigma 25/3)
shows 1000, a settled player of average strength (sigma near 2) about 1475, and every match
played narrows sigma, so the number of a player who keeps their level still rises at first.

A seat that abandoned (``MatchPlayer.abandoned``: left, timed out, or away past its grace, see
``ranked.participation``) never gains rating: it gets the change its team's loss would have given
it, whatever the result, while its partner who stayed is rated from the result. Nor does it count
as a win (``PlayerRating.wins`` counts the matches won and finished).

``rate_match`` is what the task ``games.rate_match`` runs once a ranked match has ended; a
``RatingChange`` per person and match (unique) makes it idempotent. ``recompute`` replays every
ranked match in order and gives the same numbers.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Match
from ranked.bot_ratings import BOT_RATINGS
from ranked.models import MatchPlayer, PlayerRating, RatingChange

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma


def shown(mu: float, sigma: float) -> int:
    """The one number a player sees (module docstring)."""
    return round(1000 + 25 * (mu - 3 * sigma))


def matching_points(mu: float) -> float:
    """What matchmaking compares: the estimate itself (25 × mu), without the newcomer's doubt."""
    return 25 * mu


def new_teams(
    teams: list[list[tuple[float, float]]], winner: int
) -> list[list[tuple[float, float]]]:
    """openskill's update of two teams of (mu, sigma), ``winner`` the index of the team that won."""
    ratings = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    ranks: list[float] = [0 if i == winner else 1 for i in range(len(teams))]
    rated = MODEL.rate(ratings, ranks=ranks)
    return [[(r.mu, r.sigma) for r in team] for team in rated]


def _person(player: MatchPlayer) -> int:
    """The user id of a rated player: ``team_update`` returns people only (never a bot)."""
    assert player.user_id is not None
    return player.user_id


def _bot(player: MatchPlayer) -> tuple[float, float]:
    return BOT_RATINGS.get(player.bot_level or "normal", BOT_RATINGS["normal"])


def won_and_finished(player: MatchPlayer) -> bool:
    """A win to the player's credit: their team won and they did not abandon."""
    return player.result == MatchPlayer.Result.WIN and not player.abandoned


def team_update(
    players: list[MatchPlayer], current: dict[int, tuple[float, float]]
) -> list[tuple[MatchPlayer, float, float]]:
    """The new (mu, sigma) of each person of one match's four seats, from their ``current``
    ratings by user id (a newcomer starts at openskill's default; bots at their fixed rating).
    An abandoned seat gets the update of its team's loss (module docstring)."""
    teams = {t: [p for p in players if p.team == t] for t in ("NS", "EW")}
    winner = 0 if teams["NS"][0].result == MatchPlayer.Result.WIN else 1

    def rating(p: MatchPlayer) -> tuple[float, float]:
        if p.user_id is None:
            return _bot(p)
        return current.get(p.user_id, (START_MU, START_SIGMA))

    before = [[rating(p) for p in teams[t]] for t in ("NS", "EW")]
    after = new_teams(before, winner)
    if any(p.abandoned for p in teams[("NS", "EW")[winner]]):
        lost = new_teams(before, 1 - winner)  # what a loss would have given the winners
        after[winner] = [
            lost[winner][i] if p.abandoned else after[winner][i]
            for i, p in enumerate(teams[("NS", "EW")[winner]])
        ]
    return [
        (player, mu, sigma)
        for team, new in zip(("NS", "EW"), after, strict=True)
        for player, (mu, sigma) in zip(teams[team], new, strict=True)
        if player.user_id is not None  # bots keep their fixed rating; guests are not rated
    ]


def rate_match(match_id: int) -> int:
    """Update the ratings of the people of one ended ranked match; returns how many changed
    (0 when already rated, not ranked or not over)."""
    try:
        with transaction.atomic():
            return _rate(match_id)
    except IntegrityError:  # rated meanwhile by another run of the task
        return 0


def rate_missed(hours: int = 24) -> int:
    """Rate the ranked matches of the last ``hours`` that ended without being rated (their task
    was lost with a worker or the broker); beat runs it every minute. Returns how many."""
    since = timezone.now() - timedelta(hours=hours)
    missed = (
        Match.objects.filter(table__kind="ranked", finished_at__gte=since, result__isnull=False)
        .exclude(pk__in=RatingChange.objects.filter(created_at__gte=since).values("match_id"))
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    return sum(bool(rate_match(match_id)) for match_id in missed)


def _rate(match_id: int) -> int:
    if RatingChange.objects.filter(match_id=match_id).exists():
        return 0
    players = list(
        MatchPlayer.objects.filter(match_id=match_id, ranked=True)
        .exclude(result="")
        .order_by("position")
    )
    if len(players) != 4:
        return 0
    user_ids = [p.user_id for p in players if p.user_id is not None]
    ratings = {
        r.user_id: r for r in PlayerRating.objects.select_for_update().filter(user_id__in=user_ids)
    }
    current = {uid: (r.mu, r.sigma) for uid, r in ratings.items()}
    changes = team_update(players, current)
    for player, mu, sigma in changes:
        _record(player, ratings.get(_person(player)), mu, sigma)
    return len(changes)


def _change(
    player: MatchPlayer, old_mu: float, old_sigma: float, mu: float, sigma: float
) -> RatingChange:
    return RatingChange(
        user_id=_person(player),
        match_id=player.match_id,
        before=shown(old_mu, old_sigma),
        after=shown(mu, sigma),
        mu_before=old_mu,
        sigma_before=old_sigma,
        mu_after=mu,
        sigma_after=sigma,
    )


def _record(player: MatchPlayer, rating: PlayerRating | None, mu: float, sigma: float) -> None:
    old_mu, old_sigma = (rating.mu, rating.sigma) if rating else (START_MU, START_SIGMA)
    won = won_and_finished(player)
    RatingChange.objects.bulk_create([_change(player, old_mu, old_sigma, mu, sigma)])
    values = {"mu": mu, "sigma": sigma, "rating": shown(mu, sigma)}
    if rating is None:
        PlayerRating.objects.create(
            user_id=_person(player),
            matches=1,
            wins=int(won),
            abandons=int(player.abandoned),
            **values,
        )
        return
    rating.mu, rating.sigma, rating.rating = mu, sigma, values["rating"]
    rating.matches += 1
    rating.wins += int(won)
    rating.abandons += int(player.abandoned)
    PlayerRating.objects.filter(pk=rating.pk).update(
        matches=rating.matches, wins=rating.wins, abandons=rating.abandons, **values
    )


def recompute() -> int:
    """Forget every rating and replay every ranked match in the order they ended (the order the
    task rated them), in memory, writing the changes in batches; returns how many matches were
    rated. One transaction: readers see the old ratings until it commits."""
    rows = (
        MatchPlayer.objects.filter(ranked=True, match__finished_at__isnull=False)
        .exclude(result="")
        .order_by("match__finished_at", "match_id", "position")
        .only("match_id", "position", "team", "user_id", "bot_level", "result", "abandoned")
    )
    state: dict[int, list] = {}  # user id -> [mu, sigma, matches, wins, abandons]
    rated = 0
    with transaction.atomic():
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
        changes: list[RatingChange] = []
        for players in _by_match(rows.iterator(chunk_size=4000)):
            if len(players) != 4:
                continue
            current = {
                p.user_id: tuple(state[p.user_id][:2]) for p in players if p.user_id in state
            }
            rated += 1
            for player, mu, sigma in team_update(players, current):
                user_id = _person(player)
                old = state.get(user_id) or [START_MU, START_SIGMA, 0, 0, 0]
                changes.append(_change(player, old[0], old[1], mu, sigma))
                won = won_and_finished(player)
                state[user_id] = [
                    mu,
                    sigma,
                    old[2] + 1,
                    old[3] + won,
                    old[4] + player.abandoned,
                ]
            if len(changes) >= 4000:
                RatingChange.objects.bulk_create(changes)
                changes = []
        RatingChange.objects.bulk_create(changes, batch_size=2000)
        PlayerRating.objects.bulk_create(
            (
                PlayerRating(
                    user_id=uid,
                    mu=mu,
                    sigma=sigma,
                    rating=shown(mu, sigma),
                    matches=n,
                    wins=wins,
                    abandons=abandons,
                )
                for uid, (mu, sigma, n, wins, abandons) in state.items()
            ),
            batch_size=2000,
        )
    log.info("ratings recomputed from %s ranked matches", rated)
    return rated


def _by_match(rows) -> Iterator[list[MatchPlayer]]:
    group: list[MatchPlayer] = []
    for row in rows:
        if group and row.match_id != group[0].match_id:
            yield group
            group = []
        group.append(row)
    if group:
        yield group
