"""End to end, in a real headless Chromium: a guest opens the day's page, plays the whole daily
set (two hands here, DAILY_HANDS) against three Hard bots, and finds themself in the guests'
ranking with their matchpoints; Daphne, a Celery worker with beat and Redis run for real.
SCREENSHOT_DIR=docs/screenshots saves the picture of the day's page after the try."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from tests.support.browser import (
    assert_no_serious_axe_violations,
    chromium_page,
    play_to_the_end,
    serve_live_site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db, monkeypatch):
    monkeypatch.setenv("DAILY_HANDS", "2")
    with serve_live_site(trick_pause_s=0.1) as url:
        yield url


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


def test_a_guest_plays_the_whole_daily_set_and_sees_the_ranking(live_site, chromium, shots):
    with chromium_page(chromium) as (page, errors):
        page.goto(live_site + "/fr/donne-du-jour/")
        assert page.get_by_role("heading", level=1).inner_text().startswith("Donne du jour")
        assert page.locator("#daily-deals tbody tr").count() == 2
        page.get_by_role("button", name="Jouer la donne du jour").click()
        page.wait_for_url("**/fr/jouer/pseudo/**")
        page.get_by_label("Ton pseudo").fill("Léa")
        page.locator("#nickname-submit").click()
        page.wait_for_url("**/fr/donne-du-jour/")
        page.get_by_role("button", name="Jouer la donne du jour").click()
        page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
        page.wait_for_function("document.body.dataset.socket === 'open'")
        page.wait_for_selector("#hand-area .hand", timeout=20_000)
        assert page.locator("#seat-bottom .seat-you").count() == 1

        done = play_to_the_end(page, 240)
        assert done["play"] == 26

        page.goto(live_site + "/fr/donne-du-jour/")
        deadline = time.monotonic() + 30
        while "Rang 1." not in page.locator("#my-result").inner_text():
            assert time.monotonic() < deadline, "the ranking was not refreshed"
            page.wait_for_timeout(500)
            page.reload()
        guests = page.get_by_role("table", name="Invités, par pseudo")
        assert guests.get_by_role("rowheader", name="Léa").count() == 1
        assert "1,00" in guests.inner_text()  # alone on both deals: half a point each
        assert page.get_by_role("link", name="Replay de la donne 1").count() == 1
        assert page.get_by_role("button", name="Jouer la donne du jour").count() == 0
        assert_no_serious_axe_violations(page)
        page.screenshot(path=str(shots / "daily-deal.png"), full_page=True)
        assert errors == []
