"""With a play token a program joins quick play, the ranked queue or a private table it was
invited to, and on the table's socket it receives exactly its seat's view, under the same rate
limit as anyone."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as db
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.actions.tables import do_create_private_table
from games.models import Seat, Table
from games.reading import table_frames
from games.viewers import bot_viewer
from ranked.models import QueueEntry
from tests.support.botapi import make_bot
from tests.support.live import make_guest


def bearer(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.mark.django_db
def test_quick_play_seats_the_bot_account_and_names_the_socket(client):
    user, secret = make_bot()
    body = client.post("/api/bot/quick/", **bearer(secret)).json()
    table = Table.objects.get(pk=body["table"])
    assert table.kind == Table.Kind.QUICK
    assert body["socket"] == f"/ws/tables/{table.pk}/"
    assert Seat.objects.filter(table=table, viewer_key=f"u:{user.pk}").count() == 1
    again = client.post("/api/bot/quick/", **bearer(secret)).json()
    assert again["table"] == table.pk  # one quick table at a time


@pytest.mark.django_db
def test_the_ranked_queue_takes_the_bot_and_lets_it_leave(client):
    user, secret = make_bot()
    state = client.post("/api/bot/ranked/", **bearer(secret)).json()
    assert state["state"] == "waiting"
    assert QueueEntry.objects.filter(user=user).exists()
    assert client.get("/api/bot/ranked/", **bearer(secret)).json()["state"] == "waiting"
    assert client.delete("/api/bot/ranked/", **bearer(secret)).json() == {"left": True}
    assert not QueueEntry.objects.exists()
    assert client.get("/api/bot/account/", **bearer(secret)).json()["ranked"] == {"state": "idle"}


@pytest.mark.django_db
def test_after_the_wait_the_ranked_queue_seats_the_bot_at_a_ranked_table(client, settings):
    settings.RANKED_WAIT_SECONDS = 0
    user, secret = make_bot()
    state = client.post("/api/bot/ranked/", **bearer(secret)).json()
    assert state["state"] == "seated"
    table = Table.objects.get(pk=state["table"])
    assert table.kind == Table.Kind.RANKED
    assert state["socket"] == f"/ws/tables/{table.pk}/"
    assert table.seats.get(viewer_key=f"u:{user.pk}").nickname == "BOT Robotine"


@pytest.mark.django_db
def test_an_invitation_seats_the_bot_and_a_wrong_one_changes_nothing(client):
    host, _session = make_guest("Hôte")
    table = do_create_private_table(host, rules={}, bot_level="normal", turn_seconds=None)
    user, secret = make_bot()
    wrong = client.post(f"/api/bot/tables/{table.pk}/invitation/nope/", **bearer(secret))
    assert (wrong.status_code, wrong.json()["code"]) == (409, "bad_invitation")
    assert not Seat.objects.filter(viewer_key=f"u:{user.pk}").exists()
    path = f"/api/bot/tables/{table.pk}/invitation/{table.invite_token}/"
    body = client.post(path, '{"position": "E"}', "application/json", **bearer(secret)).json()
    assert body == {
        "table": table.pk,
        "kind": "private",
        "seat": "E",
        "socket": f"/ws/tables/{table.pk}/",
    }
    assert Seat.objects.get(table=table, position="E").viewer_key == f"u:{user.pk}"


@pytest.mark.django_db
def test_api_calls_count_in_the_accounts_message_budget(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "viewer_frames": (3, 60.0)}
    _user, secret = make_bot("Pressée")
    codes = [client.get("/api/bot/account/", **bearer(secret)).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


@pytest.mark.django_db(transaction=True)
async def test_the_bot_socket_receives_exactly_its_seats_view(client):
    host, _session = await db(make_guest)("Hôte")
    table = await db(do_create_private_table)(  # no blind nil: the hand is face up at once
        host, rules={"blind_nil": False}, bot_level="normal", turn_seconds=None
    )
    user, secret = await db(make_bot)()
    path = f"/api/bot/tables/{table.pk}/invitation/{table.invite_token}/"
    seated = await db(client.post)(path, **bearer(secret))
    assert seated.status_code == 200
    await db(_start)(table.pk, host)
    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.pk}/",
        headers=[(b"authorization", f"Bearer {secret}".encode())],
    )
    connected, _ = await socket.connect()
    assert connected
    frame = await socket.receive_json_from()
    expected, _history = await db(table_frames)(table.pk, bot_viewer(user))
    assert frame["type"] == "state"
    assert frame["table"]["me"]["seat"] == "E"
    assert frame["view"] == expected["view"]
    assert len(frame["view"]["hand"]) == 13
    await socket.disconnect()


def _start(table_id: int, host) -> None:
    from games.actions.tables import do_start

    do_start(table_id, host)
