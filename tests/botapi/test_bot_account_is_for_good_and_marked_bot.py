"""Turning an account into a bot account: an explicit choice on the account page that cannot be
undone; from then on the account never plays as a person in a browser, and its name at the
tables reads "BOT …"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.models import Seat, Table
from games.viewers import viewer_from_request
from ranked.models import QueueEntry
from tests.support.botapi import make_bot

pytestmark = pytest.mark.django_db

PAGE = "/en/accounts/bot/"


@pytest.fixture
def person(client):
    user = User.objects.create_user("Robotine", password="pw-for-tests-only")
    client.force_login(user)
    return user


def test_nothing_changes_without_ticking_the_confirmation(client, person):
    response = client.post(PAGE, {})
    assert response.status_code == 400
    person.refresh_from_db()
    assert not person.is_bot


def test_the_confirmed_choice_makes_a_bot_account_that_the_page_cannot_undo(client, person):
    page = client.get(PAGE).content.decode()
    assert "for good" in page
    response = client.post(PAGE, {"confirm": "on"})
    assert response.status_code == 302
    person.refresh_from_db()
    assert person.is_bot and person.bot_since is not None
    since = person.bot_since
    page = client.get(PAGE).content.decode()
    assert "Make this a bot account for good" not in page
    assert "BOT Robotine" in page
    client.post(PAGE, {"confirm": ""})  # no way back through the page
    person.refresh_from_db()
    assert person.is_bot and person.bot_since == since


def test_the_account_page_links_to_the_bot_page(client, person):
    page = client.get(reverse("accounts:overview")).content.decode()
    assert reverse("botapi:account") in page


def test_a_bot_account_in_a_browser_does_not_play(client):
    user, _secret = make_bot("Robotine")
    client.force_login(user)
    with translation.override("en"):
        quick, ranked = reverse("lobby:quick_play"), reverse("ranked:join")
    response = client.post(quick, follow=True)
    assert "A bot account plays through the bot API only" in response.content.decode()
    assert not Table.objects.exists()
    response = client.post(ranked, follow=True)
    assert "A bot account plays through the bot API only" in response.content.decode()
    assert not QueueEntry.objects.exists()
    # Nor as the guest its session may have named before.
    session = client.session
    session["guest_id"], session["nickname"] = "ab12", "Léa"
    session.save()
    request = client.get(reverse("lobby:index")).wsgi_request
    assert viewer_from_request(request) is None


def test_a_bot_account_sits_at_the_tables_marked_bot(client):
    user, secret = make_bot("Robotine")
    table = client.post("/api/bot/quick/", HTTP_AUTHORIZATION=f"Bearer {secret}").json()
    seat = Seat.objects.get(table_id=table["table"], viewer_key=f"u:{user.pk}")
    assert seat.nickname == "BOT Robotine"
    state = client.get(reverse("games:table", args=[table["table"]]))
    assert "BOT Robotine" in state.content.decode()


def test_the_account_list_of_the_admin_shows_and_filters_bot_accounts(admin_client):
    make_bot("Robotine")
    User.objects.create_user("Personne", password="pw-for-tests-only")
    page = admin_client.get("/en/admin/accounts/user/?is_bot__exact=1").content.decode()
    assert "Robotine" in page and "Personne" not in page
