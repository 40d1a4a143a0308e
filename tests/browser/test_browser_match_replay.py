"""In a real headless Chromium: the end of a match links to its page; there the replay steps
through every hand (deal, bids, each trick, the four hands face up) with the buttons and the arrow
keys, and the hand history downloads as JSON Lines that the engine scores to the match's totals.

The pages are served by pytest-django's live server. SCREENSHOT_DIR=docs/screenshots saves the
picture of the replay open at a trick.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from django.urls import reverse

from games.models import Table
from spades.engine.record import score_record
from tests.support.browser import (
    assert_no_serious_axe_violations,
    chromium_page,
    page_with_fake_socket,
)
from tests.support.match import finished_private_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLLECT = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


@pytest.fixture
def site(live_server):
    return live_server.url


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


def step_text(page) -> str:
    return page.locator("#replay-step").inner_text()


def test_the_replay_steps_through_the_hands_and_the_export_downloads(site, shots, chromium):
    client, table, match = finished_private_match("Léa", target=100)
    with page_with_fake_socket(chromium, site, client, width=1100, height=900) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        link = page.locator("#see-match")
        assert link.inner_text() == "Voir la partie et son replay"
        link.click()
        page.wait_for_url(f"**/fr/parties/{match.pk}/")

        total = len(json.loads(page.locator("#replay-data").text_content())["hands"])
        steps = total * 16  # per hand: the deal, the bids, 13 tricks, the result
        assert step_text(page) == f"Étape 1 sur {steps}"
        assert "distribue" in page.locator("#replay-caption").inner_text()
        assert page.locator(".replay-seat").count() == 4
        for seat in ("N", "E", "S", "W"):
            assert page.locator(f'.replay-seat[data-seat="{seat}"] .card').count() == 13
        assert page.locator("#replay-prev").is_disabled()

        page.locator("#replay-next").click()  # the bids
        assert "annonces" in page.locator("#replay-caption").inner_text()
        assert (
            page.locator('.replay-seat[data-seat="N"] .replay-facts')
            .inner_text()
            .count("Annonce\u00a0: —")
            == 0
        )
        page.locator("#replay-next").click()  # the first trick
        assert step_text(page) == f"Étape 3 sur {steps}"
        assert page.locator("#replay-trick .card").count() == 4
        assert page.locator(".replay-seat .card").count() == 48
        assert page.locator("#replay-trick .is-winner").count() == 1

        page.keyboard.press("ArrowRight")  # the second trick
        assert step_text(page) == f"Étape 4 sur {steps}"
        assert page.locator(".replay-seat .card").count() == 44
        assert "pli 2 sur 13" in page.locator("#replay-caption").inner_text()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        assert step_text(page) == f"Étape 2 sur {steps}"
        page.locator("#replay-prev").click()
        assert step_text(page) == f"Étape 1 sur {steps}"

        if total > 1:  # jump to the second hand's deal
            page.locator("#replay-hand").select_option("1")
            assert step_text(page) == f"Étape 17 sur {steps}"
            assert page.locator(".replay-seat .card").count() == 52

        for _ in range(6):  # a trick well into the hand, for the picture
            page.keyboard.press("ArrowRight")
        assert page.locator("#replay-trick .card").count() == 4
        page.locator("#replay-title").scroll_into_view_if_needed()
        page.locator(".match-page").screenshot(path=str(shots / "match-replay.png"))

        with page.expect_download() as info:
            page.locator("#match-export").click()
        download = info.value
        assert download.suggested_filename == f"atout-pique-match-{match.pk}.jsonl"
        lines = Path(download.path()).read_text().splitlines()
        scored = [score_record(json.loads(line)) for line in lines]
        assert len(scored) == total and all("error" not in line for line in scored)
        assert {t: scored[-1][t]["score"] for t in ("NS", "EW")} == match.result["scores"]
        assert not errors, errors


def test_the_match_page_runs_under_the_sites_content_security_policy_and_passes_axe(site, chromium):
    _, table, match = finished_private_match("Zoé", target=50)
    Table.objects.filter(pk=table.pk).update(kind="quick")  # public once over: no cookie needed
    with chromium_page(chromium, bypass_csp=False) as (page, errors):
        page.add_init_script(COLLECT)
        page.goto(site + reverse("games:match", args=[match.pk]))
        page.wait_for_selector("#replay-board .replay-seat")  # the module ran
        page.locator("#replay-next").click()
        page.locator("#replay-next").click()  # a trick on the felt
        assert page.evaluate("window.cspViolations") == []
        assert_no_serious_axe_violations(page)
        assert not errors, errors
