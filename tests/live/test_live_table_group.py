"""One group message a table change reaches every socket of the table, and each socket sends its
own seat's view only (a spectator's the spectators'), once (docs/architecture.md, "Broadcast after
commit, one message per table change")."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as db
from channels.layers import get_channel_layer

from games import broadcast, frames
from games.models import Table
from games.session import reading
from tests.live.test_live_match_history import four_seated, move_once, take_state
from tests.support.live import Client, is_state

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(60),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


async def connected(path: str, key: str | None) -> Client:
    client = Client(path, key)
    await client.connect()
    await client.receive_until(lambda f: f["type"] == "chat_history")
    return client


def current_update(table_id: int) -> dict:
    """The group message of the table as it stands (what its last broadcast carried)."""
    table = Table.objects.select_related("match").get(pk=table_id)
    with reading(table_id) as snap:
        return frames.table_update(table, snap.seats, snap.engine)


async def test_one_message_gives_each_seat_its_own_hand_and_no_other():
    table, viewers, keys = await db(four_seated)()
    path = f"/ws/tables/{table.pk}/"
    clients = [await connected(path, keys[p]) for p in ("N", "E", "S")]
    version = await db(move_once)(table.pk, viewers)
    states = [await take_state(client, version) for client in clients]
    # Every frame went through the leak check: each view is the engine's view of that seat.
    assert [s["table"]["me"]["seat"] for s in states] == ["N", "E", "S"]
    assert [s["view"]["seat"] for s in states] == ["N", "E", "S"]
    # A seat that may still bid blind nil has its hand hidden (null) until it looks.
    hands = [s["view"]["hand"] for s in states if not s["view"]["hand_hidden"]]
    assert len(hands) >= 2 and all(hands)
    assert sum(len(h) for h in hands) == len({card for h in hands for card in h})  # disjoint
    message = await db(current_update)(table.pk)  # what the move's broadcast carried
    assert set(message["views"]) == {frames.PUBLIC_VIEW, "N", "E", "S", "W"}
    assert '"hand":null' in message["views"][frames.PUBLIC_VIEW]
    for client in clients:
        await client.drain()
    for client in clients:  # the move's frame once each (and nothing after it: none closed yet)
        assert [f["version"] for f in client.frames if is_state(f)][-1:] == [version]
        assert sum(1 for f in client.frames if is_state(f) and f["version"] == version) == 1
    for client in clients:
        await client.close()


async def test_a_broadcast_of_the_state_a_socket_already_has_is_not_sent_again():
    table, viewers, keys = await db(four_seated)()
    lea = await connected(f"/ws/tables/{table.pk}/", keys["N"])
    seen = len(lea.frames)
    message = await db(current_update)(table.pk)
    layer = get_channel_layer()
    for _ in range(2):  # as a broadcast on its way while the socket read its state
        await layer.group_send(broadcast.state_group(table.pk), message)
    version = await db(move_once)(table.pk, viewers)
    await take_state(lea, version)
    assert [(f["type"], f.get("version")) for f in lea.frames[seen:]] == [("state", version)]
    await lea.close()
