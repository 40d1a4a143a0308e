"""The table page's side of moderation, in a real headless Chromium: the "Report" button by another
player's message and by their seat opens the dialog (its module fetched then, not with the page)
and sends the socket's "report" message; a
message a moderator hid leaves the log and comes back in its place when shown again; a player
whose chat a moderator turned off sees why and until when, without the form. The frames are
handed to the page's own message handler through a fake socket (browser_support.FAKE_SOCKET)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.browser import (
    assert_no_serious_axe_violations,
    page_with_fake_socket,
    socket_receive,
    socket_sent,
)
from tests.support.pages import guest, join, private_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def message(id_: int, seat: str, name: str, text: str, at: str) -> dict:
    return {
        "id": id_,
        "seat": seat,
        "name": name,
        "text": text,
        "at": f"2026-12-01T10:00:{at}+00:00",
    }


def open_table(page, site: str, table) -> dict:
    page.goto(site + reverse("games:table", args=[table.pk]))
    page.evaluate("window.sockets.at(-1).open()")
    return page.evaluate("JSON.parse(document.getElementById('table-state').textContent)")


def chat_texts(page) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('#chat-list li')].map((li) => li.childNodes[1].textContent)"
    )


def test_a_player_reports_a_message_and_a_seat_from_the_table(site, chromium):
    lea, hugo = guest("Léa"), guest("Hugo")
    table = private_table(lea)
    join(hugo, table, "E")
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        open_table(page, site, table)
        socket_receive(page, {"type": "chat", "message": message(7, "N", "Léa", "salut", "01")})
        socket_receive(page, {"type": "chat", "message": message(8, "E", "Hugo", "t'es nul", "02")})
        loaded = "performance.getEntriesByType('resource').some((e) => e.name.includes('report'))"
        assert page.evaluate(loaded) is False  # the dialog's module comes when first opened
        # My own message cannot be reported; Hugo's can.
        assert page.locator('#chat-list li[data-id="7"] .report-button').count() == 0
        page.get_by_role("button", name="Signaler le message de Hugo").click()
        page.locator("#report-dialog").wait_for(state="visible")
        assert page.evaluate(loaded) is True
        assert_no_serious_axe_violations(page)
        assert page.locator("#report-title").inner_text() == "Signaler un message de Hugo"
        assert page.locator(".report-quote").inner_text() == "t'es nul"
        page.get_by_label("Insulte").check()
        page.locator("textarea[name=comment]").fill("à chaque pli")
        page.get_by_role("button", name="Envoyer le signalement").click()
        assert socket_sent(page)[-1] == {
            "type": "report", "message": 8, "reason": "insult", "comment": "à chaque pli"
        }  # fmt: skip
        socket_receive(page, {"type": "report_received"})
        assert "Merci" in page.locator(".report-status").inner_text()
        page.wait_for_function("!document.querySelector('#report-dialog').open")
        assert page.locator(".table-toast").inner_text() == ""

        page.get_by_role("button", name="Signaler Hugo").click()
        page.locator("#report-dialog").wait_for(state="visible")
        assert page.locator("#report-title").inner_text() == "Signaler Hugo"
        page.get_by_label("Triche").check()
        page.get_by_role("button", name="Envoyer le signalement").click()
        assert socket_sent(page)[-1] == {"type": "report", "seat": "E", "reason": "cheating"}
        # A refusal is shown in the dialog, not as the table's toast.
        refusal = {"type": "error", "code": "too_fast", "message": "Attends quelques minutes."}
        socket_receive(page, refusal)
        assert page.locator(".report-status").inner_text() == "Attends quelques minutes."
        assert page.locator(".table-toast").inner_text() == ""
        assert not errors, errors


def test_a_hidden_message_leaves_and_comes_back_in_its_place(site, chromium):
    lea, hugo = guest("Léa"), guest("Hugo")
    table = private_table(lea)
    join(hugo, table, "E")
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        open_table(page, site, table)
        first, bad, last = (
            message(1, "N", "Léa", "bonne partie", "01"),
            message(2, "E", "Hugo", "tu joues mal", "02"),
            message(3, "N", "Léa", "du calme", "03"),
        )
        for m in (first, bad, last):
            socket_receive(page, {"type": "chat", "message": m})
        assert chat_texts(page) == ["bonne partie", "tu joues mal", "du calme"]
        socket_receive(page, {"type": "chat_hidden", "id": 2})
        assert chat_texts(page) == ["bonne partie", "du calme"]
        socket_receive(page, {"type": "chat", "message": message(4, "E", "Hugo", "pardon", "04")})
        socket_receive(page, {"type": "chat_shown", "message": bad})
        assert chat_texts(page) == ["bonne partie", "tu joues mal", "du calme", "pardon"]
        socket_receive(page, {"type": "chat_shown", "message": bad})  # twice: still once
        assert chat_texts(page) == ["bonne partie", "tu joues mal", "du calme", "pardon"]
        assert not errors, errors


def test_a_silenced_player_sees_why_and_until_when_without_the_form(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        state = open_table(page, site, table)
        assert page.locator("#chat-form").is_visible()
        assert page.locator("#chat-silenced").is_hidden()
        state["table"]["me"].update(
            silenced=True,
            silenced_until="2099-06-01T14:30:00+00:00",
            silence_reason="Propos blessants",
        )
        socket_receive(page, state)
        note = page.locator("#chat-silenced")
        assert note.is_visible()
        text = note.inner_text()
        assert text.startswith("Un modérateur t'a retiré la parole jusqu'au ")
        assert "2099" in text and "Propos blessants" in text
        assert page.locator("#chat-form").is_hidden()
        assert page.locator("#chat-phrases").is_hidden()
        assert_no_serious_axe_violations(page)

        state["table"]["me"].update(silenced_until=None, silence_reason="")
        socket_receive(page, state)
        assert note.inner_text() == (
            "Un modérateur t'a retiré la parole définitivement. Motif\u00a0: aucun motif donné"
        )

        state["table"]["me"].update(silenced=False, silenced_until=None, silence_reason=None)
        socket_receive(page, state)
        assert note.is_hidden()
        assert page.locator("#chat-form").is_visible()
        assert not errors, errors
