"""Sockets closed while a broadcast is on its way to them (issue 28, the ghost seat).

Between a close handshake and the TCP close, Daphne's protocol refuses to send: autobahn raises
``Disconnected("Attempt to send on a closed protocol")`` from the consumer's send. A consumer
that died of it never ran its disconnect step, so its connection row stayed, the heartbeat kept
it alive, and the seat counted as connected with no socket for ever. Here the ASGI server is
the test's, and it answers a send after close exactly as Daphne does.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async as db
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.actions import tables
from games.models import Connection, Seat, Table
from live import heartbeat
from tests.support.live import Client, make_guest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(60),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


class ClosingSocket:
    """The application behind a socket whose peer has started closing: once ``closing`` is
    set, a frame sent raises as Daphne's protocol does until its close completes."""

    def __init__(self) -> None:
        self.closing = False
        self.refused = 0

    async def __call__(self, scope, receive, send):
        async def send_unless_closing(message):
            if self.closing and message["type"] == "websocket.send":
                self.refused += 1
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        return await application(scope, receive, send_unless_closing)


async def drain(comm: WebsocketCommunicator) -> None:
    while not await comm.receive_nothing(timeout=0.3):
        await comm.receive_output()


async def test_a_seat_whose_sockets_all_close_during_a_broadcast_is_released():
    lea, lea_key = await db(make_guest)("Léa")
    hugo, hugo_key = await db(make_guest)("Hugo")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    await db(tables.do_join)(table.pk, hugo, invite_token=table.invite_token)
    path = f"/ws/tables/{table.pk}/"
    hugo_client = Client(path, hugo_key)
    await hugo_client.connect()
    sockets = [ClosingSocket() for _ in range(4)]
    comms = [
        WebsocketCommunicator(
            socket,
            path,
            headers=[
                (b"origin", b"http://127.0.0.1"),
                (b"cookie", f"sessionid={lea_key}".encode()),
            ],
        )
        for socket in sockets
    ]
    for comm in comms:
        connected, _ = await comm.connect(timeout=10)
        assert connected
        await drain(comm)
    lea_channels = set(
        await db(
            lambda: list(
                Connection.objects.filter(viewer_key=lea.key).values_list("channel_name", flat=True)
            )
        )()
    )
    assert len(lea_channels) == 4

    # Léa closes every tab while the match starts: each socket is asked to send the new state.
    for socket in sockets:
        socket.closing = True
    await db(tables.do_start)(table.pk, lea)
    await asyncio.sleep(0.5)
    for comm in comms:
        with contextlib.suppress(Disconnected):  # a consumer that died of it (before the fix)
            await comm.disconnect(timeout=5)

    assert sum(socket.refused for socket in sockets) >= 4
    assert not await db(lambda: Connection.objects.filter(viewer_key=lea.key).exists())()
    assert heartbeat._live_channels.isdisjoint(lea_channels)
    seat = await db(Seat.objects.get)(table_id=table.pk, position="N")
    assert seat.disconnected_at is not None

    def lea_gone(frame: dict) -> bool:
        seats = {s["position"]: s for s in frame["table"]["seats"]}
        return frame["table"]["status"] == Table.Status.PLAYING and not seats["N"]["connected"]

    await hugo_client.receive_until(lambda f: f["type"] == "state" and lea_gone(f))
    await hugo_client.close()


async def test_a_consumer_killed_by_daphne_still_runs_its_disconnect_step():
    """Daphne cancels a consumer still busy 10 s after its socket closed (its application close
    timeout): 50 flooded sockets were all killed so, and left 50 rows (the flood test on a real
    Daphne, tests/live/test_live_socket_flood_on_daphne.py)."""
    lea, lea_key = await db(make_guest)("Léa")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    client = Client(f"/ws/tables/{table.pk}/", lea_key)
    await client.connect()
    await client.receive_until(lambda f: f["type"] == "chat_history")
    assert await db(lambda: Connection.objects.filter(viewer_key=lea.key).count())() == 1
    client.comm.future.cancel()  # as Daphne's application_checker does
    with contextlib.suppress(asyncio.CancelledError):
        await client.comm.future
    assert not await db(lambda: Connection.objects.filter(viewer_key=lea.key).exists())()
    seat = await db(Seat.objects.get)(table_id=table.pk, position="N")
    assert seat.disconnected_at is not None
