"""Leaving half-way: the table closes, the hands played count, the rest is not played; a try
whose table was closed for want of its player, or whose day ended, is settled by beat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from daily.actions import do_leave_try, do_play
from daily.models import DailyEntry, DailySet
from daily.tasks import settle
from games.models import Table
from tests.support.daily import play_try
from tests.support.live import engine_at, guest

pytestmark = pytest.mark.django_db


def test_stopping_after_one_hand_of_two_keeps_that_hand_only(settings):
    settings.DAILY_HANDS = 2
    lea = guest("Léa")
    entry = do_play(lea)
    play_try(entry, lea, hands=1)
    settled = do_leave_try(lea)
    assert settled is not None and settled.status == DailyEntry.Status.LEFT
    assert len(settled.scores) == 1
    assert Table.objects.get(pk=entry.table_id).status == Table.Status.ABANDONED
    assert len(engine_at(entry.match_id).history) == 1  # no bot played on for her


def test_stopping_before_any_hand_counts_nothing():
    lea = guest("Léa")
    do_play(lea)
    settled = do_leave_try(lea)
    assert settled is not None and settled.scores == []


def test_beat_settles_a_try_whose_day_is_over(settings):
    lea = guest("Léa")
    entry = do_play(lea)
    assert settle() == 0  # in play on a day still open: left alone
    DailySet.objects.update(closes_at=timezone.now() - timedelta(seconds=1))
    assert settle() == 1
    entry.refresh_from_db()
    assert entry.status == DailyEntry.Status.LEFT
    assert Table.objects.get(pk=entry.table_id).status == Table.Status.ABANDONED
    assert settle() == 0
