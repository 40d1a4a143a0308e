"""End to end, in a real headless Chromium, with the keyboard only: a guest reaches a quick table
with Tab and Enter, bids, and plays to the table until a trick is complete. Whenever it is their
turn to play, the cards the rules forbid (checked against the engine, rebuilt from the database)
are disabled buttons that the arrow keys skip, and the focused card shows a focus outline.

Same harness as the quick play test: Daphne, a Celery worker and a private Redis on the test
database (tests/support/browser.py).
"""

from __future__ import annotations

import re
import time

import pytest
from django.db import connections

from games.models import Match
from spades.engine import SEATS
from tests.support.browser import chromium_page, serve_live_site
from tests.support.live import engine_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTIVE = """() => {
  const a = document.activeElement;
  return a ? {card: a.dataset.card || null, bid: a.dataset.bid || null, id: a.id || null,
              outline: getComputedStyle(a).outlineStyle} : null;
}"""


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def my_seat(page) -> str:
    seat = page.locator("#seat-bottom").get_attribute("data-seat")
    assert seat in SEATS
    return seat


def engine_now(table_id: int):
    """The table's match as the server has it now, rebuilt from the database log."""
    try:
        match = Match.objects.filter(table_id=table_id).order_by("-number").first()
        return engine_at(match.pk)
    finally:
        # Queried from inside Playwright's event loop, this connection belongs to that context:
        # close it, or the test database cannot be dropped at the end.
        connections.close_all()


def played_cards(engine, seat: str) -> set[str]:
    """The cards ``seat`` has played in the hand in progress."""
    tricks = [*engine.hand.completed_tricks(), engine.hand.current_trick()]
    return {play["card"] for trick in tricks for play in trick["cards"] if play["seat"] == seat}


def test_a_keyboard_player_plays_a_trick_and_cannot_reach_an_illegal_card(live_site, chromium):
    started = time.monotonic()
    with chromium_page(chromium) as (page, errors):
        page.goto(live_site + "/fr/jouer/")
        tab_to(page, "#quick-play")
        page.keyboard.press("Enter")
        page.wait_for_url("**/fr/jouer/pseudo/**")
        tab_to(page, "input[name=nickname]")
        page.keyboard.type("Clavier")
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
        table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
        page.wait_for_function("document.body.dataset.socket === 'open'")
        page.wait_for_selector("#hand-area .hand", timeout=20_000)
        seat = my_seat(page)

        # Bidding: look at the cards if blind nil is still offered, then bid a number.
        page.wait_for_selector(
            ".bid-grid button:not([disabled]), #hand-prompt.is-you ~ .hand-wrap button.look",
            timeout=20_000,
        )
        if page.locator(".hand-wrap button.look").count():
            tab_to(page, ".hand-wrap button.look")
            page.keyboard.press("Enter")
            page.wait_for_selector(".bid-grid button:not([disabled])")
        tab_to(page, ".bid-grid button:not([disabled])")
        page.keyboard.press("Enter")
        page.wait_for_selector(".bid-panel", state="detached", timeout=20_000)

        checked_illegal = 0
        played = 0
        deadline = time.monotonic() + 40
        while not (played and checked_illegal and engine_now(table_id).hand.completed_tricks()):
            assert time.monotonic() < deadline, (played, checked_illegal)
            if not page.locator(".hand button.card:not([disabled])").count():
                page.wait_for_timeout(100)
                continue
            engine = engine_now(table_id)
            assert engine.to_move == seat
            legal = {a["card"] for a in engine.legal_actions(seat) if a["type"] == "play"}
            hand = set(page.locator(".hand button.card").evaluate_all(
                "(cards) => cards.map((c) => c.dataset.card)"))  # fmt: skip
            enabled = set(page.locator(".hand button.card:not([disabled])").evaluate_all(
                "(cards) => cards.map((c) => c.dataset.card)"))  # fmt: skip
            assert enabled == legal
            for card in hand - legal:
                assert page.locator(f'.hand button.card[data-card="{card}"]').is_disabled()
            checked_illegal += len(hand - legal)

            # The focus is already on a card (it stays in the hand), or one Tab away.
            tab_to(page, ".hand button.card", limit=3)
            reached = set()
            for _ in range(len(legal) + 1):
                page.keyboard.press("ArrowRight")
                focus = page.evaluate(ACTIVE)
                assert focus["outline"] != "none"
                reached.add(focus["card"])
            assert reached == legal  # the arrows go round the playable cards only
            card = page.evaluate(ACTIVE)["card"]
            page.keyboard.press("Enter")
            page.wait_for_selector(f'.hand button.card[data-card="{card}"]', state="detached")
            assert card in played_cards(engine_now(table_id), seat)
            played += 1

        assert not errors, errors
    assert time.monotonic() - started < 60
