"""The lobby's two lists as the server renders them: each open quick table has a "Rejoindre"
button (a POST form to its join_url, with the CSRF token), each public table in play a
"Regarder" link to its page with the players, rules and score; an empty list says so."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from lobby.views import lobby_strings

pytestmark = pytest.mark.django_db

OPEN = {
    "id": 7,
    "seats_taken": 2,
    "players": ["Léa", "<b>Max</b>"],
    "rules": "500 points · nul",
    "status": "waiting",
    "url": "/fr/tables/7/",
    "join_url": "/fr/tables/7/rejoindre/",
}
PLAYING = {
    "id": 9,
    "players": ["Zoé", "Robot Est (Facile)", "Paul", "Robot Ouest (Facile)"],
    "rules": "300 points",
    "score": {"NS": 120, "EW": -40},
    "url": "/fr/tables/9/",
}


def lobby_html(**context) -> str:
    request = RequestFactory().get("/fr/jouer/")
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    request.session = {}
    with translation.override("fr"):
        base = {"viewer": None, "lobby_strings": lobby_strings(), "quick_delay": 15}
        return render_to_string("lobby/index.html", {**base, **context}, request=request)


def item(html: str, table_id: int) -> str:
    match = re.search(rf'<li class="[^"]*" data-table="{table_id}">(.*?)</li>', html, re.S)
    assert match, f"no table {table_id}"
    return match.group(1)


def playing_list(html: str) -> str:
    match = re.search(r'<ul class="[^"]*" id="playing-tables"[^>]*>(.*?)</ul>', html, re.S)
    assert match, "no list of tables in play"
    return match.group(1)


def test_an_open_table_has_a_join_form_and_a_table_in_play_a_watch_link():
    html = lobby_html(tables=[OPEN], playing=[PLAYING])
    open_item = item(html, 7)
    assert '<form method="post" action="/fr/tables/7/rejoindre/"' in open_item
    assert 'name="csrfmiddlewaretoken"' in open_item
    assert ">Rejoindre</button>" in open_item
    assert 'aria-label="Rejoindre la table 7"' in open_item
    assert "&lt;b&gt;Max&lt;/b&gt;" in open_item  # names are text, never HTML
    playing = item(html, 9)
    assert '<a class="btn-watch" href="/fr/tables/9/"' in playing
    assert ">Regarder</a>" in playing
    assert "Zoé, Robot Est (Facile), Paul, Robot Ouest (Facile)" in playing
    assert "300 points" in playing
    assert "Nord–Sud 120, Est–Ouest −40" in playing  # the typographic minus
    assert "Aucune partie publique en cours" not in playing_list(html)


def test_empty_lists_say_there_is_nothing_to_join_or_to_watch():
    html = lobby_html(tables=[], playing=[])
    assert "Aucune table ouverte pour l'instant" in html.replace("&#x27;", "'")
    assert "Aucune partie publique en cours pour l'instant." in playing_list(html).replace(
        "&#x27;", "'"
    )
    assert "Rejoindre</button>" not in html and ">Regarder</a>" not in html


def test_an_open_table_without_a_join_address_has_no_button():
    html = lobby_html(tables=[{**OPEN, "join_url": None}], playing=[])
    assert "<form" not in item(html, 7)
