"""The rules pages in a real browser: readable on a 360 px phone without horizontal scrolling."""

from __future__ import annotations

import pytest

from tests.support.rules_pages import url_of

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
def browser(chromium, live_server):
    """The headless Chromium of tests/conftest.py, with the site served by pytest-django."""
    return chromium


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
