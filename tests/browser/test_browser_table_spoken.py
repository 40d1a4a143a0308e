"""A blind player's whole hand (issue 31), in a real headless Chromium against bots: the keyboard
alone, and nothing read but the accessibility tree (roles, accessible names, focus). At each of
the player's turns the focus is already on the first legal bid or playable card: Enter acts. The
table's log (role "log") says every bid and every card of the other seats and who took each trick,
in order, and the hand's result; the result is a dialog that takes the focus and, closed with
Escape, gives it back to where the player acts.

What was said is checked against the server's own frames (the WebSocket as Playwright sees it),
put in words here with the site's French catalogue. Same harness as the other browser tests
(tests/support/browser.py).
"""

from __future__ import annotations

import json
import re
import time

import pytest
from django.utils import translation

from games.texts import card_with_article
from tests.support.browser import (
    assert_no_serious_axe_violations,
    chromium_page,
    serve_live_site,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COMPASS = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"}
BIDS = {"nil": "nul", "blind_nil": "nul à l'aveugle"}
# Where the player acts: a bid button, "see my cards", or a card of the hand (by accessible name).
ACTION = re.compile(
    r"^(Annoncer \d+|\d+ Annoncer \d+|Nul|Nul à l'aveugle|Voir mes cartes|.+ de (pique|cœur|carreau|trèfle))$"
)
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {name: a.getAttribute('aria-label') || a.textContent.trim().replace(/\\s+/g, ' '),
          role: a.getAttribute('role') || a.tagName.toLowerCase(), disabled: !!a.disabled};
}"""


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site(trick_pause_s=0.3) as url:
        yield url


def tab_to_name(page, name: str, limit: int = 60) -> None:
    """Press Tab until the focused element's accessible name is ``name``."""
    for _ in range(limit):
        focus = page.evaluate(FOCUSED)
        if focus and focus["name"] == name:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {name!r}")


def said(page) -> list[str]:
    """The lines of the table's log, from the accessibility tree."""
    snapshot = page.get_by_role("log", name="Annonces de la table").aria_snapshot()
    return [m.group(1) for m in re.finditer(r'- paragraph: "?(.*?)"?$', snapshot, re.M)]


def expected_lines(frames: list[dict], me: str) -> list[str]:
    """The first hand's bids and cards of the other seats and its tricks' winners, in words."""
    hand1 = [f["view"] for f in frames if (f.get("view") or {}).get("hand_number") == 1]
    last = hand1[-1]
    thirteenth = next(
        f["view"]["last_trick"]
        for f in frames
        if (f.get("view") or {}).get("hand_number") == 2
        and (f["view"].get("last_trick") or {}).get("hand_number") == 1
    )
    lines = [
        f"{COMPASS[s]} annonce {BIDS.get(last['bids'][s], last['bids'][s])}"
        for s in last["bid_order"]
        if s != me
    ]
    with translation.override("fr"):
        for trick in [*last["tricks"], thirteenth]:
            for play in trick["cards"]:
                if play["seat"] != me:
                    lines.append(f"{COMPASS[play['seat']]} joue {card_with_article(play['card'])}")
            winner = trick["winner"]
            lines.append(
                "Tu remportes le pli" if winner == me else f"{COMPASS[winner]} remporte le pli"
            )
    return lines


def in_order(wanted: list[str], got: list[str]) -> list[str]:
    """The lines of ``wanted`` missing from ``got`` as a subsequence (in order)."""
    rest = iter(got)
    return [line for line in wanted if not any(line == g for g in rest)]


def test_a_keyboard_player_hears_every_move_of_a_whole_hand(live_site, chromium):
    started = time.monotonic()
    with chromium_page(chromium, 1280, 800) as (page, errors):
        frames: list[dict] = []
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda data: frames.append(json.loads(data)) if isinstance(data, str) else None))  # fmt: skip
        page.goto(live_site + "/fr/jouer/")
        tab_to_name(page, "Jouer maintenant")
        page.keyboard.press("Enter")
        page.wait_for_url("**/fr/jouer/pseudo/**")
        nickname = page.get_by_label("Ton pseudo")
        for _ in range(30):
            if nickname.evaluate("(el) => el === document.activeElement"):
                break
            page.keyboard.press("Tab")
        page.keyboard.type("Aveugle")
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
        page.get_by_role("group", name="Ta main").wait_for(timeout=20_000)

        acted = 0
        result = page.get_by_role("dialog", name="Fin de la main 1")
        deadline = time.monotonic() + 90
        # Until the hand's result is said (then the next hand's first turn is left alone).
        while not any(line.startswith("Fin de la main 1.") for line in said(page)):
            assert time.monotonic() < deadline, ("the hand did not end", acted, said(page)[-5:])
            focus = page.evaluate(FOCUSED)
            if focus and not focus["disabled"] and ACTION.match(focus["name"] or ""):
                page.keyboard.press("Enter")
                acted += 1
                page.wait_for_timeout(150)
            else:
                page.wait_for_timeout(50)
        assert acted >= 14  # a bid (and perhaps "see my cards") and 13 cards, by Enter alone

        result.wait_for(timeout=30_000)
        # The result dialog took the focus, says how to close it, and Escape closes it.
        continuer = result.get_by_role("button", name="Continuer")
        continuer.wait_for()
        page.wait_for_function("document.activeElement?.textContent === 'Continuer'", timeout=5_000)
        assert "Échap ferme ce résumé." in result.inner_text()
        assert_no_serious_axe_violations(page)  # the next hand's bidding, the result open
        page.keyboard.press("Escape")
        result.wait_for(state="detached")
        focus = page.evaluate(FOCUSED)
        assert focus and (focus["name"] == "Ta main" or ACTION.match(focus["name"])), focus

        me = next(f["table"]["me"]["seat"] for f in frames if f.get("type") == "state")
        lines = said(page)
        wanted = expected_lines([f for f in frames if f.get("type") == "state"], me)
        assert len(wanted) == 3 + 39 + 13
        assert not in_order(wanted, lines), (in_order(wanted, lines), lines)
        assert any(line.startswith("Fin de la main 1. Nous : ") for line in lines), lines
        assert not errors, errors
    assert time.monotonic() - started < 120
