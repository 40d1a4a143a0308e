"""A rated tournament's games are ranked matches: their tables are ranked tables and their
results move the players' ratings, with ranked play's abandonment rules; an unrated one plays
at private tables nobody can join, and nobody is rated."""

from __future__ import annotations

import pytest

from games.models import Table
from ranked.models import MatchPlayer, RatingChange
from ranked.ratings import rate_match
from tests.support.tournaments import open_tournament, play_round, players, start_now
from tournaments.actions import registration
from tournaments.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _two_pairs(t):
    ana, bob, cyd, dee = players("ana", "bob", "cyd", "dee")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    registration.do_register(t.pk, cyd, "pair", "dee")
    registration.do_accept(t.pk, dee, cyd.pk)
    return ana, bob, cyd, dee


def test_a_rated_tournament_plays_ranked_matches_that_move_ratings():
    t = open_tournament(rounds=1)
    ana, bob, cyd, dee = _two_pairs(t)
    start_now(t)
    game = Game.objects.get(round__tournament=t)
    assert game.table.kind == Table.Kind.RANKED
    play_round(t)
    game.refresh_from_db()
    assert game.outcome == Game.Outcome.PLAYED and game.winner is not None
    rate_match(game.table.match_id)  # what the queued ranked.rate_match task does
    assert set(RatingChange.objects.values_list("user_id", flat=True)) == {
        ana.pk, bob.pk, cyd.pk, dee.pk
    }  # fmt: skip
    t.refresh_from_db()
    assert t.status == t.Status.FINISHED


def test_leaving_a_tournament_table_is_a_ranked_abandonment():
    t = open_tournament(rounds=1)
    ana, *_ = _two_pairs(t)
    start_now(t)
    game = Game.objects.get(round__tournament=t)
    play_round(t, leave={f"u:{ana.pk}"})
    player = MatchPlayer.objects.get(match_id=game.table.match_id, user=ana)
    assert player.abandoned and player.ranked


def test_an_unrated_tournament_plays_private_tables_that_nobody_can_join():
    t = open_tournament(rounds=1, rated=False)
    _two_pairs(t)
    start_now(t)
    table = Game.objects.get(round__tournament=t).table
    assert table.kind == Table.Kind.PRIVATE
    assert table.invite_token == "" and table.host_key == ""
    play_round(t)
    assert not RatingChange.objects.exists()
