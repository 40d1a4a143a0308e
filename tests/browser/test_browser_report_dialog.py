"""The players' "Report" dialog (static/js/report.js with games/report_dialog.html), in Chromium:
it sends the socket's "report" message and shows the answer. The table page wires it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tests.support.browser import chromium_page

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parents[2]
SITE = "http://site.test"


def page_html() -> str:
    with translation.override("fr"):
        dialog = render_to_string("games/report_dialog.html")
    return f"""<!doctype html><html lang="fr"><body>{dialog}
<script type="module">
import {{ setupReporting }} from "/static/js/report.js";
window.sent = [];
window.reporting = setupReporting({{ send: (m) => {{ window.sent.push(m); return true; }} }});
document.body.append(window.reporting.button({{ message: 12, name: "Hugo", text: "tu es nul" }}));
document.body.append(window.reporting.button({{ seat: "E", name: "Hugo" }}));
window.ready = true;
</script></body></html>"""


def serve(page) -> None:
    html = page_html()
    script = (BASE_DIR / "static/js/report.js").read_text()

    def handle(route):
        if route.request.url.endswith("/static/js/report.js"):
            route.fulfill(body=script, content_type="text/javascript")
        else:
            route.fulfill(body=html, content_type="text/html; charset=utf-8")

    page.route(f"{SITE}/**", handle)
    page.goto(f"{SITE}/")
    page.wait_for_function("window.ready === true")


def test_reporting_a_message_sends_the_report_and_thanks_the_player(chromium):
    with chromium_page(chromium) as (page, errors):
        serve(page)
        page.locator(".report-button").first.click()
        dialog = page.locator("#report-dialog")
        assert dialog.is_visible()
        assert page.locator("#report-title").text_content() == "Signaler un message de Hugo"
        assert page.locator(".report-quote").text_content() == "tu es nul"
        page.get_by_label("Insulte").check()
        page.locator("textarea[name=comment]").fill("  à chaque pli  ")
        page.get_by_role("button", name="Envoyer le signalement").click()
        sent = page.evaluate("window.sent")
        assert sent == [
            {"type": "report", "message": 12, "reason": "insult", "comment": "à chaque pli"}
        ]
        assert page.evaluate("window.reporting.handleFrame({type: 'chat', message: {}})") is False
        assert page.evaluate("window.reporting.handleFrame({type: 'report_received'})") is True
        assert "Merci" in page.locator(".report-status").text_content()
        page.wait_for_function("!document.querySelector('#report-dialog').open")
        assert errors == []


def test_a_refused_report_shows_why_and_may_be_sent_again(chromium):
    with chromium_page(chromium) as (page, errors):
        serve(page)
        page.locator(".report-button").nth(1).click()
        assert page.locator("#report-title").text_content() == "Signaler Hugo"
        assert page.locator(".report-quote").is_hidden()
        page.get_by_label("Triche").check()
        page.get_by_role("button", name="Envoyer le signalement").click()
        assert page.evaluate("window.sent") == [
            {"type": "report", "seat": "E", "reason": "cheating"}
        ]
        frame = {"type": "error", "code": "too_fast", "message": "Attends un peu."}
        assert page.evaluate(f"window.reporting.handleFrame({json.dumps(frame)})") is True
        assert page.locator(".report-status").text_content() == "Attends un peu."
        assert page.get_by_role("button", name="Envoyer le signalement").is_enabled()
        page.get_by_role("button", name="Annuler").click()
        assert not page.evaluate("document.querySelector('#report-dialog').open")
        assert errors == []
