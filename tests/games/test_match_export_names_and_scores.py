"""The match export names the players as the match page does and gives each hand's score (the
engine's ``score`` command checks that score against the plays)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from spades.engine.record import score_record
from tests.support.match import finished_private_match


@pytest.fixture
def finished(db):
    return finished_private_match("Léa")


def test_each_exported_hand_names_the_players_and_gives_its_score(finished):
    host, _, match = finished
    page = host.get(reverse("games:match", args=[match.pk]))
    export = host.get(reverse("games:match_export", args=[match.pk])).content.decode()
    records = [json.loads(line) for line in export.splitlines()]
    shown = {seat["position"]: seat["name"] for seat in page.context["seats"]}
    assert shown["N"] == "Léa"
    assert all(record["players"] == shown for record in records)
    rows = page.context["rows"]
    for record, row in zip(records, rows, strict=True):
        for team in ("NS", "EW"):
            assert record["score"][team]["score"] == row["teams"][team]["total"]
            assert record["score"][team]["hand"] == row["teams"][team]["points"]
    assert {team: records[-1]["score"][team]["score"] for team in ("NS", "EW")} == (
        match.result["scores"]
    )


def test_the_scorer_accepts_the_exported_records_and_refuses_a_score_they_do_not_make(finished):
    host, _, match = finished
    export = host.get(reverse("games:match_export", args=[match.pk])).content.decode()
    record = json.loads(export.splitlines()[0])
    assert "error" not in score_record(record)
    record["score"]["NS"]["score"] += 10
    assert score_record(record)["at"] == "score"
    record.pop("score")
    record["players"] = {"X": "Léa"}
    assert score_record(record)["at"] == "players"
