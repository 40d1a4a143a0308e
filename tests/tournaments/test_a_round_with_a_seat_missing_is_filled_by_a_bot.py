"""At a round's start, a player who is not on the tournament's page has a bot in their seat
(their partner plays), and a pair with nobody there loses that round without a table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from tests.support.tournaments import open_tournament, players, start_now
from tournaments.actions import registration
from tournaments.models import Game, Registration

pytestmark = pytest.mark.django_db


def _away(user) -> None:
    Registration.objects.filter(user=user).update(seen_at=timezone.now() - timedelta(hours=1))


def test_a_missing_player_gets_a_bot_and_their_partner_plays():
    t = open_tournament()
    ana, bob, cyd, dee = players("ana", "bob", "cyd", "dee")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    registration.do_register(t.pk, cyd, "pair", "dee")
    registration.do_accept(t.pk, dee, cyd.pk)
    _away(bob)
    start_now(t)
    game = Game.objects.get(round__tournament=t)
    assert game.outcome == Game.Outcome.PENDING and game.table_id is not None
    seats = {s.position: s for s in Seat.objects.filter(table_id=game.table_id)}
    people = {s.user_id for s in seats.values() if s.user_id}
    assert people == {ana.pk, cyd.pk, dee.pk}
    bots = [s for s in seats.values() if s.is_bot]
    assert len(bots) == 1 and bots[0].bot_level == t.bot_level
    bob_side = ("N", "S") if bob.pk in game.pair_a.user_ids() else ("E", "W")
    assert bots[0].position in bob_side  # bob's own seat, beside ana


def test_a_pair_with_nobody_there_loses_the_round_and_the_other_wins_it():
    t = open_tournament(rounds=1)
    ana, bob, cyd, dee = players("ana", "bob", "cyd", "dee")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    registration.do_register(t.pk, cyd, "pair", "dee")
    registration.do_accept(t.pk, dee, cyd.pk)
    _away(cyd)
    _away(dee)
    start_now(t)
    game = Game.objects.get(round__tournament=t)
    assert game.outcome == Game.Outcome.FORFEIT and game.table_id is None
    assert game.winner == registration.pair_of(t, ana.pk)
    t.refresh_from_db()
    assert t.status == t.Status.FINISHED  # the only round was decided at once
    assert [row["points"] for row in t.standings] == [1.0, 0.0]


def test_a_lone_player_is_paired_with_a_bot_and_a_lone_pair_gets_bots_to_play():
    t = open_tournament()
    (ana,) = players("ana")
    registration.do_register(t.pk, ana, "alone")
    start_now(t)
    pairs = list(t.pairs.order_by("number"))
    assert len(pairs) == 2
    mine = registration.pair_of(t, ana.pk)
    assert mine is not None and mine.player_b_id is None
    game = Game.objects.get(round__tournament=t)
    seats = Seat.objects.filter(table_id=game.table_id)
    assert [s.user_id for s in seats if s.user_id] == [ana.pk]
    assert sum(s.is_bot for s in seats) == 3
