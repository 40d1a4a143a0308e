"""The table on a phone (issue 31), at 390x844 and 360x740 with a touch screen: a guest plays a
whole hand against bots by tapping, and at each of their turns, the page unscrolled,

- the trick and the playable cards (or the bid grid while bidding) are inside the window together;
- no visible control of the header or the page is under 44x44 px (a checkbox counts with its
  label, which is what a finger taps; a disabled control is no target);
- the dealer's badge lies inside its seat's box, and no trick card covers a seat's name or letter;
- the hand's result, when it shows, covers neither the bid grid, nor the playable cards, nor the
  trick.

During play the page shows the hand's deal commitment (its first digits; the whole of it in the
title and for screen readers) with a link to the FAQ's answer on checking deals, and the sounds
are off until the player turns them on (the choice kept in the browser).

SCREENSHOT_DIR=docs/screenshots saves the table at 390x844, bidding and playing.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path

import pytest
from django.db import connections
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.models import Match
from spades.engine.shuffle import commitment
from tests.support.browser import (
    assert_no_serious_axe_violations,
    join_quick_table,
    serve_live_site,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What is wrong with the page once its cards have landed, the page at the top: one line per problem.
PROBLEMS = """async (width) => {
  const landed = document.getAnimations().map((a) => a.finished.catch(() => null));
  await Promise.race([Promise.all(landed), new Promise((done) => setTimeout(done, 1000))]);
  window.scrollTo(0, 0);
  const out = [];
  // A page wider than the phone would be shown zoomed out (the window then measures more).
  if (innerWidth !== width || document.documentElement.scrollWidth > width) {
    out.push(`wider than the phone: ${document.documentElement.scrollWidth} px`);
  }
  const box = (el) => el.getBoundingClientRect();
  const name = (el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${(el.textContent || "").trim().slice(0, 20)}"`;
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const shown = (el) => el.checkVisibility() && box(el).width > 1 && box(el).right > 0;
  const act = [...document.querySelectorAll(
    '.bid-grid, .bid-special, .hand button.card:not([disabled]), #trick-area')].filter(shown);
  for (const el of act) {
    const r = box(el);
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      out.push(`out of view: ${name(el)} ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`);
    }
  }
  const controls = document.querySelectorAll(
    '.site-header a, .site-header button, main a, main button, main input, main select, main textarea');
  for (const el of controls) {
    if (el.disabled || !shown(el) || el.closest('dialog:not([open])')) continue;
    const target = el.type === 'checkbox' || el.type === 'radio' ? el.closest('label') || el : el;
    const r = box(target);
    if (r.width < 43.5 || r.height < 43.5) out.push(`small: ${name(target)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  for (const badge of document.querySelectorAll('.seat-dealer')) {
    const r = box(badge), seat = box(badge.closest('.seat'));
    if (r.left < seat.left || r.right > seat.right || r.top < seat.top || r.bottom > seat.bottom) {
      out.push('the dealer badge is outside its seat');
    }
  }
  const cards = [...document.querySelectorAll('#trick-area .card')];
  for (const label of document.querySelectorAll('.seat .seat-name, .seat .seat-letter')) {
    if (cards.some((c) => meets(box(c), box(label)))) out.push(`a trick card covers ${name(label)}`);
  }
  const result = document.querySelector('#felt-overlay:not([hidden]) .overlay-card');
  if (result) {
    for (const el of [...act, ...cards]) {
      if (el.id !== 'trick-area' && meets(box(result), box(el))) out.push(`the result covers ${name(el)}`);
    }
  }
  return out;
}"""
MY_TURN = ".bid-grid button:not([disabled]), .hand button.card:not([disabled])"
LOOK = "#hand-prompt.is-you ~ .hand-wrap button.look:not([disabled])"


def screenshot_dir(tmp_path: Path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site(trick_pause_s=0.2) as url:
        yield url


def hand_one_commitment(page) -> str:
    """The commitment of the first hand of the table's match, computed from its seed."""
    table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    try:
        match = Match.objects.get(table_id=table_id)
        return commitment(f"table={table_id};match={match.pk};hand=1", match.deal_seeds[0])
    finally:
        connections.close_all()  # a connection opened in Playwright's loop: close it


def check_commitment_line(page) -> None:
    line = page.locator("#deal-commit")
    assert line.is_visible()
    full = hand_one_commitment(page)
    assert page.locator("#deal-commit-short").inner_text() == f"{full[:8]}…"
    assert page.locator("#deal-commit-full").text_content() == full
    assert line.get_attribute("title") == full
    link = line.get_by_role("link", name="Comment la vérifier")
    assert link.get_attribute("href").endswith("/faq/#fair-deals")


def check_sound_toggle(page) -> None:
    sounds = page.get_by_role("button", name="Sons")
    assert sounds.get_attribute("aria-pressed") == "false"
    sounds.tap()
    assert sounds.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('atout-sounds')") == "on"
    sounds.tap()
    assert sounds.get_attribute("aria-pressed") == "false"


def tap_once(page) -> str | None:
    """Tap what the table asks of the player now: a bid of 3 (or the first bid offered), or the
    first playable card; returns what was done."""
    for selector, action in (
        ('.bid-grid button[data-bid="3"]:not([disabled])', "bid"),
        (".bid-grid button:not([disabled])", "bid"),
        (".hand button.card:not([disabled])", "play"),
    ):
        found = page.locator(selector)
        if found.count():
            found.first.tap()
            return action
    return None


@pytest.mark.parametrize("width, height", [(360, 740), (390, 844)])
def test_a_whole_hand_is_played_by_tapping_with_everything_in_one_screen(
    live_site, chromium, width, height, tmp_path
):
    started = time.monotonic()
    context = chromium.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
        device_scale_factor=1, bypass_csp=True,
    )  # fmt: skip
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        join_quick_table(page, live_site, "Téléphone")
        # The chat is folded away; its button unfolds it.
        fold = page.get_by_role("button", name="Discussion")
        assert fold.get_attribute("aria-expanded") == "false"
        assert page.locator("#chat-log").is_hidden()
        turns = {"bid": 0, "play": 0}
        shots = screenshot_dir(tmp_path)
        deadline = time.monotonic() + 100
        result_seen = False
        # The whole first hand, then my first bid of the second, with the first hand's result.
        while turns["play"] < 13 or turns["bid"] < 2:
            assert time.monotonic() < deadline, turns
            if not page.locator(MY_TURN).count():
                look = page.locator(LOOK)
                if look.count():  # my cards face down (blind nil offered): turn them
                    look.tap()
                    page.wait_for_selector(".bid-grid button:not([disabled])")
                page.wait_for_timeout(50)
                continue
            problems = page.evaluate(PROBLEMS, width)
            if problems:
                page.screenshot(path=str(tmp_path / "problem.png"))
            assert problems == [], (turns, problems)
            if width == 390 and turns["bid"] == 0 and page.locator(".bid-grid").count():
                page.screenshot(path=str(shots / "table-phone-bidding.png"))
                assert_no_serious_axe_violations(page)
            if turns["play"] == 13 and not result_seen:
                # The hand's last trick is held on the felt a moment first; the result follows.
                with contextlib.suppress(PlaywrightTimeoutError):
                    page.locator("#felt-overlay .overlay-card").wait_for(timeout=3_000)
                    result_seen = True
            if turns["play"] == 1 and turns["bid"] == 1:
                check_commitment_line(page)
            if width == 390 and turns["play"] == 4:
                page.wait_for_timeout(400)  # the last card played has landed
                page.screenshot(path=str(shots / "table-phone.png"))
                assert_no_serious_axe_violations(page)
            action = tap_once(page)
            if action in turns:
                turns[action] += 1
                page.wait_for_timeout(120)
        assert result_seen  # the first hand's result was on the felt at my next bid
        fold.tap()
        check_sound_toggle(page)
        assert fold.get_attribute("aria-expanded") == "true"
        assert page.locator("#chat-log").is_visible()
        assert not errors, errors
    finally:
        context.close()
    assert time.monotonic() - started < 120
