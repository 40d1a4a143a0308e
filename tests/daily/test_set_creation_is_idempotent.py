"""The day's set is made once: twice (beat and a first visitor, two workers) gives one set with
the same commitments, each the SHA-256 of its context and seed."""

from __future__ import annotations

from datetime import UTC, date

import pytest

from daily.actions import do_open_day
from daily.deals import bounds, context
from daily.models import DailySet
from daily.tasks import open_day
from spades.engine.shuffle import commitment


@pytest.mark.django_db
def test_opening_the_same_day_twice_makes_one_set_with_the_same_commitments(settings):
    settings.DAILY_HANDS = 8
    first = do_open_day(date(2026, 12, 3))
    second = do_open_day(date(2026, 12, 3))
    assert DailySet.objects.count() == 1
    assert first.pk == second.pk
    assert first.commitments == second.commitments
    assert len(first.commitments) == len(first.deal_seeds) == 8
    assert len(set(first.deal_seeds)) == 8


@pytest.mark.django_db
def test_the_beat_task_makes_todays_set_once():
    assert open_day() == open_day()
    assert DailySet.objects.count() == 1


@pytest.mark.django_db
def test_each_commitment_binds_its_day_and_hand_to_its_seed():
    daily_set = do_open_day(date(2026, 12, 3))
    for n, (seed, made) in enumerate(
        zip(daily_set.deal_seeds, daily_set.commitments, strict=True), 1
    ):
        assert made == commitment(f"daily=2026-12-03;hand={n}", seed)
        assert context(daily_set.day, n) == f"daily=2026-12-03;hand={n}"


def test_a_day_runs_from_midnight_to_midnight_in_paris():
    start, end = bounds(date(2026, 12, 3))
    assert start.isoformat() == "2026-12-03T00:00:00+01:00"
    assert (end - start).total_seconds() == 24 * 3600
    start, end = bounds(date(2026, 3, 29))  # the clocks go forward: a day of 23 hours
    assert (end.astimezone(UTC) - start.astimezone(UTC)).total_seconds() == 23 * 3600
