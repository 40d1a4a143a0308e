"""In a real headless Chromium: the "Conseil" button asks the server for advice on my turn, and
the answer's sentence shows with the suggested bid marked. No button at a ranked table.

The socket is a fake the test drives (browser_support.FAKE_SOCKET); the table is real, brought
to the guest's turn to bid by the bots; the advice frame is the coach's own on that view."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.actions.presence import do_connect
from games.models import Table
from games.texts import sentence
from spades.bots.coach import advise
from tests.support.browser import page_with_fake_socket, socket_receive, socket_sent
from tests.support.pages import bots_play_until_turn_of, guest, private_table, start, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def test_conseil_asks_the_server_and_shows_the_sentence_with_the_bid_marked(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")  # not paused: the bots move
    start(lea, table)
    state = bots_play_until_turn_of(table, me)
    advice = advise(state["view"])
    with translation.override("fr"):
        reason = sentence(advice.code, advice.params)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        page.evaluate("window.sockets.at(-1).open()")
        button = page.locator("#coach-ask")
        button.wait_for(state="visible")
        assert button.inner_text() == "Conseil"
        button.click()
        assert [m for m in socket_sent(page) if m.get("type") == "advice"] == [{"type": "advice"}]
        frame = {
            "type": "advice",
            "version": state["version"],
            "action": advice.action,
            "code": advice.code,
            "reason": reason,
        }
        socket_receive(page, frame)
        text = page.locator("#coach-text")
        text.wait_for(state="visible")
        assert text.inner_text() == reason
        assert reason.startswith("Annonce")
        marked = page.locator(".is-advised")
        assert marked.count() == 1
        assert marked.get_attribute("data-bid") == str(advice.action["bid"])
        assert button.is_disabled()  # one advice per move
        # A newer state (my bid went through): the sentence and the mark go.
        socket_receive(
            page,
            {**state, "version": state["version"] + 1, "view": {**state["view"], "to_move": "E"}},
        )
        page.wait_for_selector("#coach", state="hidden")
        assert page.locator(".is-advised").count() == 0
        assert not errors, errors


def test_no_conseil_button_at_a_ranked_table(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")
    start(lea, table)
    bots_play_until_turn_of(table, me)
    Table.objects.filter(pk=table.pk).update(kind=Table.Kind.RANKED)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        page.evaluate("window.sockets.at(-1).open()")
        page.wait_for_selector(".bid-grid button:not([disabled])")
        assert page.locator("#coach-ask").count() == 0
        assert not errors, errors
