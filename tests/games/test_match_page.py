"""The page of a finished match: score hand by hand, a replay of every deal, the hand history as
JSON Lines hand records, and who may see them (nobody while it is played; a private table's
players only)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Match, Table
from games.views.table import _match_url_template
from spades.engine import Rules
from spades.engine.record import score_record
from tests.support.match import finished_private_match, private_match
from tests.support.pages import guest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """(the host's client, the table, the match) of a private match played to its end."""
    return finished_private_match()


def page_url(match: Match, lang: str = "fr") -> str:
    with translation.override(lang):
        return reverse("games:match", args=[match.pk])


def export_url(match: Match, lang: str = "fr") -> str:
    with translation.override(lang):
        return reverse("games:match_export", args=[match.pk])


def test_the_match_page_lives_at_parties_in_french_and_matches_in_english(finished):
    _, _, match = finished
    assert page_url(match) == f"/fr/parties/{match.pk}/"
    assert page_url(match, "en") == f"/en/matches/{match.pk}/"
    assert export_url(match) == f"/fr/parties/{match.pk}/export.jsonl"
    host = finished[0]
    french = host.get(page_url(match)).content.decode()
    assert "Le score main par main" in french and "Précédent" in french and "Suivant" in french
    english = host.get(page_url(match, "en")).content.decode()
    assert '<html lang="en">' in english and "Score hand by hand" in english
    assert host.get(export_url(match, "en")).status_code == 200


def test_a_match_in_play_has_no_page_not_even_for_its_players(db):
    host = guest("Léa")
    _, match = private_match(host)
    assert host.get(page_url(match)).status_code == 404
    assert host.get(export_url(match)).status_code == 404
    Table.objects.filter(pk=match.table_id).update(kind="quick")
    assert Client().get(page_url(match)).status_code == 404


def test_a_finished_match_shows_its_players_and_its_score_hand_by_hand(finished):
    host, _, match = finished
    response = host.get(page_url(match))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Léa" in html and "Robot Est (Facile)" in html
    rows = response.context["rows"]
    assert [row["number"] for row in rows] == list(range(1, len(rows) + 1))
    last = rows[-1]["teams"]
    assert {team: last[team]["total"] for team in ("NS", "EW")} == match.result["scores"]
    assert f'<td class="total">{last["NS"]["total_text"]}</td>' in html
    assert "<td>-" not in html and 'class="total">-' not in html  # the typographic minus
    assert "Voir la partie" not in html  # that link is the table's, this is the page itself


def test_a_private_match_is_shown_to_its_players_only(finished):
    host, _, match = finished
    assert host.get(page_url(match)).status_code == 200
    for stranger in (Client(), guest("Max")):
        assert stranger.get(page_url(match)).status_code == 404
        assert stranger.get(export_url(match)).status_code == 404


def test_quick_and_ranked_matches_are_public_once_over(finished):
    _, table, match = finished
    for kind in ("quick", "ranked"):
        Table.objects.filter(pk=table.pk).update(kind=kind)
        assert Client().get(page_url(match)).status_code == 200
        assert Client().get(export_url(match)).status_code == 200


def test_the_replay_holds_every_deal_of_four_thirteen_card_hands_and_every_trick(finished):
    host, _, match = finished
    response = host.get(page_url(match))
    html = response.content.decode()
    assert 'id="replay-data"' in html and "js/match.js" in html
    replay = response.context["replay"]
    assert replay["players"]["N"] == "Léa"
    assert len(replay["hands"]) == len(response.context["rows"]) >= 1
    for hand in replay["hands"]:
        deal = hand["deal"]
        assert sorted(deal) == ["E", "N", "S", "W"]
        assert all(len(cards) == 13 for cards in deal.values())
        assert len({card for cards in deal.values() for card in cards}) == 52
        assert len(hand["bids"]) == 4
        assert len(hand["tricks"]) == 13
        for trick in hand["tricks"]:
            assert len(trick["cards"]) == 4
            assert all(play["card"] in deal[play["seat"]] for play in trick["cards"])


def test_the_export_is_a_json_lines_download_of_hand_records(finished):
    host, _, match = finished
    response = host.get(export_url(match))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-ndjson")
    assert response["Content-Disposition"] == (
        f'attachment; filename="atout-pique-match-{match.pk}.jsonl"'
    )
    lines = response.content.decode().splitlines()
    records = [json.loads(line) for line in lines]
    assert records[0]["rules"] == {"target": 50}
    assert set(records[0]) == {
        "rules", "dealer", "hands", "bids", "plays", "before", "shuffle", "players", "score",
    }  # fmt: skip
    assert all(len(record["plays"]) == 52 for record in records)
    same = host.get(page_url(match), {"format": "jsonl"})
    assert same.content == response.content


def test_the_engines_score_command_accepts_the_export_and_ends_at_the_matchs_totals(finished):
    host, _, match = finished
    export = host.get(export_url(match)).content
    done = subprocess.run(
        [sys.executable, "-m", "spades.engine", "score"],
        input=export, capture_output=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    scored = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(scored) == len(export.decode().splitlines())
    final = {team: scored[-1][team]["score"] for team in ("NS", "EW")}
    assert final == match.result["scores"]
    rows = host.get(page_url(match)).context["rows"]
    for line, row in zip(scored, rows, strict=True):
        assert line["NS"]["score"] == row["teams"]["NS"]["total"]
        assert line["EW"]["bags"] == row["teams"]["EW"]["bags"]


def test_records_of_a_match_with_options_score_in_process_like_the_match(db):
    host = guest("Léa")
    from tests.support.match import play_to_the_end

    table, _ = private_match(host, target=100)
    match = play_to_the_end(table, host)
    records = [json.loads(x) for x in host.get(export_url(match)).content.decode().splitlines()]
    assert Rules.from_dict(match.rules).target == 100
    results = [score_record(record) for record in records]
    assert all("error" not in r for r in results)
    assert {t: results[-1][t]["score"] for t in ("NS", "EW")} == match.result["scores"]


def test_the_table_page_links_its_finished_match_to_the_match_page(finished):
    host, table, match = finished
    response = host.get(reverse("games:table", args=[table.pk]))
    config = response.context["table_config"]
    assert config["urls"]["match"] == "/fr/parties/%(id)s/"
    assert response.context["state"]["table"]["match"]["id"] == match.pk
    assert _match_url_template().replace("%(id)s", str(match.pk)) == page_url(match)
    assert "see_match" in response.context["table_strings"]
