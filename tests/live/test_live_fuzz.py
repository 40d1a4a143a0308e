"""Fuzzing the table socket: generated frames, valid or not, never cause a server error, and the
table changes only by legal actions (the log replays in the engine, which checks every one)."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import presence, tables
from games.models import Action, Table
from tests.support.live import Client, engine_at, make_guest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_channel_layer"),
]

TYPES = ["bid", "play", "look", "start", "chat", "mute", "unmute", "sync", "back", "shuffle"]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.sampled_from(["nil", "blind_nil", "AS", "2C", "QH", "N", "E", "S", "W", "LJ", "10"]),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
messages = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(TYPES), values)},
    optional={
        "bid": values,
        "card": values,
        "text": values,
        "seat": values,
        "version": values,
    },
)
frames = st.one_of(
    messages.map(json.dumps),
    st.text(max_size=40),
    st.sampled_from(["", "{", "[]", "null", '"bid"', '{"type":', "{}" * 3000]),
)


@pytest.fixture
def table_in_play():
    lea, key = make_guest("Léa")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    presence.do_connect(table.pk, lea, "fuzz.channel!lea")
    tables.do_start(table.pk, lea)
    return Table.objects.get(pk=table.pk), key


async def _send_all(table_id: int, key: str, batch: list[str]) -> list[dict]:
    client = Client(f"/ws/tables/{table_id}/", key)
    await client.connect()
    await client.receive_until(lambda f: f["type"] == "chat_history")
    for text in batch:
        await client.comm.send_input({"type": "websocket.receive", "text": text})
    # Collect the answers until the socket has been quiet for a moment (a receive with a
    # timeout would cancel the application when it expires).
    answers = []
    queue = client.comm.output_queue
    for _ in range(50):
        await asyncio.sleep(0.2)
        if queue.empty():
            break
        while not queue.empty():
            message = queue.get_nowait()
            assert message["type"] == "websocket.send", message  # the socket stays open
            answers.append(json.loads(message["text"]))
    await client.close()
    return answers


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(batch=st.lists(frames, min_size=1, max_size=12))
def test_generated_frames_never_break_the_server_and_change_the_table_only_legally(
    table_in_play, batch
):
    table, key = table_in_play
    answers = async_to_sync(_send_all)(table.pk, key, batch)
    codes = [frame["code"] for frame in answers if frame["type"] == "error"]
    assert "server_error" not in codes, (batch, answers)
    # The log is a sequence of legal actions: replaying it in the engine raises otherwise.
    count = Action.objects.filter(match__table=table).count()
    assert len(engine_at(table.match_id).actions) == count
