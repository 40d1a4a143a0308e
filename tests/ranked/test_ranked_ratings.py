"""Ratings after ranked matches: openskill's own team update, once per match, the same when
every match is replayed, abandonment marked."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games.models import Match, Table
from ranked import ratings
from ranked.bot_ratings import BOT_RATINGS
from ranked.models import MatchPlayer, PlayerRating, RatingChange
from tests.support.ranked import connect, play_out, seat_four

pytestmark = pytest.mark.django_db


def _ended_match(table_id: int) -> Match:
    match = Table.objects.get(pk=table_id).match
    assert match.result is not None
    return match


def test_a_ranked_match_records_who_played_each_seat_and_the_team_results(settings):
    table_id, viewers = seat_four(settings)
    play_out(table_id)
    match = _ended_match(table_id)
    players = {p.position: p for p in MatchPlayer.objects.filter(match=match)}
    assert set(players) == {"N", "E", "S", "W"}
    assert {p.user_id for p in players.values()} == {v.user_id for v in viewers.values()}
    winner = match.result["winner"]
    for p in players.values():
        assert p.ranked and not p.abandoned and p.standin_share == 0
        assert p.result == ("win" if p.team == winner else "loss")
        assert p.hands >= 1 and p.bids + p.nil_bids == p.hands


def test_the_rating_update_is_openskills_own_on_the_same_teams(settings):
    table_id, _viewers = seat_four(settings)
    play_out(table_id)
    match = _ended_match(table_id)
    assert ratings.rate_match(match.pk) == 4
    model = PlackettLuce()
    players = MatchPlayer.objects.filter(match=match).order_by("position")
    teams = [[p for p in players if p.team == t] for t in ("NS", "EW")]
    ranks = [0, 1] if match.result["winner"] == "NS" else [1, 0]
    expected = model.rate([[model.rating() for _ in team] for team in teams], ranks=ranks)
    for team, new in zip(teams, expected, strict=True):
        for player, rating in zip(team, new, strict=True):
            stored = PlayerRating.objects.get(user_id=player.user_id)
            assert stored.mu == pytest.approx(rating.mu)
            assert stored.sigma == pytest.approx(rating.sigma)
            assert stored.rating == ratings.shown(rating.mu, rating.sigma)
            assert stored.matches == 1


def test_bots_keep_their_fixed_rating_and_weigh_in_the_update(settings):
    table_id, _viewers = seat_four(settings, names=("solo",))
    play_out(table_id)
    match = _ended_match(table_id)
    ratings.rate_match(match.pk)
    players = list(MatchPlayer.objects.filter(match=match).order_by("position"))
    assert sum(1 for p in players if p.bot_level) == 3
    teams = [[p for p in players if p.team == t] for t in ("NS", "EW")]
    model = PlackettLuce()

    def start(p):
        if p.bot_level:
            mu, sigma = BOT_RATINGS[p.bot_level]
            return model.rating(mu=mu, sigma=sigma)
        return model.rating()

    ranks = [0, 1] if match.result["winner"] == "NS" else [1, 0]
    expected = model.rate([[start(p) for p in team] for team in teams], ranks=ranks)
    (person,) = [p for p in players if p.user_id]
    new = next(
        r
        for team, rs in zip(teams, expected, strict=True)
        for p, r in zip(team, rs, strict=False)
        if p == person
    )
    assert PlayerRating.objects.get(user_id=person.user_id).mu == pytest.approx(new.mu)
    assert PlayerRating.objects.count() == 1
    assert BOT_RATINGS == ratings.BOT_RATINGS


def test_a_match_whose_rating_task_was_lost_is_rated_by_the_catch_up(settings):
    table_id, _viewers = seat_four(settings)
    play_out(table_id)
    match = _ended_match(table_id)
    assert ratings.rate_missed() == 1
    assert RatingChange.objects.filter(match=match).count() == 4
    assert ratings.rate_missed() == 0


def test_rating_a_match_twice_changes_the_ratings_once(settings):
    table_id, _viewers = seat_four(settings)
    play_out(table_id)
    match = _ended_match(table_id)
    ratings.rate_match(match.pk)
    first = list(PlayerRating.objects.values_list("mu", "sigma", "matches"))
    assert ratings.rate_match(match.pk) == 0
    assert RatingChange.objects.filter(match=match).count() == 4
    assert list(PlayerRating.objects.values_list("mu", "sigma", "matches")) == first


def test_recompute_ratings_gives_the_numbers_of_the_incremental_updates(settings):
    table_id, viewers = seat_four(settings)
    play_out(table_id)
    ratings.rate_match(_ended_match(table_id).pk)
    # A second match among three of them, with a bot.
    from ranked.actions import do_join_queue, do_matchmake

    settings.RANKED_WAIT_SECONDS = 30
    for name in ("ana", "bob", "cyd"):
        do_join_queue(viewers[name])
    settings.RANKED_WAIT_SECONDS = 0
    do_matchmake()
    second = Table.objects.filter(kind=Table.Kind.RANKED).exclude(pk=table_id).get()
    connect(second.pk, [viewers[name] for name in ("ana", "bob", "cyd")])
    play_out(second.pk)
    ratings.rate_match(_ended_match(second.pk).pk)
    before = sorted(
        PlayerRating.objects.values_list("user_id", "mu", "sigma", "rating", "matches", "wins")
    )
    changes = sorted(
        RatingChange.objects.values_list("user_id", "match_id", "before", "after", "mu_after")
    )
    call_command("recompute_ratings", verbosity=0)
    after = sorted(
        PlayerRating.objects.values_list("user_id", "mu", "sigma", "rating", "matches", "wins")
    )
    assert [a[:1] + a[3:] for a in after] == [b[:1] + b[3:] for b in before]
    for a, b in zip(after, before, strict=True):
        assert a[1] == pytest.approx(b[1]) and a[2] == pytest.approx(b[2])
    again = sorted(
        RatingChange.objects.values_list("user_id", "match_id", "before", "after", "mu_after")
    )
    assert [c[:4] for c in again] == [c[:4] for c in changes]


def test_the_end_of_a_ranked_match_queues_its_rating_after_commit(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    from celery import current_app

    sent = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, args, countdown=0: sent.append((name, args))
    )
    table_id, _viewers = seat_four(settings)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(table_id)
    match = _ended_match(table_id)
    assert ("ranked.rate_match", (match.pk,)) in sent
    assert sum(1 for name, _args in sent if name == "ranked.rate_match") == 1
