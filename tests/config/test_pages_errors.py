"""403, 404 and 500 are the site's own pages, in the language of the URL (/fr/ or /en/)."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils.translation import override

from config.views import server_error

SITE = "Atout Pique"


@pytest.fixture(autouse=True)
def _production(settings):
    settings.DEBUG = False
    settings.SITE_NAME = SITE


@pytest.fixture
def quiet_client():
    """A client that gets the error page instead of the exception."""
    return Client(raise_request_exception=False)


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def lang(html: str) -> str:
    return re.search(r'<html lang="([a-z]+)"', html).group(1)


def description(html: str) -> str:
    return re.search(r'<meta name="description" content="([^"]*)"', html).group(1)


EXPECTED = {
    # (status, path): (language, title, heading)
    (404, "/fr/pas-de-page-ici/"): ("fr", "Page introuvable", "Cette page n'existe pas"),
    (404, "/en/no-such-page/"): ("en", "Page not found", "This page does not exist"),
    (403, "/fr/test-forbidden/"): ("fr", "Accès refusé", "Cette page ne t'est pas ouverte"),
    (403, "/en/test-forbidden/"): ("en", "Access denied", "This page is not open to you"),
    (500, "/fr/test-broken/"): ("fr", "Erreur du serveur", "Un problème est survenu de notre côté"),
    (500, "/en/test-broken/"): ("en", "Server error", "Something went wrong on our side"),
}


@pytest.mark.urls("tests.support.error_urls")
@pytest.mark.parametrize(("status", "path"), list(EXPECTED))
def test_each_error_page_is_the_sites_own_in_the_language_of_the_url(
    db, quiet_client, status, path
):
    language, expected_title, heading = EXPECTED[(status, path)]
    response = quiet_client.get(path)
    html = response.content.decode()
    assert response.status_code == status
    assert lang(html) == language
    assert title(html) == f"{expected_title} — {SITE}"
    assert heading in html_lib.unescape(html)
    assert description(html)
    assert 'class="site-header"' in html and 'class="error-panel"' in html
    assert 'name="robots" content="noindex"' in html
    assert "Django" not in html  # not Django's own plain page


def test_the_404_page_has_the_sites_navigation(db, quiet_client):
    html = quiet_client.get("/en/no-such-page/").content.decode()
    assert 'href="/en/jouer/"' in html or 'href="/en/play/"' in html
    assert 'class="language-switch"' in html


def test_the_500_page_renders_without_a_request_context_or_the_database():
    # No `db` fixture: pytest-django fails the test if anything touches the database.
    with override("fr"):
        html = render_to_string("500.html")
    assert lang(html) == "fr" and "Erreur du serveur" in html
    response = server_error(RequestFactory().get("/en/anything/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert lang(html) == "en" and title(html) == f"Server error — {SITE}"


def test_the_500_page_is_french_when_the_url_has_no_language():
    with override("en"):  # another request's language, still active in this thread
        html = server_error(RequestFactory().get("/sitemap.xml")).content.decode()
    assert lang(html) == "fr"


def test_a_form_sent_without_its_csrf_token_gets_the_sites_403_page(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/en/accounts/login/", {"login": "x", "password": "y"})
    html = response.content.decode()
    assert response.status_code == 403
    assert lang(html) == "en" and title(html) == f"Form expired — {SITE}"
    assert 'class="site-header"' in html
