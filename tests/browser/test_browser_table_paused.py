"""In a real headless Chromium: a match nobody seated is connected to is paused (nothing moves,
bots included), and the table page says so to whoever looks at it; it never claims that someone
is thinking or that a bot plays for an absent person meanwhile.

The page is served by pytest-django's live server; its socket is a fake the test drives
(browser_support.FAKE_SOCKET), so the first paint comes from the embedded state alone.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Seat
from tests.support.browser import page_with_fake_socket, socket_receive
from tests.support.pages import guest, join, private_table, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAUSED = "Partie en pause\u00a0: aucun joueur n'est connecté."


@pytest.fixture
def site(live_server):
    return live_server.url


def test_a_paused_match_says_so_and_nobody_thinks_or_plays_for_the_absent(site, chromium):
    lea, max_ = guest("Léa"), guest("Max")
    table = private_table(lea)
    join(max_, table, "E")
    start(lea, table)  # neither Léa nor Max has a socket open: the match is paused
    Seat.objects.filter(table=table, position="E").update(standin=True)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        state = json.loads(page.locator("#table-state").text_content())
        assert state["table"]["paused"] is True
        banner = page.locator("#pause-banner")
        assert banner.is_visible() and banner.inner_text() == PAUSED
        assert page.locator("#table-status").inner_text() == "En pause"
        assert page.locator("#hand-prompt").inner_text() == PAUSED
        felt = page.locator("#felt").inner_text()
        assert "réfléchit" not in felt and "un bot joue" not in felt
        assert "absent" in page.locator('.seat[data-seat="E"] .seat-meta').inner_text()
        page.screenshot(path="/tmp/table-paused.png")
        for clock in page.locator("[data-clock]").all():
            assert clock.inner_text() == "en pause"

        # Someone seated comes back: the banner goes, the stand-in plays again.
        state["table"]["paused"] = False
        socket_receive(page, state)
        assert banner.is_hidden()
        assert page.locator("#table-status").inner_text() == "Main 1"
        assert "absent\u00a0: un bot joue" in page.locator('.seat[data-seat="E"]').inner_text()
        assert not errors, errors


def test_the_pause_banner_is_in_the_page_before_any_script_runs():
    lea = guest("Léa")
    table = private_table(lea)
    page = lea.get(reverse("games:table", args=[table.pk])).content.decode()
    assert '<div class="conn-banner pause-banner" id="pause-banner" role="status" hidden>' in page
    start(lea, table)
    page = lea.get(reverse("games:table", args=[table.pk])).content.decode()
    assert '<div class="conn-banner pause-banner" id="pause-banner" role="status">' in page
    assert PAUSED in page.replace("&#x27;", "'")
