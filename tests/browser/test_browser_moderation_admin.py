"""The moderators' report queue in a real headless Chromium: a moderator logs in to the admin
(the site's name on it), sees the open reports, opens one with the conversation around the
reported message, and bans the player from there. SCREENSHOT_DIR saves the pictures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.models import Silence
from moderation import actions as moderation
from tests.support.browser import serve_live_site
from tests.support.moderation import make_moderator, say, seated_pair

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


def test_a_moderator_works_through_the_report_queue(live_site, shots, chromium):
    moderator = make_moderator("modo")
    moderator.set_password("un-mot-de-passe-solide-42")
    moderator.save()
    table, lea, hugo = seated_pair()
    say(table, lea, "bonne partie à tous")
    bad = say(table, hugo, "tu joues comme un pied, abandonne")
    say(table, lea, "pas la peine d'être désagréable")
    report = moderation.do_report(table.pk, lea, message_id=bad.pk, reason="insult")
    moderation.do_report(table.pk, lea, seat="E", reason="cheating", comment="il joue trop vite")

    browser = chromium  # its contexts are closed after the test (conftest.py)
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_site + "/fr/admin/moderation/report/?status__exact=open")
    assert "Atout Pique – administration" in page.content()
    page.locator("#id_username").fill("modo")
    page.locator("#id_password").fill("un-mot-de-passe-solide-42")
    page.locator("input[type=submit]").click()
    page.wait_for_selector("#result_list")
    rows = page.locator("#result_list tbody tr")
    assert rows.count() == 2
    assert page.locator("#changelist-filter").is_visible()
    page.screenshot(path=str(shots / "moderation-report-queue.png"), full_page=True)

    page.goto(live_site + f"/fr/admin/moderation/report/{report.pk}/change/")
    reported = page.locator(".report-conversation tr.reported")
    assert "tu joues comme un pied" in reported.text_content()
    assert page.locator(".report-conversation tr").count() == 3
    page.screenshot(path=str(shots / "moderation-report.png"), full_page=True)

    page.get_by_role("button", name="Retirer la parole…").click()
    page.get_by_label("24 heures").check()
    page.locator("#id_reason").fill("Propos blessants")
    page.screenshot(path=str(shots / "moderation-silence-form.png"), full_page=True)
    page.get_by_role("button", name="Retirer la parole").click()
    page.wait_for_selector(".messagelist")
    assert "1 joueur ne peut plus écrire" in page.locator(".messagelist").text_content()
    assert errors == []
    ban = Silence.objects.get()
    assert (ban.viewer_key, ban.reason) == (hugo.key, "Propos blessants")
