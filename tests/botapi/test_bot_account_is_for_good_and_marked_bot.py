"""Turning an account into a bot account: an explicit choice on the account page that cannot be
undone; from then on the account never plays as a person in a browser, and its name at the
tables reads "BOT …"."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as db
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from config.asgi import application
from games.actions.tables import do_quick_play
from games.models import Seat, Table
from games.viewers import viewer_from_request
from ranked.models import QueueEntry
from tests.support.botapi import make_bot
from tests.support.live import ORIGIN

PAGE = "/en/accounts/bot/"


@pytest.fixture
def person(client):
    user = User.objects.create_user("Robotine", password="pw-for-tests-only")
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_nothing_changes_without_ticking_the_confirmation(client, person):
    response = client.post(PAGE, {})
    assert response.status_code == 400
    person.refresh_from_db()
    assert not person.is_bot


@pytest.mark.django_db
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


@pytest.mark.django_db
def test_the_account_page_links_to_the_bot_page(client, person):
    page = client.get(reverse("accounts:overview")).content.decode()
    assert reverse("botapi:account") in page


@pytest.mark.django_db
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
    with translation.override("en"):
        private = reverse("lobby:create_private")
    response = client.get(private, follow=True)
    assert "A bot account plays through the bot API only" in response.content.decode()
    # Nor as the guest its session may have named before.
    session = client.session
    session["guest_id"], session["nickname"] = "ab12", "Léa"
    session.save()
    request = client.get(reverse("lobby:index")).wsgi_request
    assert viewer_from_request(request) is None


@pytest.mark.django_db
def test_a_bot_account_sits_at_the_tables_marked_bot(client):
    user, secret = make_bot("Robotine")
    table = client.post("/api/bot/quick/", HTTP_AUTHORIZATION=f"Bearer {secret}").json()
    seat = Seat.objects.get(table_id=table["table"], viewer_key=f"u:{user.pk}")
    assert seat.nickname == "BOT Robotine"
    state = client.get(reverse("games:table", args=[table["table"]]))
    assert "BOT Robotine" in state.content.decode()


@pytest.mark.django_db
def test_the_account_list_of_the_admin_shows_and_filters_bot_accounts(admin_client):
    make_bot("Robotine")
    User.objects.create_user("Personne", password="pw-for-tests-only")
    page = admin_client.get("/en/admin/accounts/user/?is_bot__exact=1").content.decode()
    assert "Robotine" in page and "Personne" not in page


@pytest.mark.django_db
def test_an_account_seated_at_a_table_as_a_person_is_not_converted(client, person):
    viewer = viewer_from_request(client.get(reverse("lobby:index")).wsgi_request)
    assert viewer is not None
    do_quick_play(viewer)
    response = client.post(PAGE, {"confirm": "on"}, follow=True)
    assert "Leave your tables first" in response.content.decode()
    person.refresh_from_db()
    assert not person.is_bot


@pytest.mark.django_db(transaction=True)
async def test_a_bot_accounts_browser_session_only_watches_its_own_table(client):
    user, secret = await db(make_bot)("Robotine")
    table = (await db(client.post)("/api/bot/quick/", HTTP_AUTHORIZATION=f"Bearer {secret}")).json()
    await db(client.force_login)(user)
    session = client.cookies["sessionid"].value
    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{table['table']}/",
        headers=[ORIGIN, (b"cookie", f"sessionid={session}".encode())],
    )
    connected, _ = await socket.connect()
    assert connected
    frame = await socket.receive_json_from()
    assert frame["type"] == "state"
    assert frame["table"]["me"]["seat"] is None  # a spectator: it may not act
    await socket.send_json_to({"type": "bid", "bid": 3, "version": frame["version"]})
    while (answer := await socket.receive_json_from())["type"] != "error":
        pass
    assert answer["code"] == "not_seated"
    await socket.disconnect()
