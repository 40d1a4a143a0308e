"""A Daphne process whose channel layer loses Redis closes its sockets with a code, so that each
client reconnects and reads a full state instead of waiting for frames that were lost."""

from __future__ import annotations

import pytest
import redis
from channels.db import database_sync_to_async as db
from channels.layers import get_channel_layer
from django.conf import settings

from games.actions.tables import do_quick_play
from live.consumers import LAYER_LOST_CODE
from tests.support.live import Client, make_guest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(60),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def cut_the_layers_connection() -> None:
    """What a Redis restart does to the layer: its subscribed connection is closed under it. Only
    the connections on this run's Redis database: the test workers that share the server
    (tests/support/xdist_redis.py) keep theirs."""
    server = redis.Redis.from_url(settings.REDIS_URL)
    database = int(server.connection_pool.connection_kwargs.get("db", 0))
    for client in server.client_list(_type="pubsub"):
        if int(client["db"]) == database:
            server.client_kill_filter(_id=client["id"])


async def test_sockets_are_closed_with_the_layer_lost_code_when_redis_drops_the_layer():
    guest, key = await db(make_guest)("Léa")
    table = await db(do_quick_play)(guest)
    player = Client(f"/ws/tables/{table.pk}/", key)
    lobby = Client("/ws/lobby/")
    for client in (player, lobby):
        await client.connect()
    await player.receive_until(lambda f: f["type"] == "chat_history")
    await lobby.receive()

    await db(cut_the_layers_connection)()

    for client in (player, lobby):
        closed = await client.comm.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": LAYER_LOST_CODE}


async def test_a_socket_opened_after_the_loss_hears_the_table_again():
    guest, key = await db(make_guest)("Léa")
    table = await db(do_quick_play)(guest)
    first = Client(f"/ws/tables/{table.pk}/", key)
    await first.connect()
    await first.receive_until(lambda f: f["type"] == "chat_history")
    await db(cut_the_layers_connection)()
    assert (await first.comm.receive_output(timeout=5))["code"] == LAYER_LOST_CODE

    again = Client(f"/ws/tables/{table.pk}/", key)
    await again.connect()
    await again.receive_until(lambda f: f["type"] == "chat_history")
    await again.send({"type": "chat", "text": "re-bonjour"})
    chat = await again.receive_until(lambda f: f["type"] == "chat")
    assert chat["message"]["text"] == "re-bonjour"
    await again.close()


async def test_a_layer_that_fails_in_receive_closes_its_socket_with_the_same_code(monkeypatch):
    """The list-per-socket layer raises from receive when Redis is gone."""
    layer = get_channel_layer()

    async def lost(channel):
        raise redis.exceptions.ConnectionError("Connection closed by server.")

    lobby = Client("/ws/lobby/")
    monkeypatch.setattr(layer, "receive", lost, raising=False)
    await lobby.connect()
    outputs = [await lobby.comm.receive_output(timeout=5) for _ in range(2)]
    assert outputs[0]["type"] == "websocket.send"  # the list of tables, then the close
    assert outputs[1] == {"type": "websocket.close", "code": LAYER_LOST_CODE}
