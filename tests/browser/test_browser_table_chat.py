"""End to end, in a real headless Chromium: the table's chat. A ready-made phrase is sent with a tap
and comes back from the server in the log with its author; hiding the chat hides the log and the
way to write, and the choice outlives a reload.

Same harness as the other browser tests (tests/support/browser.py).
"""

from __future__ import annotations

import pytest

from tests.support.browser import chromium_page, join_quick_table, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def test_a_phrase_reaches_the_log_and_the_chat_can_be_hidden(live_site, chromium):
    with chromium_page(chromium) as (page, errors):
        join_quick_table(page, live_site, "Bavarde")
        phrases = page.locator("#chat-phrases button")
        # French typography: a no-break space before "!" and ":".
        assert phrases.all_inner_texts() == [
            "Bien joué\u00a0!",
            "Merci partenaire",
            "Oups",
            "Bonne partie\u00a0!",
        ]
        phrases.first.click()
        line = page.locator("#chat-list li", has_text="Bien joué")
        line.wait_for(timeout=10_000)
        assert line.locator(".who").inner_text() == "Bavarde\u00a0:"

        page.locator("#chat-toggle").uncheck()
        assert page.locator("#chat-log").is_hidden()
        assert page.locator("#chat-form").is_hidden()
        assert page.locator("#chat-off-note").is_visible()
        page.reload()
        page.wait_for_function("document.body.dataset.socket === 'open'")
        assert not page.locator("#chat-toggle").is_checked()
        assert page.locator("#chat-log").is_hidden()
        page.locator("#chat-toggle").check()
        # The page was drawn with the table's recent messages: the phrase is there again.
        page.locator("#chat-list li", has_text="Bien joué").wait_for(timeout=10_000)
        assert not errors, errors
