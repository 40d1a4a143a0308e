"""The ranking: every settled try gets its matchpoints and rank (accounts and guests apart,
compared with everyone), refreshed idempotently; the page lists both, each deal's spread, and
after one's own try the best result on each deal with its replay."""

from __future__ import annotations

import pytest
from django.test import Client

from daily.actions import do_open_day, do_play, do_refresh_ranking
from daily.models import DailyEntry
from daily.tasks import refresh_ranking
from tests.support.daily import play_try
from tests.support.match import viewer_of
from tests.support.pages import guest
from tests.support.ranked import make_player

pytestmark = pytest.mark.django_db


def _settled(daily_set, name: str, scores: list[int], user=None) -> DailyEntry:
    return DailyEntry.objects.create(
        daily_set=daily_set, viewer_key=f"g:{name}" if user is None else f"u:{user.pk}",
        user=user, nickname=name, scores=scores, status=DailyEntry.Status.FINISHED,
    )  # fmt: skip


def test_matchpoints_and_ranks_accounts_and_guests_apart(settings):
    settings.DAILY_HANDS = 2
    daily_set = do_open_day()
    ana, _ = make_player("ana")
    bob, _ = make_player("bob")
    _settled(daily_set, "ana", [100, 20], ana)
    _settled(daily_set, "bob", [50, 20], bob)
    _settled(daily_set, "Zoé", [150, -40])
    assert do_refresh_ranking(daily_set.pk)
    assert not refresh_ranking(daily_set.pk)  # nothing new: nothing done
    rows = {e.nickname: e for e in DailyEntry.objects.all()}
    assert rows["ana"].matchpoints == pytest.approx(0.5 + 0.75)
    assert rows["bob"].matchpoints == pytest.approx(0.0 + 0.75)
    assert rows["Zoé"].matchpoints == pytest.approx(1.0 + 0.0)
    assert (rows["ana"].rank, rows["bob"].rank, rows["Zoé"].rank) == (1, 2, 1)
    daily_set.refresh_from_db()
    assert daily_set.spread[1]["count"] == 3
    assert daily_set.spread[1]["common"] == [[20, 2], [-40, 1]]
    page = Client().get("/fr/donne-du-jour/").content.decode()
    accounts = page.index('id="daily-accounts"')
    guests = page.index('id="daily-guests"')
    assert accounts < page.index(">ana<") < page.index(">bob<") < guests < page.index(">Zoé<")
    assert "<caption>Invités, par pseudo</caption>" in page
    assert '<th scope="col">Points de match</th>' in page


def test_after_ones_try_the_best_result_on_each_deal_links_its_replay():
    lea, hugo = guest("Léa"), guest("Hugo")
    entry = do_play(viewer_of(lea))
    play_try(entry, viewer_of(lea))
    daily_set = do_open_day()
    assert do_refresh_ranking(daily_set.pk)
    replay = f'href="/fr/parties/{entry.match_id}/"'
    assert replay in lea.get("/fr/donne-du-jour/").content.decode()
    assert replay not in hugo.get("/fr/donne-du-jour/").content.decode()


def test_the_profile_shows_the_players_daily_results():
    user, _viewer = make_player("lea")
    daily_set = do_open_day()
    _settled(daily_set, "lea", [40], user)
    do_refresh_ranking(daily_set.pk)
    page = Client().get("/fr/joueurs/lea/").content.decode()
    assert "Donnes du jour" in page
    assert 'id="daily-results"' in page
    assert "0,50" in page or "0.50" in page


def test_a_long_ranking_comes_in_pages():
    daily_set = do_open_day()
    for i in range(55):
        _settled(daily_set, f"guest{i:02}", [i])
    do_refresh_ranking(daily_set.pk)
    page = Client().get("/fr/donne-du-jour/").content.decode()
    assert "guest54" in page and "guest00" not in page
    assert "Page 1 sur 2" in page
    second = Client().get("/fr/donne-du-jour/?g=2").content.decode()
    assert "guest00" in second


def test_a_try_left_before_any_deal_ranks_last_with_no_matchpoints():
    daily_set = do_open_day()
    _settled(daily_set, "Zoé", [])
    _settled(daily_set, "Léa", [30])
    assert do_refresh_ranking(daily_set.pk)
    rows = {e.nickname: e for e in DailyEntry.objects.all()}
    assert (rows["Zoé"].matchpoints, rows["Zoé"].rank) == (0.0, 2)
    assert (rows["Léa"].matchpoints, rows["Léa"].rank) == (0.5, 1)
