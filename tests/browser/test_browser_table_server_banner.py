"""In a real headless Chromium: while the game server (its worker and clock) is not running, the
socket says so with {"type": "server", "ok": false} and the table page shows "Le serveur de jeu
redémarre…" until a frame says ok again. The frames are handed to the page's own message handler
through a fake socket (browser_support.FAKE_SOCKET)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.browser import page_with_fake_socket, socket_receive
from tests.support.pages import guest, private_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def test_the_restart_banner_follows_the_last_server_frame(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        page.evaluate("window.sockets.at(-1).open()")
        banner = page.locator("#server-banner")
        assert banner.is_hidden()
        socket_receive(page, {"type": "server", "ok": False})
        assert banner.is_visible()
        assert banner.inner_text() == "Le serveur de jeu redémarre…"
        assert banner.get_attribute("role") == "status"
        socket_receive(page, {"type": "server", "ok": False})
        assert banner.is_visible()
        # A state frame (the page redraws everything) leaves it where the server put it.
        state = page.evaluate("JSON.parse(document.getElementById('table-state').textContent)")
        socket_receive(page, state)
        assert banner.is_visible()
        socket_receive(page, {"type": "server"})  # no verdict: nothing changes
        assert banner.is_visible()
        socket_receive(page, {"type": "server", "ok": True})
        assert banner.is_hidden()
        assert not errors, errors
