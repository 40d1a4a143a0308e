"""The tournament's page shows the standing and each round's games (with the player's own
table), its poll answers with the fragment only when something changed, and the list of
tournaments links to it in both languages."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from tests.support.tournaments import open_tournament, play_round, players, start_now
from tournaments.actions import registration
from tournaments.models import Game, Registration

pytestmark = pytest.mark.django_db


def _en(name: str, *args) -> str:
    with override("en"):
        return reverse(f"tournaments:{name}", args=args)


def test_the_french_and_english_addresses():
    t = open_tournament()
    assert reverse("tournaments:index") == "/fr/tournois/"
    assert reverse("tournaments:detail", args=[t.pk]) == f"/fr/tournois/{t.pk}/"
    assert _en("detail", t.pk) == f"/en/tournaments/{t.pk}/"
    page = Client().get(reverse("tournaments:index")).content.decode()
    assert f'href="/fr/tournois/{t.pk}/"' in page
    assert "Tournois" in page


@pytest.mark.slow
def test_the_page_shows_the_standing_the_rounds_and_my_table():
    t = open_tournament(rounds=2)
    ana, bob = players("ana", "bob")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    for _ in range(3):
        registration.do_add_bot_pair(t.pk)
    start_now(t)
    client = Client()
    client.force_login(ana)
    page = client.get(_en("detail", t.pk)).content.decode()
    mine = registration.pair_of(t, ana.pk)
    game = Game.objects.get(Q(pair_a=mine) | Q(pair_b=mine), round__tournament=t)
    assert "Your match has started: go to your table" in page
    assert f'href="{reverse("games:table", args=[game.table_id])}"' in page
    assert '<h2 id="round-1">Round 1</h2>' in page
    assert "ana &amp; bob" in page
    play_round(t)
    state = client.get(_en("state", t.pk), {"v": "0"}).json()
    assert "html" in state and "Standing" in state["html"]
    assert "Your match has started" not in state["html"]
    unchanged = client.get(_en("state", t.pk), {"v": state["version"]}).json()
    assert "html" not in unchanged


def test_the_poll_tells_that_the_player_is_here():
    t = open_tournament()
    (ana,) = players("ana")
    registration.do_register(t.pk, ana, "alone")
    Registration.objects.filter(user=ana).update(seen_at=None)
    client = Client()
    client.force_login(ana)
    client.get(_en("state", t.pk))
    assert Registration.objects.get(user=ana).seen_at is not None


def test_an_unknown_tournament_is_not_found():
    assert Client().get(_en("detail", 999)).status_code == 404
    assert Client().get(_en("state", 999)).status_code == 404
