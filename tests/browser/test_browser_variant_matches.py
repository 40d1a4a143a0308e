"""End to end, in a real headless Chromium: a guest plays whole Joker and Suicide matches against
Normal bots at a private table with a low target, clicking only the bids and cards the page
offers, until the end-of-match screen says who won.

The whole system runs for real (tests/support/browser.py): Daphne, a Celery worker that plays the
bots' moves with the variant-aware bots, a private Redis, the test database.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from games.models import Table
from games.reading import table_frames
from tests.support.browser import chromium_page, play_to_the_end, serve_live_site
from tests.support.pages import guest, private_table, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site(trick_pause_s=0.2) as url:
        yield url


def open_and_start(page, site: str, client, table: Table) -> None:
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": site}])
    page.goto(site + reverse("games:table", args=[table.pk]))
    page.wait_for_function("document.body.dataset.socket === 'open'")
    page.locator('button[data-key="start"]').click()
    page.wait_for_selector("#hand-area .hand", timeout=20_000)


def assert_match_over_screen(page, table: Table) -> None:
    table.refresh_from_db()
    assert table.status == "finished"
    overlay = page.locator("#felt-overlay")
    text = overlay.inner_text()
    assert re.search(r"Tu as gagné\s!|Tu as perdu\.", text), text
    assert overlay.locator("#rematch").inner_text() == "Rejouer"
    assert overlay.get_by_role("link", name="Retour au salon").count() == 1


def test_a_guest_plays_a_joker_match_to_the_end(live_site, chromium):
    lea = guest("Léa")
    table = private_table(lea, variant="joker", target="100", loss_floor="-100", bot_level="normal")
    with chromium_page(chromium) as (page, errors):
        open_and_start(page, live_site, lea, table)
        assert page.locator("#variant-badge").inner_text() == "Joker"
        done = play_to_the_end(page, 240)
        assert done["play"] >= 13 and done["bid"] >= 1
        assert_match_over_screen(page, table)
        assert not errors, errors


def test_a_guest_plays_a_suicide_match_to_the_end(live_site, chromium):
    lea = guest("Léa")
    table = private_table(
        lea, variant="suicide", target="100", loss_floor="-100", bot_level="normal"
    )
    with chromium_page(chromium) as (page, errors):
        open_and_start(page, live_site, lea, table)
        assert page.locator("#variant-badge").inner_text() == "Suicide"
        done = play_to_the_end(page, 240)
        assert done["play"] >= 13 and done["bid"] >= 1
        assert_match_over_screen(page, table)
        # Every hand of the match had exactly one nil in each partnership.
        history = table_frames(table.pk, viewer_of(lea))[1]["hands"]
        assert history
        for entry in history:
            bids = entry["bids"]
            for a, b in (("N", "S"), ("E", "W")):
                assert (bids[a] in ("nil", "blind_nil")) != (bids[b] in ("nil", "blind_nil"))
        assert not errors, errors
