"""One name rule for guests, sign-up and renames: nobody passes for the site's team ("admin",
"Modérateur", "robot" and their translations), for another account (the superuser "Boss" as
"Воss" in Cyrillic or "B0SS"), under an invisible name (U+3164) or an insult."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client, RequestFactory

from games.errors import ServiceError
from games.viewers import clean_nickname, set_guest_nickname
from moderation import wordfilter

PASSWORD = "pw-Trefle-1234!"


@pytest.fixture
def boss(db):
    wordfilter.forget()
    yield get_user_model().objects.create_superuser("Boss", "boss@example.org", PASSWORD)
    wordfilter.forget()


REFUSED = [
    "Modérateur",
    "moderator",
    "admin",
    "Administrateur",
    "SuperAdmin",
    "Le Modo",
    "Robot Léa",
    "Staff",
    "Boss",  # the superuser's name
    "Воss",  # ... in Cyrillic
    "B0SS",
    "ʙᴏss",  # small capitals
    "\u3164\u3164\u3164",  # a Hangul filler: an invisible name
    "Léa\u200b",
    "Connard",
    "SalePute",
    "c.o.n.n.a.r.d",
]


@pytest.mark.parametrize("name", REFUSED)
def test_a_guest_may_not_take_a_name_that_passes_for_someone_else_or_offends(boss, name):
    with pytest.raises(ServiceError) as error:
        clean_nickname(name)
    assert error.value.code == "bad_nickname"


@pytest.mark.parametrize("name", ["Léa", "Bossanova Fan", "Bottine", "Mode", "Constance", "Zoé 42"])
def test_ordinary_names_pass(boss, name):
    assert clean_nickname(name) == name


def test_the_nickname_page_says_why(boss):
    client = Client()
    response = client.post("/fr/jouer/pseudo/", {"nickname": "Воss"})
    assert "Un autre joueur a déjà ce nom." in response.content.decode()
    response = client.post("/fr/jouer/pseudo/", {"nickname": "Modérateur"})
    assert "réservé à l&#x27;équipe du site" in response.content.decode()


def test_sign_up_refuses_a_look_alike_of_an_account_and_a_reserved_name(boss):
    client = Client()
    for name in ("Воss", "admin", "ᅟᅟᅟ", "Connard"):
        form = {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD}
        response = client.post("/fr/accounts/signup/", form)
        assert response.status_code == 200, name
        assert not get_user_model().objects.filter(username=name).exists(), name
    form = {"username": "Hugo", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/fr/accounts/signup/", form).status_code == 302


def test_a_rename_follows_the_same_rule_but_keeps_ones_own_name(boss):
    lea = get_user_model().objects.create_user("lea", "lea@example.org", PASSWORD)
    client = Client()
    client.force_login(lea)
    url = "/fr/joueurs/lea/"
    for name in ("Воss", "Modératrice", "\u3164Léa"):
        client.post(url, {"display_name": name})
        lea.refresh_from_db()
        assert lea.display_name == "", name
    client.post(url, {"display_name": "LÉA"})  # her own username, as she reads it
    lea.refresh_from_db()
    assert lea.display_name == "LÉA"


def test_a_logged_in_player_may_keep_their_own_name_as_a_nickname(boss):
    request = RequestFactory().post("/")
    request.session = SessionStore()
    request.user = boss
    assert set_guest_nickname(request, "Boss").name == "Boss"
