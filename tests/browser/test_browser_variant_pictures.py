"""In a real headless Chromium, the pictures of two variants at the table: a Joker Spades hand with
both jokers in it, and the Suicide bidding panel when the partner has bid a number (nil is then
the only bid). SCREENSHOT_DIR=docs/screenshots saves them for the documentation.

The socket is a fake the test drives (browser_support.FAKE_SOCKET); the tables are real, the
views are theirs with the hand and the bids set to the situation pictured."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from django.urls import reverse

from games.actions.presence import do_connect
from tests.support.browser import page_with_fake_socket, socket_receive
from tests.support.pages import guest, private_table, start, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JOKER_HAND = ["3C", "9C", "KC", "4D", "TD", "AD", "5H", "JH", "QH", "7S", "KS", "LJ", "BJ"]
SUICIDE_HAND = ["2C", "6C", "TC", "3D", "8D", "KD", "2H", "4H", "7H", "9H", "QH", "5S", "JS"]


@pytest.fixture
def site(live_server):
    return live_server.url


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


def table_page(page, site: str, table_pk: int) -> dict:
    page.goto(site + reverse("games:table", args=[table_pk]))
    return json.loads(page.locator("#table-state").text_content())


def picture(page, path: Path) -> None:
    """The table's column, from its title to the bottom of the hand (the scores and chat left
    out, so the picture stays small)."""
    top = page.locator("#variant-badge").bounding_box()
    felt = page.locator("#felt").bounding_box()
    bottom = page.locator("#hand-area").bounding_box()
    y0 = top["y"] - 12
    clip = {"x": 0, "y": y0, "width": felt["x"] + felt["width"] + 16,
            "height": bottom["y"] + bottom["height"] + 12 - y0}  # fmt: skip
    page.screenshot(path=str(path), clip=clip, full_page=True)


def connected(client, table) -> None:
    """The player is connected (the table is not paused)."""
    do_connect(table.pk, viewer_of(client), "test.channel!lea")


def test_a_joker_hand_shows_both_jokers_among_the_spades(site, shots, chromium):
    lea = guest("Léa")
    table = private_table(lea, variant="joker")
    connected(lea, table)
    start(lea, table)
    with page_with_fake_socket(chromium, site, lea, width=1000, height=1100) as (page, errors):
        state = table_page(page, site, table.pk)
        view = state["view"]
        view.update(
            phase="playing", hand_hidden=False, to_move="N", hand=JOKER_HAND,
            bids={"N": 5, "E": 3, "S": 2, "W": 3}, spades_broken=True,
            legal=[{"type": "play", "card": c} for c in JOKER_HAND],
            trick={"leader": "N", "cards": []},
            hand_counts={"N": 13, "E": 13, "S": 13, "W": 13},
        )  # fmt: skip
        page.evaluate("window.sockets.at(-1).open()")
        socket_receive(page, {**state, "version": state["version"] + 1})
        hand = page.locator("#hand button.card")
        assert hand.count() == 13
        # The jokers sit after the king of spades, at the top of the trumps.
        codes = [hand.nth(i).get_attribute("data-card") for i in range(13)]
        assert codes[-3:] == ["KS", "LJ", "BJ"]
        assert page.locator("#hand button.card-joker").count() == 2
        picture(page, shots / "table-joker-hand.png")
        assert not errors, errors


def test_the_suicide_panel_offers_only_nil_after_the_partner_bid_a_number(site, shots, chromium):
    lea = guest("Léa")
    table = private_table(lea, variant="suicide")
    connected(lea, table)
    start(lea, table)
    with page_with_fake_socket(chromium, site, lea, width=1000, height=1100) as (page, errors):
        state = table_page(page, site, table.pk)
        view = state["view"]
        # East dealt: South (the partner) bid 5 first, West went nil; North must go nil.
        view.update(
            phase="bidding", hand_hidden=False, to_move="N", hand=SUICIDE_HAND, dealer="E",
            bid_order=["S", "W", "N", "E"], bids={"N": None, "E": None, "S": 5, "W": "nil"},
            legal=[{"type": "bid", "bid": "nil"}],
        )  # fmt: skip
        page.evaluate("window.sockets.at(-1).open()")
        socket_receive(page, {**state, "version": state["version"] + 1})
        page.wait_for_selector(".bid-grid button:not([disabled])")
        buttons = page.locator(".bid-panel button")
        assert buttons.count() == 1
        assert buttons.first.inner_text() == "Annoncer Nul"
        assert page.locator("#variant-badge").inner_text() == "Suicide"
        picture(page, shots / "table-suicide-forced-nil.png")
        assert not errors, errors
