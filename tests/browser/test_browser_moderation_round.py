"""A whole moderation round on the real system (Daphne, the Celery worker, Redis) in headless
Chromium: Hugo writes something nasty at the table; Léa reports it from the table's Report
dialog; a moderator (staff in the Modérateurs group, nothing else) finds it in the admin's report
queue, hides the message and turns off Hugo's chat with a reason. Hugo's table loses the message
and shows him why and until when, without the chat form. Shown again from the admin, the message
comes back in its place on both tables. SCREENSHOT_DIR saves the pictures."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from games.models import ChatMessage, Silence
from moderation.models import Report
from tests.support.browser import serve_live_site
from tests.support.moderation import make_moderator
from tests.support.pages import guest, join, private_table

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "un-mot-de-passe-solide-42"


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


def table_page(browser, base_url: str, client, path: str, *, height: int = 800):
    """A page of its own (own cookies) signed in as the test client's session, socket open."""
    # The site's CSP forbids eval, which Playwright's string predicates use: bypassed here.
    context = browser.new_context(
        viewport={"width": 1280, "height": height}, locale="fr-FR", bypass_csp=True
    )
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(base_url + path)
    page.wait_for_function("document.body.dataset.socket === 'open'")
    return page


def write(page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat-form button[type=submit]").click()
    page.locator("#chat-list li", has_text=text).wait_for(timeout=10_000)


def chat_texts(page) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('#chat-list li')].map((li) => li.childNodes[1].textContent)"
    )


def wait_for_texts(page, expected: list[str]) -> None:
    deadline = time.monotonic() + 10
    while chat_texts(page) != expected:
        assert time.monotonic() < deadline, chat_texts(page)
        page.wait_for_timeout(100)


def test_a_report_from_the_table_is_handled_by_a_moderator_and_the_players_see_it(
    live_site, shots, chromium
):
    moderator = make_moderator("modo")
    moderator.set_password(PASSWORD)
    moderator.save()
    lea, hugo = guest("Léa"), guest("Hugo")
    table = private_table(lea)
    join(hugo, table, "E")
    path = reverse("games:table", args=[table.pk])

    browser = chromium  # its contexts are closed after the test (conftest.py)
    lea_page = table_page(browser, live_site, lea, path)
    hugo_page = table_page(browser, live_site, hugo, path)
    write(lea_page, "bonne partie à tous")
    write(hugo_page, "tu joues comme un pied, abandonne")
    write(lea_page, "pas la peine d'être désagréable")
    order = [
        "bonne partie à tous",
        "tu joues comme un pied, abandonne",
        "pas la peine d'être désagréable",
    ]
    wait_for_texts(hugo_page, order)
    bad = ChatMessage.objects.get(text__startswith="tu joues")

    # Léa reports Hugo's message from her table.
    lea_page.get_by_role("button", name="Signaler le message de Hugo").click()
    lea_page.locator("#report-dialog").wait_for(state="visible")
    lea_page.get_by_label("Insulte").check()
    lea_page.locator("textarea[name=comment]").fill("Il insulte depuis le début.")
    lea_page.screenshot(path=str(shots / "table-report-dialog.png"))
    lea_page.get_by_role("button", name="Envoyer le signalement").click()
    lea_page.locator(".report-status", has_text="Merci").wait_for(timeout=10_000)
    report = Report.objects.get()
    assert (report.message_id, report.reason, report.reported_name) == (
        bad.pk,
        "insult",
        "Hugo",
    )

    # The moderator: the queue, the report, hide, ban with a reason.
    admin = browser.new_page(viewport={"width": 1440, "height": 600}, locale="fr-FR")
    admin.goto(live_site + "/fr/admin/moderation/report/?status__exact=open")
    admin.locator("#id_username").fill("modo")
    admin.locator("#id_password").fill(PASSWORD)
    admin.locator("input[type=submit]").click()
    admin.wait_for_selector("#result_list")
    rows = admin.locator("#result_list tbody tr")
    assert rows.count() == 1
    assert "Hugo" in rows.first.text_content()
    admin.screenshot(path=str(shots / "moderation-report-queue.png"))
    rows.first.locator("th a").click()
    admin.wait_for_selector(".report-conversation")
    admin.get_by_role("button", name="Masquer le message").click()
    admin.wait_for_selector(".messagelist")
    wait_for_texts(hugo_page, [order[0], order[2]])
    wait_for_texts(lea_page, [order[0], order[2]])

    admin.get_by_role("button", name="Retirer la parole…").click()
    admin.get_by_label("24 heures").check()
    admin.locator("#id_reason").fill("Propos blessants")
    admin.get_by_role("button", name="Retirer la parole").click()
    admin.wait_for_selector(".messagelist")
    note = hugo_page.locator("#chat-silenced")
    note.wait_for(state="visible", timeout=10_000)
    text = note.inner_text()
    assert text.startswith("Un modérateur t'a retiré la parole jusqu'au ")
    assert text.endswith("Motif\u00a0: Propos blessants")
    assert hugo_page.locator("#chat-form").is_hidden()
    assert lea_page.locator("#chat-form").is_visible()
    assert lea_page.locator("#chat-silenced").is_hidden()

    # Shown again from the messages' list: back between the two others.
    admin.goto(live_site + f"/fr/admin/games/chatmessage/?q={table.pk}")
    admin.locator(f'input[name=_selected_action][value="{bad.pk}"]').check()
    admin.locator("select[name=action]").select_option("unhide")
    admin.locator("button[name=index]").click()
    admin.wait_for_selector(".messagelist")
    wait_for_texts(hugo_page, order)
    wait_for_texts(lea_page, order)
    for page in (lea_page, hugo_page, admin):
        assert getattr(page, "errors", []) == []
    ban = Silence.objects.get()
    assert (ban.viewer_key, ban.reason) == (report.reported_key, "Propos blessants")
    assert Report.objects.get().status == "resolved"
