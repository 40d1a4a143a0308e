"""A match's past hands travel apart from its state frames (docs/protocol.md, "history" and
"hand_result"): a state frame holds the hand in progress only, so its size does not grow with the
match; each hand's result is sent once, when the hand ends; the whole history once on connect and
on resync."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as db
from channels.layers import get_channel_layer

from games import broadcast, frames
from games.actions import play, tables
from games.models import Seat, Table
from games.session import reading
from games.viewers import Viewer
from tests.support.live import Client, engine_at, is_state, make_guest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(120),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def four_seated() -> tuple[Table, dict[str, Viewer], dict[str, str]]:
    """A private table of four guests (Léa hosts, at N), started."""
    people = {name: make_guest(name) for name in ("Léa", "Hugo", "Zoé", "Nina")}
    lea = people["Léa"][0]
    table = tables.do_create_private_table(lea, {"target": 10000}, "normal", None)
    for name in ("Hugo", "Zoé", "Nina"):
        tables.do_join(table.pk, people[name][0], invite_token=table.invite_token)
    tables.do_start(table.pk, lea)
    seats = Seat.objects.filter(table=table)
    by_key = {viewer.key: (viewer, key) for viewer, key in people.values()}
    viewers = {s.position: by_key[s.viewer_key][0] for s in seats}
    keys = {s.position: by_key[s.viewer_key][1] for s in seats}
    return Table.objects.get(pk=table.pk), viewers, keys


def move_once(table_id: int, viewers: dict[str, Viewer]) -> int:
    """The seat to move takes its first legal action; returns the table's new version."""
    with reading(table_id) as snap:
        assert snap.engine is not None
        seat = snap.engine.to_move
        assert seat is not None
        action = snap.engine.legal_actions(seat)[0]
    play.do_act(table_id, viewers[seat], action)
    return Table.objects.get(pk=table_id).version


async def take_state(client: Client, version: int) -> dict:
    return await client.receive_until(lambda f: is_state(f) and f["version"] >= version)


async def play_hands(client: Client, table: Table, viewers: dict[str, Viewer], hands: int) -> None:
    """Play until ``hands`` hands are over, taking each state frame on ``client``."""
    while True:
        await take_state(client, await db(move_once)(table.pk, viewers))
        if sum(1 for f in client.frames if f["type"] == "hand_result") >= hands:
            return


async def test_a_socket_gets_the_history_after_its_state_and_each_hand_result_once():
    table, viewers, keys = await db(four_seated)()
    lea = Client(f"/ws/tables/{table.pk}/", keys["N"])
    await lea.connect()
    await lea.receive_until(lambda f: f["type"] == "chat_history")
    assert [f["type"] for f in lea.frames] == ["state", "history", "chat_history"]
    assert lea.frames[1] == {"type": "history", "match": table.match_id, "hands": []}

    await play_hands(lea, table, viewers, 3)

    engine = await db(engine_at)(table.match_id)
    results = [f for f in lea.frames if f["type"] == "hand_result"]
    assert [f["hand"] for f in results] == engine.history[:3]
    assert {f["match"] for f in results} == {table.match_id}
    for frame in lea.frames:
        if is_state(frame):
            assert "history" not in frame["view"]
    # Each result comes just before the state frame of the move that ended its hand.
    for i, frame in enumerate(lea.frames):
        if frame["type"] == "hand_result":
            after = lea.frames[i + 1]
            assert is_state(after)
            assert after["view"]["hand_number"] == frame["hand"]["hand_number"] + 1
            assert after["view"]["scores"]["NS"]["score"] == frame["hand"]["NS"]["score"]

    # A socket that connects now reads the hands so far in one frame.
    late = Client(f"/ws/tables/{table.pk}/", keys["E"])
    await late.connect()
    await late.receive_until(lambda f: f["type"] == "chat_history")
    history = next(f for f in late.frames if f["type"] == "history")
    assert history["match"] == table.match_id
    assert history["hands"] == engine.history
    for client in (lea, late):
        await client.close()


async def test_a_state_frame_of_the_fourth_hand_is_as_large_as_one_of_the_second():
    table, viewers, keys = await db(four_seated)()
    lea = Client(f"/ws/tables/{table.pk}/", keys["N"])
    await lea.connect()
    await lea.receive_until(lambda f: f["type"] == "chat_history")
    await play_hands(lea, table, viewers, 3)
    await take_state(lea, await db(move_once)(table.pk, viewers))  # the fourth hand's first bid
    sizes: dict[int, list[int]] = {}
    for frame in lea.frames:
        if is_state(frame) and frame["view"] and frame["view"]["phase"] == "bidding":
            bids = sum(1 for b in frame["view"]["bids"].values() if b is not None)
            if bids == 1:  # the same moment of each hand: one bid made
                sizes.setdefault(frame["view"]["hand_number"], []).append(len(str(frame)))
    assert set(sizes) == {1, 2, 3, 4}
    # From the second hand on a frame also shows the last trick of the hand before. Then scores
    # and tricks differ by a few characters; two more past hands held in it would add 1 KB.
    assert max(sizes[4]) <= max(sizes[2]) + 100
    await lea.close()


def missed_update(table_id: int) -> tuple[str, dict]:
    """The group message of seat N's next broadcast, as if two hands had ended since the last
    one this socket heard of (a broadcast lost with a dying process)."""
    table = Table.objects.select_related("match").get(pk=table_id)
    with reading(table_id) as snap:
        message = frames.table_update(table, snap.seats, snap.engine)
    return broadcast.state_group(table_id), {**message, "hands": 2}


async def test_a_socket_that_missed_a_hand_reads_the_whole_history_again():
    table, _viewers, keys = await db(four_seated)()
    lea = Client(f"/ws/tables/{table.pk}/", keys["N"])
    await lea.connect()
    await lea.receive_until(lambda f: f["type"] == "chat_history")
    group, message = await db(missed_update)(table.pk)
    seen = len(lea.frames)
    await get_channel_layer().group_send(group, message)
    history = await lea.receive_until(lambda f: f["type"] == "history")
    new = [f["type"] for f in lea.frames[seen:]]
    assert new == ["state", "history"]  # read afresh from the database, not the message
    assert history == {"type": "history", "match": table.match_id, "hands": []}
    await lea.close()


async def test_a_group_message_carries_no_viewer_key_and_no_token():
    table, _viewers, _keys = await db(four_seated)()
    _group, message = await db(missed_update)(table.pk)
    seats = await db(lambda: list(Seat.objects.filter(table=table)))()
    text = str(message)
    for secret in [table.invite_token, table.host_key, *(s.viewer_key for s in seats)]:
        assert secret and secret not in text
    assert message["host"] == frames.tag(table.host_key) != ""
