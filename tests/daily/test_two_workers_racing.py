"""Two workers at once (beat on two nodes, beat and a first visitor, a double click, two ranking
tasks): one set per day, one try per person, one ranking."""

from __future__ import annotations

from datetime import date

import pytest

from daily.actions import do_open_day, do_play, do_refresh_ranking
from daily.models import DailyEntry, DailySet
from games.models import Table
from tests.support.live import guest
from tests.support.races import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_makers_of_one_day_end_with_one_set():
    day = date(2026, 12, 24)
    results = race([lambda: do_open_day(day)] * 2)
    assert all(isinstance(r, DailySet) for r in results), results
    assert results[0].pk == results[1].pk
    assert results[0].commitments == results[1].commitments
    assert DailySet.objects.filter(day=day).count() == 1


def test_a_double_click_on_play_opens_one_table():
    lea = guest("Léa")
    results = race([lambda: do_play(lea)] * 2)
    assert all(isinstance(r, DailyEntry) for r in results), results
    assert results[0].pk == results[1].pk
    assert DailyEntry.objects.count() == 1 and Table.objects.count() == 1


def test_two_ranking_tasks_at_once_rank_the_day_once():
    daily_set = do_open_day()
    for i, scores in enumerate(([10], [20], [20])):
        DailyEntry.objects.create(
            daily_set=daily_set, viewer_key=f"g:{i}", nickname=f"p{i}", scores=scores,
            status=DailyEntry.Status.FINISHED,
        )  # fmt: skip
    DailySet.objects.filter(pk=daily_set.pk).update(results_version=3)
    results = race([lambda: do_refresh_ranking(daily_set.pk)] * 2)
    assert sorted(results) == [False, True], results
    assert sorted(DailyEntry.objects.values_list("rank", flat=True)) == [1, 1, 3]
