"""Beat starts each round on time, once, whatever the number of workers asking: nothing
before the start, the next round at its slot once the previous one ended; lone players are
paired by close rating; the recurring schedule creates each occurrence once."""

from __future__ import annotations

import datetime as dt
from datetime import timedelta

import pytest
from django.utils import timezone

from ranked.models import PlayerRating
from ranked.ratings import shown
from tests.support.tournaments import (
    keep_everyone_present,
    open_tournament,
    play_round,
    players,
    start_now,
)
from tournaments import tasks
from tournaments.actions import registration, rounds
from tournaments.models import Pair, RecurringTournament, Round, Tournament

pytestmark = pytest.mark.django_db


def test_nothing_starts_before_the_start_time_and_a_round_starts_once():
    t = open_tournament(round_minutes=30)
    for _ in range(4):
        registration.do_add_bot_pair(t.pk)
    assert tasks.tick()["started"] == 0
    assert rounds.do_start_round(t.pk, 1) is False
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    assert rounds.do_start_round(t.pk, 1) is True
    assert rounds.do_start_round(t.pk, 1) is False  # a second worker, or a repeated task
    assert tasks.tick()["started"] == 0
    assert Round.objects.filter(tournament=t).count() == 1
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.current_round == 1


@pytest.mark.slow
def test_the_next_round_waits_for_its_slot():
    t = open_tournament(round_minutes=30)
    for _ in range(4):
        registration.do_add_bot_pair(t.pk)
    start_now(t)
    play_round(t)
    assert t.next_round_at is not None
    assert t.next_round_at - t.starts_at == timedelta(minutes=30)
    assert tasks.tick()["started"] == 0
    Tournament.objects.filter(pk=t.pk).update(next_round_at=timezone.now())
    assert tasks.start_round(t.pk, 2) is True
    assert tasks.start_round(t.pk, 2) is False


def test_lone_players_are_paired_by_close_rating():
    t = open_tournament()
    names = ("ana", "bob", "cyd", "dee")
    users = players(*names)
    for user, mu in zip(users, (40.0, 20.0, 39.0, 21.0), strict=True):
        PlayerRating.objects.create(user=user, mu=mu, sigma=3.0, rating=shown(mu, 3.0))
        registration.do_register(t.pk, user, "alone")
    keep_everyone_present(t)
    start_now(t)
    partners = {frozenset(p.user_ids()) for p in Pair.objects.filter(tournament=t)}
    ana, bob, cyd, dee = users
    assert partners == {frozenset((ana.pk, cyd.pk)), frozenset((bob.pk, dee.pk))}
    assert Pair.objects.get(tournament=t, number=1).user_ids() in (
        [ana.pk, cyd.pk],
        [cyd.pk, ana.pk],
    )


def test_a_recurring_tournament_is_created_once_per_occurrence():
    daily = RecurringTournament.objects.create(
        name="Evening cup", format="swiss", rounds=4, time_of_day=dt.time(21, 0)
    )
    assert tasks.schedule() == 1
    assert tasks.schedule() == 0  # a second worker, the next minute
    t = Tournament.objects.get(recurring=daily)
    local = timezone.localtime(t.starts_at)
    assert (local.hour, local.minute) == (21, 0)
    assert t.starts_at > timezone.now()
    assert t.starts_at - t.registration_opens_at == timedelta(hours=daily.registration_hours)
    assert (t.name, t.rounds, t.rated) == ("Evening cup", 4, True)


def test_a_table_everyone_abandoned_is_decided_by_the_tick_as_lost_by_both(settings):
    from games.actions.sweep import do_close_abandoned
    from tournaments.models import Game

    t = open_tournament(rounds=1)
    ana, bob, cyd, dee = players("ana", "bob", "cyd", "dee")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    registration.do_register(t.pk, cyd, "pair", "dee")
    registration.do_accept(t.pk, dee, cyd.pk)
    start_now(t)
    game = Game.objects.get(round__tournament=t)
    settings.ABANDONED_TABLE_MINUTES = 0  # nobody ever opened the table's page
    assert do_close_abandoned(game.table_id)
    assert tasks.tick()["recorded"] == 1
    game.refresh_from_db()
    assert game.outcome == Game.Outcome.PLAYED and game.winner is None
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert [row["points"] for row in t.standings] == [0.0, 0.0]
