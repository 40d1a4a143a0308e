"""Accessibility of the table page, checked by axe-core (WCAG 2.2 AA rules) in a real headless
Chromium while the player bids and while they play: no serious or critical violation.

Same harness as the other browser tests (tests/support/browser.py).
"""

from __future__ import annotations

import time

import pytest

from tests.support.browser import (
    assert_no_serious_axe_violations,
    chromium_page,
    join_quick_table,
    serve_live_site,
)

# The contrast of a focused element's outline with the page's background (WCAG 1.4.11: 3:1).
FOCUS_CONTRAST = """(selector) => {
  const el = document.querySelector(selector);
  el.focus();
  const style = getComputedStyle(el);
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const a = lum(rgb(style.outlineColor));
  const b = lum(rgb(getComputedStyle(document.body).backgroundColor));
  return {style: style.outlineStyle, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
}"""

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def test_the_table_page_has_no_serious_axe_violation_while_bidding_and_playing(live_site, chromium):
    started = time.monotonic()
    with chromium_page(chromium, 1280, 900) as (page, errors):
        join_quick_table(page, live_site, "Axe")
        page.wait_for_selector(
            "#hand-prompt.is-you ~ .bid-panel, #hand-prompt.is-you ~ .hand-wrap", timeout=20_000
        )
        assert_no_serious_axe_violations(page)  # bidding (my cards may still be face down)
        if page.locator(".hand-wrap button.look").count():
            page.locator(".hand-wrap button.look").click()
        page.locator('.bid-grid button[data-bid="3"]:not([disabled])').click()
        page.wait_for_selector(".bid-panel", state="detached", timeout=20_000)
        page.wait_for_selector(".hand button.card:not([disabled])", timeout=30_000)
        assert page.locator("#trick-area").count() == 1
        assert_no_serious_axe_violations(page)  # playing: my turn, some cards enabled
        # A card button's name starts with what it shows ("V", "D", "R", "10"...; WCAG 2.5.3).
        for card in page.locator(".hand button.card").all():
            rank = card.locator(".card-rank").inner_text()
            assert card.aria_snapshot().startswith(f'- button "{rank} '), card.aria_snapshot()
        # Keyboard focus rings off the felt stand out from the page (the hand's was 1.54:1).
        page.keyboard.press("Shift+Tab")  # the keyboard was used: focus() shows :focus-visible
        for selector in ("#hand", ".hand button.card:not([disabled])", "#leave-form button",
                         "#chat-toggle"):  # fmt: skip
            focus = page.evaluate(FOCUS_CONTRAST, selector)
            assert focus["style"] != "none" and focus["ratio"] >= 3, (selector, focus)
        assert not errors, errors
    assert time.monotonic() - started < 60
