"""A ranked table's page says it is ranked: its title, the ratings at stake (provisional, or a
bot's fixed one), the cost of leaving before the confirm box, no bot estimate of the hand, and
each person's rating change for the end-of-match box."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from games.models import Table
from ranked import ratings
from ranked.models import MatchPlayer, PlayerRating
from tests.support.ranked import play_out, seat_four

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _json(page: str, element_id: str) -> dict:
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', page)
    assert found, element_id
    return json.loads(found.group(1))


def _alone_with_bots(settings, name="solo"):
    """One player queued alone: seated with three bots once the wait is over."""
    table_id, _viewers = seat_four(settings, names=(name,))
    user = MatchPlayer.objects.get(match__table_id=table_id, name=name).user
    return table_id, user


def test_a_ranked_table_is_titled_as_ranked_and_shows_the_ratings_at_stake(settings):
    table_id, user = _alone_with_bots(settings)
    page = _client(user).get(f"/fr/tables/{table_id}/").content.decode()
    assert f"<h1>Table classée {table_id}</h1>" in page
    stakes = page[page.index('id="stakes"') : page.index('id="felt"')]
    assert "les classements en jeu" in stakes
    assert re.search(r"solo <strong>1000</strong> <span class=\"provisional\">provisoire", stakes)
    bots = MatchPlayer.objects.filter(match__table_id=table_id, user__isnull=True)
    for bot in bots:
        mu, sigma = ratings.BOT_RATINGS[bot.bot_level]
        assert f'<strong>{ratings.shown(mu, sigma)}</strong> <span class="fixed">fixe' in stakes
    assert stakes.count("fixe<") == 3


def test_an_established_players_rating_at_stake_is_not_provisional(settings):
    table_id, user = _alone_with_bots(settings)
    PlayerRating.objects.create(user=user, mu=30, sigma=2, rating=1600, matches=15, wins=9)
    page = Client().get(f"/fr/tables/{table_id}/").content.decode()  # a spectator sees it too
    stakes = page[page.index('id="stakes"') : page.index('id="felt"')]
    assert re.search(r"solo <strong>1600</strong></span>", stakes)


def test_a_ranked_table_page_has_no_bid_estimate_to_show(settings):
    table_id, user = _alone_with_bots(settings)
    page = _client(user).get(f"/fr/tables/{table_id}/").content.decode()
    config, strings = _json(page, "table-config"), _json(page, "table-strings")
    assert "hint" not in config["urls"] and "hint_line" not in strings
    assert "Estimation" not in page and 'id="coach"' not in page
    # Another table's page keeps its estimate.
    from django.urls import reverse

    from tests.games.test_pages_table import guest, private_table

    lea = guest("Léa")
    private = private_table(lea)
    lea.post(reverse("games:start", args=[private.pk]))
    quick_page = lea.get(f"/fr/tables/{private.pk}/").content.decode()
    assert "hint" in _json(quick_page, "table-config")["urls"]
    assert "Estimation" in json.dumps(_json(quick_page, "table-strings"), ensure_ascii=False)


def test_leaving_a_ranked_match_warns_of_the_loss_and_the_wait(settings):
    table_id, user = _alone_with_bots(settings)
    page = _client(user).get(f"/fr/tables/{table_id}/").content.decode()
    form = re.search(r'<form[^>]*id="leave-form" data-confirm="([^"]*)"', page)
    assert form, "the leave form carries its warning"
    warning = html.unescape(form.group(1))
    points = int(re.search(r"environ (\d+) points", warning).group(1))
    assert points > 0
    assert "abandon" in warning and "10\xa0minutes" in warning
    assert "quel que soit le résultat de ton équipe" in warning


def test_the_end_of_match_box_reads_each_persons_rating_change_once_rated(settings):
    table_id, _viewers = seat_four(settings)
    play_out(table_id)
    match = Table.objects.get(pk=table_id).match
    ana = MatchPlayer.objects.get(match=match, name="ana").user
    client = _client(ana)
    page = client.get(f"/fr/tables/{table_id}/").content.decode()
    url = _json(page, "table-config")["ranked"]["resultUrl"].replace("%(id)s", str(match.pk))
    assert url == f"/fr/jouer/classee/partie/{match.pk}/"
    assert client.get(url).json() == {"rated": False}
    ratings.rate_match(match.pk)
    changes = client.get(url).json()
    assert changes["rated"] and len(changes["changes"]) == 4
    mine = next(c for c in changes["changes"] if c["you"])
    assert mine["name"] == "ana" and mine["before"] == 1000
    assert mine["delta"] == mine["after"] - mine["before"] != 0


def test_only_a_ranked_match_has_rating_changes_to_read():
    from django.urls import reverse

    from tests.games.test_pages_table import guest, private_table

    lea = guest("Léa")
    private = private_table(lea)
    lea.post(reverse("games:start", args=[private.pk]))
    match_id = Table.objects.get(pk=private.pk).match_id
    assert match_id is not None
    assert lea.get(f"/fr/jouer/classee/partie/{match_id}/").status_code == 404
    assert lea.get("/fr/jouer/classee/partie/999/").status_code == 404
