"""End to end, in a real headless Chromium: what a player reads on the felt while bots play at once
(BOT_MOVE_DELAY is 0 here). The three bots have names that tell them apart, and a taken trick stays
on the felt, its winner marked, long enough to be read before the next trick shows; meanwhile the
player's cards wait.

Same harness as the quick play test (tests/support/browser.py).
"""

from __future__ import annotations

import time

import pytest

from tests.support.browser import act_once, chromium_page, join_quick_table, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Records every change of the trick area: [ms, cards shown, winner marked, my enabled cards].
WATCH_TRICKS = """() => {
  window.trickLog = [];
  const area = document.querySelector('#trick-area');
  const note = () => window.trickLog.push([
    performance.now(),
    [...area.querySelectorAll('.card')].map((c) => c.dataset.card).join(' '),
    !!area.querySelector('.trick-slot.is-winner'),
    document.querySelectorAll('.hand button.card:not([disabled])').length,
    document.querySelectorAll('.seat.took-trick').length,
  ]);
  new MutationObserver(note).observe(area, {childList: true, subtree: true});
}"""


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def shown_tricks(log: list) -> list[tuple[float, list]]:
    """Each complete trick displayed with its winner: (how long it stayed, the entries)."""
    out, start, entries = [], None, []
    for entry in log:
        t, cards, winner = entry[0], entry[1], entry[2]
        if start is not None and (cards != entries[0][1] or not winner):
            out.append((t - start, entries))
            start, entries = None, []
        if start is None and winner and len(cards.split()) == 4:
            start, entries = t, [entry]
        elif start is not None:
            entries.append(entry)
    return out


def test_a_taken_trick_stays_readable_and_the_bots_have_distinct_names(live_site, chromium):
    started = time.monotonic()
    with chromium_page(chromium) as (page, errors):
        join_quick_table(page, live_site, "Lecture")
        page.wait_for_selector("#hand-area .hand", timeout=20_000)

        names = page.locator(".seat .seat-name").all_inner_texts()
        assert len(names) == 4
        assert len(set(names)) == 4, names  # not three times "Robot (Normal)"

        page.evaluate(WATCH_TRICKS)
        deadline = time.monotonic() + 40
        while len(shown_tricks(page.evaluate("window.trickLog"))) < 3:
            assert time.monotonic() < deadline, page.evaluate("window.trickLog")
            if not act_once(page):
                page.wait_for_timeout(100)
            else:
                page.wait_for_timeout(60)

        for duration, entries in shown_tricks(page.evaluate("window.trickLog")):
            assert duration >= 1200, duration  # the bots led again at once: the page waited
            assert all(e[3] == 0 for e in entries)  # no card of mine playable meanwhile
            assert all(e[4] == 1 for e in entries)  # the winner's seat is marked
        assert not errors, errors
    assert time.monotonic() - started < 60
