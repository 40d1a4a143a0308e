"""What a player does with their account: change the password, get a reset link by e-mail, delete
the account (the matches stay, under "Deleted player"), and the rate limits that answer 429 to
whoever tries too often."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Seat, Table
from tests.support.match import play_to_the_end, private_match

PASSWORD = "un-mot-de-passe-solide-42"
NEW_PASSWORD = "un-autre-mot-de-passe-99"


@pytest.fixture
def player(django_user_model):
    user = django_user_model.objects.create_user("lea", "lea@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email="lea@example.org", primary=True, verified=True)
    return user


def test_the_account_page_links_to_every_account_action(client, player):
    client.force_login(player)
    html = client.get("/fr/accounts/").content.decode()
    for name in ("account_change_password", "account_email", "account_reset_password"):
        with translation.override("fr"):
            assert f'href="{reverse(name)}"' in html
    assert 'href="/fr/accounts/delete/"' in html
    assert "Supprimer ton compte" in html


def test_the_account_page_asks_a_visitor_to_log_in(client, db):
    response = client.get("/fr/accounts/")
    assert response.status_code == 302
    assert response["Location"].startswith("/fr/accounts/login/?next=/fr/accounts/")


def test_a_player_changes_their_password(client, player):
    client.force_login(player)
    response = client.post(
        "/fr/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)


def test_a_forgotten_password_is_reset_through_the_link_sent_by_mail(client, player):
    response = client.post("/fr/accounts/password/reset/", {"email": "lea@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["lea@example.org"]
    link = re.search(r"https?://\S+(/fr/accounts/password/reset/key/\S+/)", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    form_page = client.get(link.group(1), follow=True)
    assert form_page.status_code == 200
    action = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link.group(1)
    done = client.post(action, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert done.status_code == 302
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)


def test_deleting_the_account_asks_for_the_password_and_changes_nothing_without_it(client, player):
    client.force_login(player)
    assert 'name="password"' in client.get("/fr/accounts/delete/").content.decode()
    response = client.post("/fr/accounts/delete/", {"password": "pas-le-bon"})
    assert response.status_code == 200
    assert "Ce n’est pas ton mot de passe." in response.content.decode()
    player.refresh_from_db()
    assert player.is_active and player.username == "lea"


def test_deleting_the_account_needs_a_csrf_token(player):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.post("/fr/accounts/delete/", {"password": PASSWORD}).status_code == 403
    player.refresh_from_db()
    assert player.is_active


def test_a_deleted_account_keeps_its_matches_under_an_anonymous_name(client, player):
    client.force_login(player)
    table, _ = private_match(client)
    match = play_to_the_end(table, client)
    assert client.get(f"/fr/parties/{match.pk}/").context["replay"]["players"]["N"] == "lea"

    response = client.post("/fr/accounts/delete/", {"password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/fr/"
    player.refresh_from_db()
    assert not player.is_active and not player.has_usable_password()
    assert player.email == "" and not EmailAddress.objects.filter(user=player).exists()
    assert "lea" not in player.username
    with translation.override("fr"):
        assert player.public_name() == "Joueur supprimé"
    assert Seat.objects.get(table=table, position="N").user_id == player.pk  # history kept
    assert "_auth_user_id" not in client.session  # logged out
    assert not Client().login(username="lea", password=PASSWORD)

    assert Client().get(f"/fr/parties/{match.pk}/").status_code == 404  # private table
    Table.objects.filter(pk=table.pk).update(kind="quick")  # public once over
    page = Client().get(f"/fr/parties/{match.pk}/")
    assert page.context["replay"]["players"]["N"] == "Joueur supprimé"
    assert ">lea<" not in page.content.decode()


def test_failed_logins_are_refused_for_a_while_then_answer_429(client, player):
    wrong = {"login": "lea", "password": "faux"}
    codes = [client.post("/fr/accounts/login/", wrong).status_code for _ in range(5)]
    assert codes == [200] * 5
    refused = client.post("/fr/accounts/login/", {"login": "lea", "password": PASSWORD})
    assert refused.status_code == 200 and "_auth_user_id" not in client.session  # 5 per key
    for _ in range(40):  # then the address itself ("login": 30 a minute)
        page = client.post("/fr/accounts/login/", wrong)
        if page.status_code == 429:
            break
    assert page.status_code == 429
    assert "Trop de tentatives" in page.content.decode()
    assert 'class="site-header"' in page.content.decode()


def test_a_deleted_account_leaves_the_tables_it_sits_at(client, player):
    client.force_login(player)
    waiting_table = client.post(
        "/fr/jouer/privee/",
        {"target": "500", "nil": "on", "bag_limit": "10", "bag_penalty": "100", "bot_level": "easy",
         "turn_seconds": "0"},
    )  # fmt: skip
    assert waiting_table.status_code == 302
    table = Table.objects.get(host_key=f"u:{player.pk}")
    assert Seat.objects.get(table=table, position="N").viewer_key == f"u:{player.pk}"
    client.post("/fr/accounts/delete/", {"password": PASSWORD})
    seat = Seat.objects.get(table=table, position="N")
    assert seat.viewer_key == "" and seat.nickname == ""


def test_too_many_sign_ups_from_one_address_answer_429(client, db):
    codes = []
    for i in range(12):
        form = {"username": f"joueur{i}", "email": "", "password1": "x", "password2": "y"}
        codes.append(client.post("/fr/accounts/signup/", form).status_code)
    assert 429 in codes and codes[0] == 200


def test_too_many_password_resets_for_one_address_answer_429(client, player):
    codes = [
        client.post("/fr/accounts/password/reset/", {"email": "lea@example.org"}).status_code
        for _ in range(7)
    ]
    assert codes[0] == 302 and codes[-1] == 429
    assert len(mail.outbox) <= 5


def test_the_rate_limits_are_set_in_the_settings(settings):
    limits = settings.ACCOUNT_RATE_LIMITS
    assert {"login", "login_failed", "signup", "reset_password"} <= set(limits)
