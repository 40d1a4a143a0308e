"""End to end, in a real headless Chromium: the table page is drawn from the state the server
embeds in it, before (here: without) any socket frame, and it says who sits where for the viewer:
their seat letter, "Partenaire" and "Adversaire" beside the others' names, every name whole at
1280 px.

The socket is replaced by one that never opens (an init script), so whatever is on the page came
from the embedded "table-state". Same harness as the other browser tests (tests/support/browser.py).
"""

from __future__ import annotations

import json
import re

import pytest

from tests.support.browser import chromium_page, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A WebSocket that records where it was asked to connect and never opens.
NO_SOCKET = """
window.socketUrls = [];
window.WebSocket = class {
  constructor(url) { window.socketUrls.push(url); this.readyState = 0; }
  addEventListener() {}
  send() { throw new Error("never open"); }
  close() {}
};
window.WebSocket.OPEN = 1;
"""


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def letter(page, slot: str) -> str:
    """The seat letter printed in a seat box (the full compass point is for screen readers)."""
    return page.locator(f"#seat-{slot} .seat-letter [aria-hidden]").inner_text()


def seat_texts(page) -> dict[str, str]:
    return {
        slot: page.locator(f"#seat-{slot}").inner_text()
        for slot in ("bottom", "left", "top", "right")
    }


def test_the_page_draws_the_embedded_state_with_no_socket_frame(live_site, chromium):
    with chromium_page(chromium, 1280, 900) as (page, errors):
        page.add_init_script(NO_SOCKET)
        page.goto(live_site + "/fr/jouer/")
        page.locator("#quick-play").click()
        page.wait_for_url("**/fr/jouer/pseudo/**")
        page.locator("input[name=nickname]").fill("Sans Socket")
        page.locator("#nickname-submit").click()
        page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
        # Waiting for players: the page says so from the embedded state alone.
        assert page.locator("#table-status").inner_text() == "En attente de joueurs"
        assert "Sans Socket" in page.locator("#seat-bottom .seat-name").inner_text()
        # The bots sit down after QUICK_TABLE_BOT_DELAY (1 s); this page hears nothing of it:
        # reloading brings the dealt match in the embedded state.
        for _ in range(50):
            page.wait_for_timeout(200)
            page.reload()
            state = json.loads(page.locator("#table-state").text_content())
            if state["view"]:
                break
        view = state["view"]
        assert view["hand_number"] == 1
        assert page.evaluate("document.body.dataset.socket") is None  # no socket ever opened
        assert page.evaluate("window.socketUrls.length") >= 1
        # Nobody seated has a socket open (hers never opens): the match waits, and says so.
        assert state["table"]["paused"] is True
        assert page.locator("#table-status").inner_text() == "En pause"
        assert page.locator("#pause-banner").is_visible()
        if view["hand_hidden"]:
            assert page.locator("#hand .card-back").count() == 13
        else:
            shown = page.locator("#hand button.card").evaluate_all(
                "(cards) => cards.map((c) => c.dataset.card)"
            )
            assert shown == view["hand"]
        assert page.locator("#scoreboard table").count() == 1
        assert page.locator("#scoreboard").get_attribute("aria-labelledby") == "scores-title"
        assert page.locator("#scores-title").count() == 1

        # Who am I, who is my partner: seat letters in French, roles beside the names.
        texts = seat_texts(page)
        assert "Sans Socket" in texts["bottom"] and "(toi)" in texts["bottom"]
        assert letter(page, "bottom") == "N"
        assert letter(page, "top") == "S"
        assert letter(page, "left") == "E"
        assert letter(page, "right") == "O"
        assert "Robot Sud" in texts["top"] and "Partenaire" in texts["top"]
        for slot in ("left", "right"):
            assert "Adversaire" in texts[slot] and "Partenaire" not in texts[slot]
        assert "Partenaire" not in texts["bottom"] and "Adversaire" not in texts["bottom"]
        # Screen readers hear the compass point, not a letter.
        assert "Nord" in page.locator("#seat-bottom .seat-letter").text_content()

        # Every bot's full name is shown, not cut, at 1280 px.
        for seat in state["table"]["seats"]:
            if seat["kind"] == "bot":
                box = page.locator(f'.seat[data-seat="{seat["position"]}"] .seat-name')
                assert seat["name"] in box.inner_text()
                assert box.evaluate("(el) => el.scrollWidth <= el.clientWidth")
        page.screenshot(path="/tmp/table-first-paint.png")
        assert not errors, errors
