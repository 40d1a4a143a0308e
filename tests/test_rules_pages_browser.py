"""The rules pages in a real browser: readable on a 360 px phone without horizontal scrolling."""

from __future__ import annotations

import pytest
from browser_support import launch_chromium
from rules_pages_support import url_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_PAGES = [
    ("home", "fr"),
    ("how_to_play", "fr"),
    ("guide", "fr"),
    ("faq", "en"),
    ("strategy", "fr"),
    ("guide_bags", "fr"),
]


@pytest.fixture
def browser(live_server, monkeypatch):
    """Headless Chromium. Playwright's sync API runs an event loop in this thread, so Django's
    guard against database calls from async code must be lifted for the test database set-up
    and tear-down that happen around the test (the pages themselves run in the server thread)."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with playwright_api.sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


def test_rules_pages_do_not_scroll_sideways_on_a_360_px_phone(browser, live_server):
    page = browser.new_page(bypass_csp=True, viewport={"width": 360, "height": 740})
    try:
        for key, lang in PHONE_PAGES:
            response = page.goto(live_server.url + url_of(key, lang))
            assert response.status == 200
            # The stylesheet is really applied (the header is the felt green, not the default).
            header = page.evaluate(
                "getComputedStyle(document.querySelector('.site-header')).backgroundColor"
            )
            assert header != "rgba(0, 0, 0, 0)", key
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, (key, lang, width)
    finally:
        page.close()


def test_the_language_switch_opens_the_same_page_in_english(browser, live_server):
    page = browser.new_page(bypass_csp=True, viewport={"width": 360, "height": 740})
    try:
        page.goto(live_server.url + url_of("guide", "fr"))
        page.click(".language-switch a[hreflang='en']")
        page.wait_for_url("**" + url_of("guide", "en"))
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("h1").inner_text() == "Detailed guide to Spades"
    finally:
        page.close()
