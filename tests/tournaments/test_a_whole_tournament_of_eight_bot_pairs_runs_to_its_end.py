"""A whole Swiss tournament of eight pairs of bots, through the real tables and beat's task,
runs to its end and keeps its final standing; simulate_tournament prints it as JSON last."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Table
from tournaments.management.commands.simulate_tournament import run
from tournaments.models import Game, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_eight_pairs_of_bots_play_three_swiss_rounds_to_a_kept_final_standing():
    result = run(8, 3, "swiss", target=50, hand_limit=1)
    t = Tournament.objects.get(pk=result["tournament"])
    assert t.status == Tournament.Status.FINISHED
    assert t.standings is not None and len(t.standings) == 8
    assert all(row["played"] == 3 for row in result["standings"])
    # Every round was four real matches that ended, no bye with an even count.
    games = Game.objects.filter(round__tournament=t)
    assert games.count() == 12
    assert set(games.values_list("outcome", flat=True)) == {Game.Outcome.PLAYED}
    assert not Table.objects.filter(pk__in=games.values("table_id")).exclude(
        status=Table.Status.FINISHED
    )
    # Three rounds among eight: no two pairs met twice.
    encounters = [frozenset((a, b)) for _r, a, b in result["pairings"]]
    assert len(encounters) == len(set(encounters)) == 12
    # One win per match: the points add up to the number of matches.
    assert sum(row["points"] for row in result["standings"]) == 12
    points = [row["points"] for row in result["standings"]]
    assert points == sorted(points, reverse=True)


def test_simulate_tournament_prints_the_standing_as_json_on_its_last_line():
    out = StringIO()
    call_command(
        "simulate_tournament", "--pairs", "3", "--rounds", "2", "--target", "50",
        "--hand-limit", "1", stdout=out,
    )  # fmt: skip
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert [row["played"] for row in summary["standings"]] == [2, 2, 2]
    assert {row["pair"] for row in summary["standings"]} == {"Bots 1", "Bots 2", "Bots 3"}
    # Three pairs: each round one game and one bye.
    assert sorted(r for r, _a, b in summary["pairings"] if b is None) == [1, 2]
    assert len(summary["pairings"]) == 4
