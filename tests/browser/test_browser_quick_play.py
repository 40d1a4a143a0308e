"""End to end, in a real headless Chromium: a guest goes from the home page to a quick table,
bids and plays a whole hand of 13 tricks against bots, and reads the hand's score breakdown.

The whole system runs for real: Daphne serves HTTP and WebSockets, a Celery worker seats the bots
and plays their moves, a private Redis carries the channel layer and the queues, all on the test
database. The screenshot of the table is saved to /tmp/table.png.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from django.db import connections

from games.models import Action, Seat
from tests.support.browser import act_and_count, chromium_page, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOT = Path("/tmp/table.png")


def my_actions(page) -> dict[str, int]:
    """How many bids and cards the person at the table (seat "Léa") made in the first match's
    first hand, as the action log has them."""
    table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    try:
        seat = Seat.objects.get(table_id=table_id, nickname="Léa").position
        log = Action.objects.filter(match__table_id=table_id, seat=seat).order_by("match_id", "seq")
        counts = {"bid": 0, "play": 0}
        for payload in log.values_list("payload", flat=True)[:14]:
            counts[payload["type"]] = counts.get(payload["type"], 0) + 1
        return counts
    finally:
        connections.close_all()  # a connection opened in Playwright's loop: close it


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site(trick_pause_s=0.2) as url:
        yield url


def test_a_guest_plays_a_whole_hand_from_the_home_page(live_site, chromium):
    started = time.monotonic()
    with chromium_page(chromium) as (page, errors):
        page.goto(live_site + "/fr/")
        page.get_by_role("link", name="Jouer maintenant").first.click()
        page.wait_for_url("**/fr/jouer/")
        page.get_by_role("button", name="Jouer maintenant").click()

        page.wait_for_url("**/fr/jouer/pseudo/**")
        page.get_by_label("Ton pseudo").fill("Léa")
        page.locator("#nickname-submit").click()
        page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
        page.wait_for_function("document.body.dataset.socket === 'open'")

        # The bots take the three free seats after QUICK_TABLE_BOT_DELAY (1 s).
        page.wait_for_selector("#hand-area .hand", timeout=20_000)
        assert page.locator(".seat .seat-name", has_text="Bot").count() == 3
        assert page.locator("#seat-bottom .seat-you").count() == 1

        done = {"bid": 0, "look": 0, "play": 0}
        deadline = time.monotonic() + 80
        while not page.locator("#breakdown-side").count():
            assert time.monotonic() < deadline, f"the hand did not end: {done}"
            # The server has my 13 cards: nothing more to do in hand 1, and a bid in hand 2 (dealt
            # with the result) could start its play, which closes the result before we look.
            if done["play"] >= 13 and my_actions(page)["play"] == 13:
                page.wait_for_timeout(100)
                continue
            act_and_count(page, done)
        # The server's record: one bid and 13 cards of my seat in the first hand (a bid refused
        # because a newer state crossed it gives the grid back, and is clicked again).
        assert done["bid"] >= 1 and done["play"] >= 13
        assert my_actions(page) == {"bid": 1, "play": 13}

        breakdown = page.locator("#breakdown-side")
        text = breakdown.inner_text()
        assert "Main 1" in text
        assert "Nous" in text and "Eux" in text
        assert "Contrat" in text or "Pas de contrat" in text
        # The hand's total: the running score in the label, the hand's points on the right;
        # negative numbers with the typographic minus, never a hyphen.
        assert re.search(r"Total de la main · score (0|−?[1-9]\d*)\s*(0|[+−][1-9]\d*)", text)
        assert not re.search(r"-\d", text), text
        assert re.search(r"Sacs\s+\d+/10", page.locator("#scoreboard").inner_text())
        # Hand 2 is dealt at once: the hand shows 13 cards again.
        page.wait_for_function("document.querySelectorAll('#hand-area .hand .card').length === 13")

        # The page fits a 360 px phone without scrolling sideways.
        page.set_viewport_size({"width": 360, "height": 780})
        page.wait_for_timeout(200)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.set_viewport_size({"width": 1280, "height": 900})
        # The hand's result also opens over the felt; "Continuer" closes it.
        page.get_by_role("button", name="Continuer").click()
        page.wait_for_selector("#felt-overlay", state="hidden")
        page.locator("#felt").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOT), full_page=True)
        assert not errors, errors
    assert time.monotonic() - started < 120
