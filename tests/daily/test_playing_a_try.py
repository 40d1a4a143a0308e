"""A try: the player sits South with three Hard bots, meets the day's deals, and the end of the
match settles the try with one result per deal."""

from __future__ import annotations

import pytest

from daily.actions import deal_result, do_open_day, do_play
from daily.models import DailyEntry
from games.models import Match, Seat, Table
from spades.engine.cards import CODES
from spades.engine.shuffle import deal
from tests.support.daily import play_try
from tests.support.live import engine_at, guest


@pytest.mark.django_db
def test_a_try_seats_the_player_south_with_three_hard_bots_on_the_days_deals(settings):
    settings.DAILY_HANDS = 2
    lea = guest("Léa")
    entry = do_play(lea)
    table = Table.objects.get(pk=entry.table_id)
    assert table.kind == Table.Kind.DAILY and table.status == Table.Status.PLAYING
    seats = {s.position: s for s in Seat.objects.filter(table=table)}
    assert seats["S"].viewer_key == lea.key
    assert all(seats[p].bot_level == "hard" for p in "NEW")
    daily_set = do_open_day()
    match = Match.objects.get(pk=entry.match_id)
    assert match.fixed_deals and match.deal_seeds == daily_set.deal_seeds
    assert match.seed == daily_set.seed
    engine = engine_at(match.pk)
    dealt = deal(daily_set.deal_seeds[0], engine.hand.dealer)
    assert sorted(engine.view("S")["hand"]) == sorted(CODES[card] for card in dealt[2])


@pytest.mark.django_db
def test_two_players_meet_the_same_cards_in_the_same_seats():
    first = do_play(guest("Léa"))
    second = do_play(guest("Hugo"))
    a, b = engine_at(first.match_id), engine_at(second.match_id)
    assert a.dealer == b.dealer
    for seat in "NESW":
        assert sorted(a.view(seat)["hand"]) == sorted(b.view(seat)["hand"])


@pytest.mark.django_db
def test_playing_to_the_end_settles_the_try_with_one_result_per_deal():
    lea = guest("Léa")
    entry = do_play(lea)
    play_try(entry, lea)
    entry.refresh_from_db()
    match = Match.objects.get(pk=entry.match_id)
    assert match.result is not None
    assert entry.status == DailyEntry.Status.FINISHED
    history = engine_at(match.pk).history
    assert len(history) == 1
    assert entry.scores == [deal_result(history[0])]
    assert Table.objects.get(pk=entry.table_id).status == Table.Status.FINISHED


def test_a_deals_result_is_the_teams_points_difference_without_bag_penalties():
    hand = {
        "NS": {"hand": -40, "bag_penalty": 100},  # 60 points, then a bag penalty
        "EW": {"hand": -50, "bag_penalty": 0},
    }
    assert deal_result(hand) == 110
