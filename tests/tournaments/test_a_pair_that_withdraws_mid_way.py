"""A pair that withdraws after the first round is paired no more: the tournament goes on and
ends without it, and its first-round result stays in the standing; in a knock-out it forfeits
its next game."""

from __future__ import annotations

import pytest

from games.errors import ServiceError
from tests.support.tournaments import (
    open_tournament,
    play_round,
    players,
    run_to_the_end,
    start_now,
)
from tournaments.actions import registration
from tournaments.models import Game, Pair, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _register_four_players_and_two_bot_pairs(t: Tournament):
    ana, bob, cyd, dee = players("ana", "bob", "cyd", "dee")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    registration.do_register(t.pk, cyd, "pair", "dee")
    registration.do_accept(t.pk, dee, cyd.pk)
    registration.do_add_bot_pair(t.pk)
    registration.do_add_bot_pair(t.pk)
    return ana, bob, cyd, dee


def test_a_pair_withdrawing_after_round_one_is_not_paired_again_and_keeps_its_result():
    t = open_tournament(rounds=3)
    ana, _bob, _cyd, _dee = _register_four_players_and_two_bot_pairs(t)
    start_now(t)
    assert t.current_round == 1
    play_round(t)
    theirs = registration.pair_of(t, ana.pk)
    assert theirs is not None and theirs.played == 1
    points = theirs.points
    registration.do_withdraw(t.pk, ana)
    run_to_the_end(t)
    assert t.status == Tournament.Status.FINISHED
    later = Game.objects.filter(round__tournament=t, round__number__gt=1)
    assert not later.filter(pair_a=theirs).exists() and not later.filter(pair_b=theirs).exists()
    row = next(r for r in t.standings if r["pair_id"] == theirs.pk)
    assert row["withdrawn"] and row["played"] == 1 and row["points"] == points
    # The three others played on: a bye each round among three.
    others = Pair.objects.filter(tournament=t).exclude(pk=theirs.pk)
    assert all(p.played == 3 for p in others)
    assert later.filter(outcome=Game.Outcome.BYE).count() == 2


def test_withdrawing_twice_is_refused():
    t = open_tournament()
    ana, *_ = _register_four_players_and_two_bot_pairs(t)
    start_now(t)
    registration.do_withdraw(t.pk, ana)
    with pytest.raises(ServiceError) as refused:
        registration.do_withdraw(t.pk, ana)
    assert refused.value.code == "withdrawn"


def test_in_a_knockout_a_withdrawn_pair_forfeits_its_next_game():
    t = open_tournament(format="knockout")
    people = players("ana", "bob", "cyd", "dee", "eve", "fay", "gus", "hal")
    for first, second in zip(people[::2], people[1::2], strict=True):
        registration.do_register(t.pk, first, "pair", second.username)
        registration.do_accept(t.pk, second, first.pk)
    start_now(t)
    play_round(t)
    winner = Game.objects.filter(round__tournament=t, round__number=1).first().winner
    registration.do_withdraw(t.pk, winner.player_a)
    run_to_the_end(t)
    final = Game.objects.get(round__tournament=t, round__number=2)
    assert final.outcome == Game.Outcome.FORFEIT and final.table_id is None
    assert final.winner_id != winner.pk
    assert t.standings[0]["pair_id"] == final.winner_id
