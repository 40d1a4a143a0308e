"""Over the sockets (shared/spec/fair-deals.md): every seat and every spectator is shown the hand's
commitment from the deal, before the first bid; the seed comes only with the hand's result, and it
is the seed of that commitment and of the cards each seat was dealt (every frame also goes through
the leak check, ``tests.support.live.check_frame``, which looks for the seed)."""

from __future__ import annotations

import hashlib

import pytest
from channels.db import database_sync_to_async as db

from games.actions import play, tables
from games.models import Seat, Table
from games.session import reading
from games.viewers import Viewer
from spades.engine.cards import CODES
from spades.engine.shuffle import deal
from tests.support.live import Client, is_state, make_guest, make_invited_visitor

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(120),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def two_seated() -> tuple[Table, dict[str, Viewer], dict[str, str]]:
    """Léa (host, N) and Hugo at a private table with two bots, started; blind nil off."""
    people = {name: make_guest(name) for name in ("Léa", "Hugo")}
    lea = people["Léa"][0]
    table = tables.do_create_private_table(lea, {"target": 10000, "blind_nil": False}, "easy", None)
    tables.do_join(table.pk, people["Hugo"][0], invite_token=table.invite_token)
    tables.do_start(table.pk, lea)
    by_key = {viewer.key: (viewer, key) for viewer, key in people.values()}
    seats = Seat.objects.filter(table=table).exclude(viewer_key="")
    viewers = {s.position: by_key[s.viewer_key][0] for s in seats}
    keys = {s.position: by_key[s.viewer_key][1] for s in seats}
    return Table.objects.get(pk=table.pk), viewers, keys


def move_once(table_id: int, viewers: dict[str, Viewer]) -> int:
    """The seat to move moves (a bot, or a person's first legal action); the new version."""
    table = Table.objects.get(pk=table_id)
    if not play.do_bot_move(table.pk, table.version):
        with reading(table_id) as snap:
            assert snap.engine is not None
            seat = snap.engine.to_move
            assert seat is not None
            action = snap.engine.legal_actions(seat)[0]
        play.do_act(table_id, viewers[seat], action)
    return Table.objects.get(pk=table_id).version


async def test_the_commitment_shown_before_the_first_bid_is_the_one_the_result_reveals():
    table, viewers, keys = await db(two_seated)()
    north = Client(f"/ws/tables/{table.pk}/", keys["N"])
    # A spectator: a visitor who opened the invitation link and took no seat.
    watcher = Client(f"/ws/tables/{table.pk}/", await db(make_invited_visitor)(table.pk))
    for client in (north, watcher):
        await client.connect()
        await client.receive_until(lambda f: f["type"] == "chat_history")
    first = {c: c.state["view"] for c in (north, watcher)}
    assert all(view["bids"] == dict.fromkeys("NESW") for view in first.values())
    shown = first[north]["shuffle"]
    assert shown["scheme"] == "sha256-fy-v1" and set(shown) == {"scheme", "context", "commitment"}
    assert first[watcher]["shuffle"] == shown
    assert shown["context"] == f"table={table.pk};match={table.match_id};hand=1"
    dealt_to_north = set(first[north]["hand"])

    while not any(f["type"] == "hand_result" for f in north.frames):
        version = await db(move_once)(table.pk, viewers)
        await north.receive_until(lambda f, v=version: is_state(f) and f["version"] >= v)
        # Until the last card, every state frame of hand 1 shows the same commitment.
        if north.state["view"]["hand_number"] == 1:
            assert north.state["view"]["shuffle"] == shown
    await watcher.receive_until(lambda f: f["type"] == "hand_result")

    for client in (north, watcher):
        [result] = [f for f in client.frames if f["type"] == "hand_result"]
        revealed = result["hand"]["shuffle"]
        assert {k: revealed[k] for k in shown} == shown
        text = f"{revealed['context']}|{revealed['seed']}".encode()
        assert hashlib.sha256(text).hexdigest() == shown["commitment"]
    cards = deal(revealed["seed"], "NESW".index(first[north]["dealer"]))
    assert {CODES[c] for c in cards[0]} == dealt_to_north
    assert north.state["view"]["hand_number"] == 2
    assert north.state["view"]["shuffle"]["commitment"] != shown["commitment"]
    assert north.context["checked"] > 50  # every frame went through the leak check
    for client in (north, watcher):
        await client.close()
