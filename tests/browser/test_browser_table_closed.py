"""End to end, in a real headless Chromium: a table the sweep closed for lack of players says so,
shows no hand and no bid panel, and its "Rejouer" button takes the player to a new quick table.

Same harness as the quick play test (tests/support/browser.py).
"""

from __future__ import annotations

import re

import pytest

from games.models import Table
from tests.support.browser import chromium_page, join_quick_table, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def test_a_closed_table_offers_play_again_and_the_lobby_instead_of_the_game(live_site, chromium):
    with chromium_page(chromium) as (page, errors):
        join_quick_table(page, live_site, "Fermée")
        page.wait_for_selector("#hand-area .hand", timeout=20_000)
        table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
        # What the sweep does once nobody seated has been connected for a long time.
        Table.objects.filter(pk=table_id).update(status="abandoned")
        page.wait_for_timeout(500)  # a bot move in flight sees the closed table and stops
        assert Table.objects.get(pk=table_id).status == "abandoned"
        page.reload()
        page.wait_for_function("document.body.dataset.socket === 'open'")
        prompt = page.locator("#hand-prompt")
        assert prompt.inner_text() == "Cette table a été fermée faute de joueurs."
        assert page.locator("#table-status").inner_text() == "Table fermée"
        assert page.locator("#hand-area .hand").count() == 0
        assert page.locator(".bid-panel").count() == 0
        assert page.locator(".seat-clock").count() == 0
        assert page.locator("#back-to-lobby").get_attribute("href") == "/fr/jouer/"
        page.locator("#rematch").click()
        page.wait_for_function("document.querySelectorAll('#hand-area .hand .card').length > 0")
        again = Table.objects.get(pk=table_id)  # the same table deals a new match
        assert again.status == "playing" and again.match.number == 2
        assert not errors, errors
