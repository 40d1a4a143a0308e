"""End to end, in a real headless Chromium: the pages around the game look like the site.

The log-in page has the site's header and its styled form, and logging in through it works; a
404 is the site's own page; no page asks for a file that is missing (the favicon was); a browser
set to English lands on /en/. SCREENSHOT_DIR=docs/screenshots saves the pictures of the README.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support.browser import serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FELT = "rgb(14, 74, 51)"  # --felt in static/css/site.css


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


@pytest.fixture
def shots(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)


@contextmanager
def browser_page(chromium, locale: str = "fr-FR") -> Iterator[tuple[object, list[str]]]:
    """A page whose console errors and failed requests (other than the page itself) are listed."""
    context = chromium.new_context(
        bypass_csp=True, locale=locale, viewport={"width": 1280, "height": 800}
    )
    try:
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(f"script: {exc}"))
        page.on(
            "response",
            lambda r: (
                r.status >= 400
                and r.request.resource_type != "document"
                and problems.append(f"{r.status} {r.url}")
            ),
        )
        yield page, problems
    finally:
        context.close()


def test_the_login_page_has_the_sites_look_and_logs_a_player_in(
    live_site, django_user_model, shots, chromium
):
    django_user_model.objects.create_user("lea", "lea@example.org", "un-mot-de-passe-solide-42")
    with browser_page(chromium) as (page, problems):
        page.goto(live_site + "/fr/accounts/login/")
        assert page.title() == "Se connecter — Atout Pique"
        assert page.locator("html").get_attribute("lang") == "fr"
        header = page.locator(".site-header")
        assert header.is_visible()
        assert header.evaluate("el => getComputedStyle(el).backgroundColor") == FELT
        form = page.locator("form.account-form")
        assert form.evaluate("el => getComputedStyle(el).borderTopColor") == FELT
        assert page.locator("label[for=id_login]").is_visible()
        button = page.locator("form.account-form button[type=submit]")
        assert button.evaluate("el => getComputedStyle(el).borderRadius") != "0px"
        icon = page.request.get(live_site + "/favicon.ico")
        assert icon.status == 200 and icon.headers["content-type"] == "image/x-icon"
        page.screenshot(path=str(shots / "login.png"), full_page=True)

        page.locator("#id_login").fill("lea")
        page.locator("#id_password").fill("un-mot-de-passe-solide-42")
        button.click()
        page.wait_for_url(live_site + "/fr/")
        assert page.locator(".account-links .who").inner_text() == "lea"
        assert problems == []


def test_a_missing_page_is_the_sites_404_in_the_language_of_the_url(live_site, shots, chromium):
    with browser_page(chromium) as (page, problems):
        response = page.goto(live_site + "/fr/cette-page-n-existe-pas/")
        assert response.status == 404
        assert page.title() == "Page introuvable — Atout Pique"
        panel = page.locator(".error-panel")
        assert panel.is_visible()
        assert page.locator("h1").inner_text() == "Cette page n'existe pas"
        page.screenshot(path=str(shots / "404.png"), full_page=True)
        page.locator(".error-actions a").first.click()
        page.wait_for_url(live_site + "/fr/")
        english = page.goto(live_site + "/en/no-such-page/")
        assert english.status == 404
        assert page.locator("h1").inner_text() == "This page does not exist"
        assert problems == []


def test_a_browser_set_to_english_lands_on_the_english_site(live_site, chromium):
    with browser_page(chromium, locale="en-US") as (page, problems):
        page.goto(live_site + "/")
        assert page.url == live_site + "/en/"
        assert page.locator("html").get_attribute("lang") == "en"
        assert problems == []
    with browser_page(chromium, locale="de-DE") as (page, problems):
        page.goto(live_site + "/")
        assert page.url == live_site + "/fr/"
        assert problems == []
