"""In a real headless Chromium: a bid sent is the only one until the server answers it. A state
frame of the version the bid was decided on (a presence change the server sent before it applied
the bid) is not that answer: the bid grid stays disabled, and a second click sends nothing. A
newer state, or an error, gives the controls back.

The socket is a fake the test drives (browser_support.FAKE_SOCKET); the table is real, brought
to the guest's turn to bid by the bots."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.actions.presence import do_connect
from tests.support.browser import page_with_fake_socket, socket_receive, socket_sent
from tests.support.pages import bots_play_until_turn_of, guest, private_table, start, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENABLED_BIDS = ".bid-grid button:not([disabled])"


@pytest.fixture
def site(live_server):
    return live_server.url


def bids(page) -> list[dict]:
    return [m for m in socket_sent(page) if m.get("type") == "bid"]


def test_a_bid_waits_for_a_newer_state_before_the_grid_comes_back(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")  # not paused: the bots move
    start(lea, table)
    state = bots_play_until_turn_of(table, me)
    version = state["version"]
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        page.evaluate("window.sockets.at(-1).open()")
        page.wait_for_selector(ENABLED_BIDS)
        page.locator(ENABLED_BIDS).first.click()
        assert [b["version"] for b in bids(page)] == [version]
        assert page.locator(ENABLED_BIDS).count() == 0

        # The same version again (someone's socket came or went): still waiting for the answer.
        socket_receive(page, state)
        assert page.locator(ENABLED_BIDS).count() == 0
        page.locator(".bid-grid button").first.click(force=True)
        page.evaluate("document.querySelector('.bid-grid button').click()")
        assert len(bids(page)) == 1

        # Refused (an error frame): the grid is back, a bid may be sent again.
        socket_receive(page, {"type": "error", "code": "stale_version", "message": "Trop tard."})
        page.wait_for_selector(ENABLED_BIDS)
        page.locator(ENABLED_BIDS).first.click()
        assert len(bids(page)) == 2
        assert page.locator(ENABLED_BIDS).count() == 0

        # A newer state answers it (here still her turn, as if the bid had been refused in it).
        socket_receive(page, {**state, "version": version + 1})
        page.wait_for_selector(ENABLED_BIDS)
        assert not errors, errors
