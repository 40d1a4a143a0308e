"""In a real headless Chromium: the lobby's live lists follow the socket's "tables" frames. An
open table gets a "Rejoindre" button (a POST form with the page's CSRF token: sending it works),
a table in play a "Regarder" link, and an empty list of tables in play says so. The frames are
handed to lobby.js's own handler through a fake socket (browser_support.FAKE_SOCKET)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.browser import page_with_fake_socket, socket_receive

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def test_the_live_lists_offer_to_join_and_to_watch(site, chromium):
    # Any POST target of the site serves to check the form: quick play asks a nickname first.
    join_url = reverse("lobby:quick_play")
    frame = {
        "type": "tables",
        "tables": [
            {"id": 3, "seats_taken": 1, "players": ["<i>Léa</i>"], "rules": "500 points",
             "status": "waiting", "url": "/fr/tables/3/", "join_url": join_url},
        ],
        "playing": [
            {"id": 4, "players": ["Zoé", "Paul"], "rules": "300 points",
             "score": {"NS": 50, "EW": -20}, "url": "/fr/tables/4/"},
        ],
    }  # fmt: skip
    with page_with_fake_socket(chromium, site) as (page, errors):
        page.goto(site + reverse("lobby:index"))
        playing = page.locator("#playing-tables")
        assert playing.inner_text() == "Aucune partie publique en cours pour l'instant."
        page.evaluate("window.sockets.at(-1).open()")
        socket_receive(page, frame)

        watch = playing.get_by_role("link", name="Regarder la table 4")
        assert watch.inner_text() == "Regarder"
        assert watch.get_attribute("href") == "/fr/tables/4/"
        assert "Zoé, Paul" in playing.inner_text()
        assert "Nord–Sud 50, Est–Ouest −20" in playing.inner_text()

        row = page.locator('#open-tables li[data-table="3"]')
        assert "<i>Léa</i>" in row.inner_text()  # a name is text, never HTML
        token = row.locator("input[name=csrfmiddlewaretoken]").get_attribute("value")
        assert token
        # The frame says nothing of the tables in play: that list stays as it was.
        socket_receive(page, {"type": "tables", "tables": frame["tables"]})
        assert playing.get_by_role("link", name="Regarder la table 4").count() == 1
        # Nothing in play any more: the list says so.
        socket_receive(page, {**frame, "playing": []})
        assert playing.inner_text() == "Aucune partie publique en cours pour l'instant."

        row.get_by_role("button", name="Rejoindre la table 3").click()
        page.wait_for_url("**/fr/jouer/pseudo/**")  # the POST went through (CSRF accepted)
        assert not errors, errors
