"""The ranked queue: logged-in players only, seated by close ratings with a window that widens,
bots after the wait; abandonment marked and paid for with an escalating wait."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.errors import ServiceError
from games.models import Table
from games.viewers import Viewer
from ranked.actions import (
    abandonment_wait,
    do_join_queue,
    do_leave_queue,
    do_matchmake,
    queue_state,
)
from ranked.matchmaking import Waiting, form_groups, seating
from ranked.models import MatchPlayer, PlayerRating, QueueEntry
from tests.support.ranked import make_player, play_out, seat_four

NOW = timezone.now()


def _w(uid: int, points: float, waited: float = 0.0) -> Waiting:
    return Waiting(uid, points, NOW - timedelta(seconds=waited))


def _groups(queue, wait_seconds=30.0):
    groups = form_groups(queue, NOW, base=100, growth=10, wait_seconds=wait_seconds)
    return [sorted(w.user_id for w in g) for g in groups]


def test_matchmaking_seats_the_four_closest_ratings_together():
    queue = [_w(1, 600), _w(2, 900), _w(3, 630), _w(4, 905), _w(5, 580), _w(6, 610), _w(7, 880)]
    assert _groups(queue) == [[1, 3, 5, 6]]


def test_the_window_widens_with_the_wait():
    queue = [_w(1, 600, waited=0), _w(2, 710), _w(3, 720), _w(4, 750)]
    assert _groups(queue) == []
    queue[0] = _w(1, 600, waited=16)  # 100 + 10 x 16 = 260 points
    assert _groups(queue) == [[1, 2, 3, 4]]


def test_after_the_wait_a_player_starts_with_whoever_is_close_and_bots():
    queue = [_w(1, 600, waited=31), _w(2, 620), _w(3, 2000)]
    assert _groups(queue) == [[1, 2]]
    assert _groups([_w(9, 600, waited=29)]) == []


def test_the_strongest_and_weakest_play_together_against_the_middle():
    seats = seating([_w(1, 500), _w(2, 800), _w(3, 600), _w(4, 700)])
    assert {p: w.user_id for p, w in seats.items()} == {"N": 2, "S": 1, "E": 4, "W": 3}


@pytest.mark.django_db
def test_a_guest_is_refused_ranked_play_with_the_reason():
    guest = Viewer(user_id=None, guest_id="abc", name="Zoé")
    with pytest.raises(ServiceError) as refused:
        do_join_queue(guest)
    assert refused.value.code == "ranked_login"
    with translation.override("fr"):
        assert "inscris-toi ou connecte-toi" in str(refused.value.message)
    assert QueueEntry.objects.count() == 0


@pytest.mark.django_db
def test_queueing_then_cancelling(settings):
    _user, viewer = make_player("eve")
    assert do_join_queue(viewer) is None
    assert do_join_queue(viewer) is None  # twice: one entry
    assert QueueEntry.objects.count() == 1
    assert queue_state(viewer)["state"] == "waiting"
    assert do_leave_queue(viewer)
    assert queue_state(viewer) == {"state": "idle"}


@pytest.mark.django_db
def test_a_closer_rating_is_preferred_by_matchmaking(settings):
    players = {}
    for name, mu in (("low", 15), ("mid", 25), ("mid2", 26), ("mid3", 24), ("mid4", 25.5)):
        user, viewer = make_player(name)
        PlayerRating.objects.create(user=user, mu=mu, sigma=3, rating=1000)
        players[name] = viewer
    for name in ("low", "mid", "mid2", "mid3", "mid4"):
        do_join_queue(players[name])
    table = Table.objects.get(kind=Table.Kind.RANKED)
    seated = {s.nickname for s in table.seats.all()}
    assert seated == {"mid", "mid2", "mid3", "mid4"}
    assert list(QueueEntry.objects.values_list("user__username", flat=True)) == ["low"]
    assert table.turn_seconds  # the turn timer is always on


@pytest.mark.django_db
def test_a_player_whose_lobby_page_stopped_asking_leaves_the_queue(settings):
    _user, viewer = make_player("gone")
    do_join_queue(viewer)
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=40))
    queue_state(viewer, seen=True)  # the page still polls: kept, and seated with bots
    QueueEntry.objects.update(seen_at=timezone.now() - timedelta(seconds=19))
    assert do_matchmake() == 1
    _user, other = make_player("closed")
    do_join_queue(other)
    QueueEntry.objects.update(
        joined_at=timezone.now() - timedelta(seconds=40),
        seen_at=timezone.now() - timedelta(seconds=21),
    )
    assert do_matchmake() == 0
    assert queue_state(other) == {"state": "idle"}


@pytest.mark.django_db
def test_after_the_wait_bots_fill_a_ranked_table(settings):
    _user, viewer = make_player("solo")
    do_join_queue(viewer)
    assert do_matchmake() == 0
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=31))
    assert do_matchmake() == 1
    table = Table.objects.get(kind=Table.Kind.RANKED)
    assert table.status == Table.Status.PLAYING and table.turn_seconds
    assert sum(1 for s in table.seats.all() if s.bot_level) == 3
    assert queue_state(viewer) == {"state": "seated", "table": table.pk}


@pytest.mark.django_db
def test_a_seat_mostly_played_by_a_stand_in_is_an_abandonment(settings):
    table_id, viewers = seat_four(settings)
    play_out(table_id, standin={viewers["ana"].key})
    players = {p.name: p for p in MatchPlayer.objects.filter(match__table_id=table_id)}
    assert players["ana"].abandoned and players["ana"].standin_share > 0.5
    assert players["ana"].result in ("win", "loss")
    assert not players["bob"].abandoned


@pytest.mark.django_db
def test_leaving_is_an_abandonment_with_the_teams_result_and_a_wait(settings):
    table_id, viewers = seat_four(settings)
    play_out(table_id, leave={viewers["bob"].key})
    bob = MatchPlayer.objects.get(match__table_id=table_id, name="bob")
    partner = MatchPlayer.objects.get(
        match__table_id=table_id, team=bob.team, name__in=viewers.keys() - {"bob"}
    )
    assert bob.abandoned and bob.result == partner.result
    wait = abandonment_wait(viewers["bob"].user_id)
    assert timedelta(minutes=9) < wait <= timedelta(minutes=10)
    with pytest.raises(ServiceError) as refused:
        do_join_queue(viewers["bob"])
    assert refused.value.code == "ranked_wait"
    with translation.override("fr"):
        assert "rejouer en classé dans 9" in str(refused.value.message)
    do_join_queue(viewers["ana"])  # the others may queue again


@pytest.mark.django_db
def test_repeated_abandonments_wait_longer(settings):
    user, _viewer = make_player("quitter")
    from games.models import Match

    table = Table.objects.create(kind=Table.Kind.RANKED)
    for n in range(3):
        match = Match.objects.create(table=table, number=n + 1, rules={}, seed="1")
        MatchPlayer.objects.create(
            match=match, position="N", team="NS", user=user, ranked=True, abandoned=True,
            result="loss", finished_at=timezone.now() - timedelta(minutes=n),
        )  # fmt: skip
        wait = abandonment_wait(user.pk)
        expected = settings.RANKED_ABANDON_WAITS[n]
        assert timedelta(seconds=expected - 120) < wait <= timedelta(seconds=expected)
