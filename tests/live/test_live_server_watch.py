"""A table socket is told when the game server (worker and beat) stops answering, and when it is
back: nothing moves meanwhile, and the page says so instead of showing a frozen table."""

from __future__ import annotations

import time

import pytest
from channels.db import database_sync_to_async as db
from django.core.cache import cache

from games.actions import tables
from live import server_health as liveness
from live import server_health as server_watch
from tests.support.live import Client, make_guest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def is_server(frame: dict) -> bool:
    return frame["type"] == "server"


@pytest.fixture
def watching(settings):
    settings.SERVER_WATCH_SECONDS = 0.1
    cache.delete(liveness.SWEEP_KEY)
    server_watch._ok = None
    yield
    server_watch._ok = None


async def test_a_table_socket_hears_that_the_game_server_is_down_then_back(watching):
    lea, key = await db(make_guest)("Léa")
    table = await db(tables.do_quick_play)(lea)
    client = Client(f"/ws/tables/{table.pk}/", key)
    await client.connect()
    down = await client.receive_until(is_server, timeout=5)
    assert down == {"type": "server", "ok": False}  # no sweep has run: nothing would move
    await db(liveness.record_sweep)(time.time())
    back = await client.receive_until(is_server, timeout=5)
    assert back == {"type": "server", "ok": True}
    # A socket opened while the server answers hears nothing about it.
    other = Client(f"/ws/tables/{table.pk}/")
    await other.connect()
    await other.receive_until(lambda f: f["type"] == "chat_history")
    assert not [f for f in other.frames if is_server(f)]
    for c in (client, other):
        await c.close()


async def test_a_socket_opened_while_the_server_is_down_is_told_at_once(watching):
    lea, key = await db(make_guest)("Léa")
    table = await db(tables.do_quick_play)(lea)
    first = Client(f"/ws/tables/{table.pk}/", key)
    await first.connect()
    await first.receive_until(is_server, timeout=5)
    late = Client(f"/ws/tables/{table.pk}/")
    await late.connect()
    assert await late.receive_until(is_server, timeout=2) == {"type": "server", "ok": False}
    for c in (first, late):
        await c.close()
