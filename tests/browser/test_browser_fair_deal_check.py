"""In a real headless Chromium: on a finished match's page, each hand shows its commitment and seed,
and "Vérifier" recomputes both with Web Crypto's SHA-256 (static/js/fair_deal.js, written apart
from the engine): it says in words that they agree, and what disagrees once a seed or a card shown
is changed. SCREENSHOT_DIR=docs/screenshots saves the picture of a verified hand."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse

from games.models import Table
from tests.support.browser import assert_no_serious_axe_violations, chromium_page
from tests.support.match import finished_private_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


def test_checking_a_hand_on_the_match_page_says_the_seed_and_the_deal_agree(
    live_server, chromium, shots
):
    _, table, match = finished_private_match("Léa", target=100)
    Table.objects.filter(pk=table.pk).update(kind="quick")  # public once over
    with chromium_page(chromium, width=1100, height=900) as (page, errors):
        page.goto(live_server.url + reverse("games:match", args=[match.pk]))
        hand = page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="Main 1"))
        assert match.deal_seeds[0] in hand.inner_text()
        check = page.get_by_role("button", name="Vérifier la main 1")
        check.click()
        verdict = hand.get_by_role("status")
        verdict.filter(has_text="Tout concorde").wait_for()
        assert "cette graine distribue exactement les cartes de cette main" in verdict.inner_text()
        hand.screenshot(path=str(shots / "match-fair-deal-check.png"))
        assert_no_serious_axe_violations(page, ".fair-deals")

        # Another seed than the one committed to: the fingerprint disagrees.
        page.locator('.fair-deal[data-hand="1"] .fair-deal-seed').evaluate(
            "code => { code.textContent = '0'.repeat(64); }"
        )
        check.click()
        verdict.filter(has_text="Ça ne concorde pas").wait_for()
        assert "pas l'engagement affiché" in verdict.inner_text()
        assert not errors, errors


def test_a_hand_whose_shown_cards_differ_from_the_seeds_deal_is_said_to_disagree(
    live_server, chromium
):
    _, table, match = finished_private_match("Zoé", target=50)
    Table.objects.filter(pk=table.pk).update(kind="quick")
    with chromium_page(chromium) as (page, errors):
        # The page's replay data with two cards swapped between North and East in hand 1.
        page.route(
            "**/parties/*/",
            lambda route: route.fulfill(
                response=route.fetch(), body=swap_cards(route.fetch().text())
            ),
        )
        page.goto(live_server.url + reverse("games:match", args=[match.pk]))
        page.get_by_role("button", name="Vérifier la main 1").click()
        verdict = page.locator('.fair-deal[data-hand="1"]').get_by_role("status")
        verdict.filter(has_text="Ça ne concorde pas").wait_for()
        assert "la graine donne" in verdict.inner_text()
        assert "mais le replay la montre ailleurs" in verdict.inner_text()
        assert not errors, errors


def swap_cards(html: str) -> str:
    """Swap North's first card and East's first card in the replay data of hand 1."""
    import json
    import re

    found = re.search(
        r'(<script id="replay-data" type="application/json">)(.*?)(</script>)', html, re.S
    )
    assert found
    data = json.loads(found.group(2))
    deal = data["hands"][0]["deal"]
    deal["N"][0], deal["E"][0] = deal["E"][0], deal["N"][0]
    text = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return html[: found.start(2)] + text + html[found.end(2) :]
