"""My clock in words (issue 31), in a real headless Chromium: at my turn, with 10 s left and with
5 s left, the table's log says so, once each, after "Your turn to bid".

The socket is a fake the test drives (tests/support/browser.py FAKE_SOCKET); the table is real,
brought to the guest's turn by the bots, then handed to the page with a deadline 12 s away."""

from __future__ import annotations

import copy
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games.actions.presence import do_connect
from tests.support.browser import page_with_fake_socket, socket_receive
from tests.support.pages import bots_play_until_turn_of, guest, private_table, start, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def said(page) -> list[str]:
    snapshot = page.get_by_role("log", name="Annonces de la table").aria_snapshot()
    return [m.group(1) for m in re.finditer(r'- paragraph: "?(.*?)"?$', snapshot, re.M)]


def test_my_clock_is_said_at_ten_and_at_five_seconds_left(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")
    start(lea, table)
    state = copy.deepcopy(bots_play_until_turn_of(table, me))
    state["version"] += 1
    state["table"]["turn_seconds"] = 30
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        page.evaluate("window.sockets.at(-1).open()")
        state["table"]["deadline"] = (datetime.now(UTC) + timedelta(seconds=12)).isoformat()
        socket_receive(page, state)
        page.wait_for_timeout(1_000)
        assert not [line for line in said(page) if "seconde" in line]  # 11 s left: nothing yet
        page.wait_for_timeout(7_500)
        clock = [line for line in said(page) if "seconde" in line]
        assert clock == ["Plus que 10 secondes", "Plus que 5 secondes"]
        assert said(page).index("À toi d'enchérir.") < said(page).index("Plus que 10 secondes")
        assert not errors, errors
