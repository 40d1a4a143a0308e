"""A way to reach the site's team: the CONTACT setting (an e-mail address or a contact form's
address) is shown in the footer, on the privacy page and on the password-reset pages; without
it, those pages promise no contact they cannot give, and the deploy check asks for one."""

from __future__ import annotations

import pytest
from django.core.checks import run_checks

from config.env import env_contact


@pytest.fixture
def contact(settings):
    settings.CONTACT_URL = "mailto:aide@atout.example"


def test_the_footer_and_the_reset_pages_show_the_contact(client, db, contact):
    link = '<a class="contact-link" href="mailto:aide@atout.example">aide@atout.example</a>'
    assert link in client.get("/fr/").content.decode()
    reset = client.get("/fr/accounts/password/reset/").content.decode()
    assert "Écris-nous" in reset and link in reset
    done = client.post("/fr/accounts/password/reset/", {"email": "x@example.org"}, follow=True)
    assert "Écris-nous" in done.content.decode() and link in done.content.decode()
    assert link in client.get("/fr/confidentialite/").content.decode()


def test_a_contact_form_is_named_as_a_form(client, db, settings):
    settings.CONTACT_URL = "https://atout.example/contact"
    page = client.get("/fr/").content.decode()
    assert 'href="https://atout.example/contact">notre formulaire de contact</a>' in page


def test_without_a_contact_no_page_says_to_contact_us(client, db):
    for url in ("/fr/accounts/password/reset/", "/fr/"):
        assert "contacte" not in client.get(url).content.decode().lower()
    done = client.post("/fr/accounts/password/reset/", {"email": "x@example.org"}, follow=True)
    assert "contacte" not in done.content.decode().lower()
    assert "indésirables" in done.content.decode()


def test_the_contact_setting_takes_an_address_or_a_form_and_refuses_anything_else(monkeypatch):
    monkeypatch.setenv("CONTACT", "aide@atout.example")
    assert env_contact("CONTACT") == "mailto:aide@atout.example"
    monkeypatch.setenv("CONTACT", "https://atout.example/contact")
    assert env_contact("CONTACT") == "https://atout.example/contact"
    monkeypatch.setenv("CONTACT", "")
    assert env_contact("CONTACT") == ""
    for junk in ("aide", "javascript:alert(1)", "aide @atout.example", "http://localhost"):
        monkeypatch.setenv("CONTACT", junk)
        with pytest.raises(ValueError):
            env_contact("CONTACT")


def test_the_deploy_check_asks_for_a_contact(settings):
    settings.CONTACT_URL = ""
    assert "accounts.W001" in [m.id for m in run_checks(include_deployment_checks=True)]
    settings.CONTACT_URL = "mailto:aide@atout.example"
    assert "accounts.W001" not in [m.id for m in run_checks(include_deployment_checks=True)]
