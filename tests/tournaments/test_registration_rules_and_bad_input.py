"""Registering: logged-in players only, alone or naming a partner who accepts; every refused
request (a guest, twice, a forged invitation, a bad choice, an unknown or taken partner, too
early or too late) says why and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from tests.support.tournaments import open_tournament, players
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _url(name: str, t: Tournament) -> str:
    with override("en"):  # the English pages: the messages read as written here
        return reverse(f"tournaments:{name}", args=[t.pk])


def _post(client: Client, t: Tournament, name: str, data: dict):
    return client.post(_url(name, t), data, follow=True)


def _rows(t: Tournament) -> list[tuple]:
    return sorted(Registration.objects.filter(tournament=t).values_list("user_id", "partner_id"))


def test_a_player_registers_alone_and_withdraws_before_the_start():
    t = open_tournament()
    (ana,) = players("ana")
    client = _client(ana)
    page = _post(client, t, "register", {"mode": "alone"})
    assert "You are registered alone" in page.content.decode()
    assert _rows(t) == [(ana.pk, None)]
    _post(client, t, "withdraw", {})
    assert _rows(t) == []


def test_a_partner_named_accepts_and_the_pair_is_confirmed():
    t = open_tournament()
    ana, bob = players("ana", "bob")
    _post(_client(ana), t, "register", {"mode": "pair", "partner": "BOB"})
    page = _client(bob).get(_url("detail", t)).content.decode()
    assert "ana invites you to play as their partner." in page
    _post(_client(bob), t, "accept", {"inviter": ana.pk})
    assert _rows(t) == [(ana.pk, bob.pk), (bob.pk, ana.pk)]
    page = _client(ana).get(_url("detail", t)).content.decode()
    assert "You are registered with bob." in page


def test_a_declined_invitation_leaves_the_inviter_registered_alone():
    t = open_tournament()
    ana, bob = players("ana", "bob")
    _post(_client(ana), t, "register", {"mode": "pair", "partner": "bob"})
    _post(_client(bob), t, "decline", {"inviter": ana.pk})
    assert _rows(t) == [(ana.pk, None)]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "both"}, "Select a valid choice"),
        ({}, "This field is required"),
        ({"mode": "pair"}, "Name your partner, or register alone."),
        ({"mode": "pair", "partner": "nobody"}, "No player has that name."),
        ({"mode": "pair", "partner": "ana"}, "You cannot be your own partner."),
    ],
)
def test_a_bad_registration_form_is_refused_with_a_reason_and_changes_nothing(data, message):
    t = open_tournament()
    (ana,) = players("ana")
    version = t.version
    page = _post(_client(ana), t, "register", data)
    assert message in page.content.decode()
    assert _rows(t) == []
    t.refresh_from_db()
    assert t.version == version


def test_a_forged_invitation_is_refused_and_changes_nothing():
    t = open_tournament()
    ana, _bob, cyd = players("ana", "bob", "cyd")
    _post(_client(ana), t, "register", {"mode": "pair", "partner": "bob"})
    before = _rows(t)
    for forged in ({"inviter": ana.pk}, {"inviter": "x"}, {"inviter": 999999}, {}):
        page = _post(_client(cyd), t, "accept", forged)
        assert "This invitation does not exist any more." in page.content.decode()
        page = _post(_client(cyd), t, "decline", forged)
        assert "This invitation does not exist any more." in page.content.decode()
    assert _rows(t) == before


def test_a_player_in_a_confirmed_pair_cannot_be_taken_by_another():
    t = open_tournament()
    ana, bob, cyd = players("ana", "bob", "cyd")
    _post(_client(ana), t, "register", {"mode": "pair", "partner": "bob"})
    _post(_client(bob), t, "accept", {"inviter": ana.pk})
    page = _post(_client(cyd), t, "register", {"mode": "pair", "partner": "bob"})
    assert "That player already has a partner in this tournament." in page.content.decode()
    assert len(_rows(t)) == 2


def test_registering_twice_is_refused():
    t = open_tournament()
    (ana,) = players("ana")
    _post(_client(ana), t, "register", {"mode": "alone"})
    page = _post(_client(ana), t, "register", {"mode": "alone"})
    assert "You are already registered for this tournament." in page.content.decode()
    assert len(_rows(t)) == 1


def test_a_guest_cannot_register_and_is_told_to_log_in():
    t = open_tournament()
    page = Client().post(_url("register", t), {"mode": "alone"}, follow=True)
    assert "Log in to register for a tournament." in page.content.decode()
    assert _rows(t) == []


def test_registration_is_refused_before_it_opens_and_once_the_tournament_started():
    soon = open_tournament(registration_opens_at=timezone.now() + timedelta(hours=1))
    started = open_tournament(starts_at=timezone.now() - timedelta(minutes=1))
    (ana,) = players("ana")
    page = _post(_client(ana), soon, "register", {"mode": "alone"})
    assert "Registration for this tournament is not open." in page.content.decode()
    page = _post(_client(ana), started, "register", {"mode": "alone"})
    assert "it has started" in page.content.decode()
    assert _rows(soon) == _rows(started) == []


def test_a_registration_without_the_csrf_token_is_refused():
    t = open_tournament()
    (ana,) = players("ana")
    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    response = client.post(_url("register", t), {"mode": "alone"})
    assert response.status_code == 403
    assert _rows(t) == []


def test_a_get_cannot_register():
    t = open_tournament()
    (ana,) = players("ana")
    response = _client(ana).get(_url("register", t))
    assert response.status_code == 405
    assert _rows(t) == []
