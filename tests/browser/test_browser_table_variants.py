"""In a real headless Chromium, the variants on the table page: the header names the variant, the
Joker variant's jokers are cards of their own (a joker face, never a spade) in the hand and on
the felt, and the bidding panel offers only the bids the rules allow now (Mirror: one button).

The socket is a fake the test drives (browser_support.FAKE_SOCKET); the tables are real."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.actions.presence import do_connect
from tests.support.browser import page_with_fake_socket, socket_receive, socket_sent
from tests.support.pages import bots_play_until_turn_of, guest, private_table, start, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def test_jokers_have_a_face_of_their_own_in_the_hand_and_on_the_felt(site, chromium):
    lea = guest("Léa")
    table = private_table(lea, variant="joker")
    start(lea, table)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        badge = page.locator("#variant-badge")
        assert badge.inner_text() == "Joker"
        assert "deux jokers" in badge.get_attribute("title").lower()
        assert not page.locator(".rules-summary").inner_text().startswith("Joker")

        state = json.loads(page.locator("#table-state").text_content())
        view = state["view"]
        view.update(
            phase="playing", hand_hidden=False, to_move="W", legal=[],
            hand=["AS", "KS", "LJ", "BJ"],
            trick={"cards": [{"seat": "E", "card": "BJ"}, {"seat": "S", "card": "LJ"}]},
        )  # fmt: skip
        page.evaluate("window.sockets.at(-1).open()")
        socket_receive(page, {**state, "version": state["version"] + 1})

        jokers = page.locator("#hand button.card-joker")
        assert jokers.count() == 2
        big = page.locator('#hand button[data-card="BJ"]')
        assert "joker-big" in big.get_attribute("class")
        assert "suit-" not in big.get_attribute("class")
        assert "JOKER" in big.inner_text() and "♠" not in big.inner_text()
        assert "Grand joker" in big.text_content()
        assert "♠" in page.locator('#hand button[data-card="AS"]').inner_text()

        on_felt = page.locator("#trick-area .card-joker")
        assert on_felt.count() == 2
        assert "Grand joker" in on_felt.first.get_attribute("aria-label")
        assert "♠" not in page.locator("#trick-area").inner_text()
        page.screenshot(path="/tmp/table-jokers.png")
        assert not errors, errors


def test_a_forced_mirror_bid_is_a_single_button(site, chromium):
    lea = guest("Léa")
    table = private_table(lea, variant="mirror")
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")  # not paused: the bots move
    start(lea, table)
    state = bots_play_until_turn_of(table, me)
    legal = [a["bid"] for a in state["view"]["legal"] if a["type"] == "bid"]
    assert len(legal) == 1
    forced = legal[0]
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        assert page.locator("#variant-badge").inner_text() == "Miroir"
        page.evaluate("window.sockets.at(-1).open()")
        buttons = page.locator(".bid-panel button")
        page.wait_for_selector(".bid-grid button:not([disabled])")
        assert buttons.count() == 1
        label = "Nul" if forced == "nil" else str(forced)
        assert buttons.first.inner_text() == f"Annoncer {label}"
        buttons.first.click()
        assert [m["bid"] for m in socket_sent(page) if m["type"] == "bid"] == [forced]
        assert not errors, errors


def test_a_standard_table_has_no_variant_badge_and_its_whole_summary():
    lea = guest("Léa")
    table = private_table(lea)
    html = lea.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'id="variant-badge"' not in html
    assert '<span class="rules-summary">500 points · nul · sacs 10/−100</span>' in html
