"""The account pages (django-allauth) are the site's pages: its header and footer, its language
(/fr/ or /en/), a title with the site's name, a meta description, and French that says "tu"."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.core import mail
from django.utils.html import strip_tags

SITE = "Atout Pique"
PASSWORD = "un-mot-de-passe-solide-42"
ANONYMOUS = [
    "login/",
    "signup/",
    "password/reset/",
    "password/reset/done/",
    "password/reset/key/1-wrong-key/",
    "confirm-email/",
    "confirm-email/no-such-key/",
    "inactive/",
]
MANAGE = ["", "delete/", "logout/", "password/change/", "email/"]  # with the account's own menu
LOGGED_IN = [*MANAGE, "reauthenticate/"]
#: Words of the formal "vous" (and its imperative endings on the usual verbs) in French text.
VOUS = re.compile(
    r"\b(vous|votre|vos|veuillez|saisissez|entrez|indiquez|cliquez|contactez|vérifiez|utilisez)\b",
    re.IGNORECASE,
)


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_NAME = SITE
    settings.DEBUG = False


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user("lea", "lea@example.org", PASSWORD)


def text_of(html: str) -> str:
    """What a reader sees: the body's text and the head's title and description."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return html_lib.unescape(strip_tags(body))


def check_site_page(html: str, lang: str) -> None:
    assert re.search(rf'<html lang="{lang}">', html)
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    assert title.endswith(f" — {SITE}") and len(title) > len(f" — {SITE}") + 2
    assert "\n" not in title and "  " not in title
    description = re.search(r'<meta name="description" content="([^"]+)"', html).group(1)
    assert SITE in html_lib.unescape(description)
    assert 'class="site-header"' in html and 'class="site-footer"' in html
    assert "/static/css/account.css" in html
    assert 'name="robots" content="noindex"' in html


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", ANONYMOUS)
def test_every_account_page_has_the_sites_layout(client, db, lang, path):
    response = client.get(f"/{lang}/accounts/{path}")
    assert response.status_code == 200, response.status_code
    check_site_page(response.content.decode(), lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", LOGGED_IN)
def test_every_account_page_of_a_player_has_the_sites_layout(client, player, lang, path):
    client.force_login(player)
    response = client.get(f"/{lang}/accounts/{path}")
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    check_site_page(html, lang)
    assert ('class="account-nav"' in html) == (path in MANAGE)


@pytest.mark.parametrize("path", ANONYMOUS)
def test_the_french_account_pages_say_tu(client, db, path):
    text = text_of(client.get(f"/fr/accounts/{path}").content.decode())
    assert not VOUS.findall(text), VOUS.findall(text)


@pytest.mark.parametrize("path", LOGGED_IN)
def test_the_french_account_pages_of_a_player_say_tu(client, player, path):
    client.force_login(player)
    text = text_of(client.get(f"/fr/accounts/{path}").content.decode())
    assert not VOUS.findall(text), VOUS.findall(text)


def test_the_login_page_says_tu_in_french_and_offers_to_play_without_an_account(client, db):
    text = text_of(client.get("/fr/accounts/login/").content.decode())
    assert "Pas encore de compte ? Inscris-toi" in text
    assert "Pas besoin de compte pour jouer" in text
    english = text_of(client.get("/en/accounts/login/").content.decode())
    assert "No account is needed to play" in english


def test_a_wrong_password_is_refused_in_the_sites_page(client, player):
    response = client.post("/fr/accounts/login/", {"login": "lea", "password": "nope"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="form-errors"' in html
    check_site_page(html, "fr")
    assert "_auth_user_id" not in client.session


def test_a_sign_up_with_two_different_passwords_is_refused_in_french_with_tu(client, db):
    response = client.post(
        "/fr/accounts/signup/",
        {"username": "max", "email": "", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    text = text_of(response.content.decode())
    assert "Tu dois saisir deux fois le même mot de passe." in text
    assert not VOUS.findall(text), VOUS.findall(text)


def test_logging_in_and_out_works_through_the_styled_forms(client, player):
    response = client.post("/fr/accounts/login/", {"login": "lea", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(player.pk)
    response = client.post("/fr/accounts/logout/", follow=True)
    assert "_auth_user_id" not in client.session
    assert "Tu es déconnecté·e." in text_of(response.content.decode())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_logging_in_and_out_stays_in_the_language_of_the_page_whatever_the_browser(
    client, player, lang
):
    other = {"fr": "en-US,en;q=0.9", "en": "fr-FR,fr;q=0.9"}[lang]
    response = client.post(
        f"/{lang}/accounts/login/",
        {"login": "lea", "password": PASSWORD},
        HTTP_ACCEPT_LANGUAGE=other,
    )
    assert response["Location"] == f"/{lang}/"
    response = client.post(f"/{lang}/accounts/logout/", HTTP_ACCEPT_LANGUAGE=other)
    assert response["Location"] == f"/{lang}/"


def test_the_password_reset_email_says_tu_in_french(client, player):
    client.post("/fr/accounts/password/reset/", {"email": "lea@example.org"})
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    assert "Tu reçois cet e-mail" in body
    assert mail.outbox[0].subject.startswith(f"[{SITE}] ")
    assert SITE in body.splitlines()[0] and "example.com" not in body
    assert not VOUS.findall(body), VOUS.findall(body)


def test_the_email_page_removes_an_address_not_a_player(client, player):
    client.force_login(player)
    html = client.get("/fr/accounts/email/").content.decode()
    assert 'name="action_remove"' in html
    assert re.search(r'name="action_remove"[^>]*>\s*Retirer\s*<', html)
    assert "Exclure" not in html  # the site's word for taking a player off a seat
    assert "Courriel" not in html and ">E-mail</label>" in html
