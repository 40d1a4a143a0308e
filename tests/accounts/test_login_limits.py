"""Logins are limited where passwords are guessed: the Django admin's login counts wrong
passwords as the site's login does (it had no limit: 40 wrong passwords for the superuser in
39 s, then the right one logged in), and the limit locks the attempt source out of the account
(per account and address, and per address), never the account itself: five wrong tries from
someone else do not lock a player out."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

PASSWORD = "un-mot-de-passe-solide-42"
ATTACKER, OWNER = "198.51.100.66", "203.0.113.10"


@pytest.fixture(autouse=True)
def _french():
    translation.activate("fr")


@pytest.fixture
def boss(db):
    return get_user_model().objects.create_superuser("boss", "boss@example.org", PASSWORD)


def admin_login(client: Client, password: str, address: str):
    return client.post(
        reverse("admin:login"), {"username": "boss", "password": password}, REMOTE_ADDR=address
    )


def site_login(client: Client, password: str, address: str):
    return client.post(
        reverse("account_login"), {"login": "boss", "password": password}, REMOTE_ADDR=address
    )


def test_the_admin_login_refuses_the_right_password_after_five_wrong_ones(boss):
    attacker = Client()
    for _ in range(5):
        assert admin_login(attacker, "faux", ATTACKER).status_code == 200
    page = admin_login(attacker, PASSWORD, ATTACKER)
    assert "_auth_user_id" not in attacker.session
    assert "Trop de tentatives" in page.content.decode()


def test_forty_wrong_admin_passwords_from_one_address_are_stopped_there(boss):
    attacker = Client()
    for i in range(40):
        admin_login(attacker, f"faux{i}", ATTACKER)
    admin_login(attacker, PASSWORD, ATTACKER)
    assert "_auth_user_id" not in attacker.session


def test_wrong_passwords_from_elsewhere_do_not_lock_the_owner_out(boss):
    attacker = Client()
    for _ in range(6):
        site_login(attacker, "faux", ATTACKER)
        admin_login(attacker, "faux", ATTACKER)
    owner = Client()
    assert site_login(owner, PASSWORD, OWNER).status_code == 302
    assert owner.session["_auth_user_id"] == str(boss.pk)
    other = Client()
    assert admin_login(other, PASSWORD, OWNER).status_code == 302
    assert other.session["_auth_user_id"] == str(boss.pk)
