"""The coach at the table: a seated player asks for advice on their turn and gets a legal bid or
card with a sentence, computed from their own seat's view; refused at ranked tables, off turn, to
spectators, and twice for the same move."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async as db

from games.actions import coach, play, tables
from games.models import Table
from games.session import reading
from spades.bots.coach import advise
from tests.support.live import (
    Client,
    hidden_cards,
    is_error,
    is_state,
    make_guest,
    make_invited_visitor,
    table_counts,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(90),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def is_advice_or_error(frame: dict) -> bool:
    return frame["type"] in ("advice", "error")


def play_until_my_turn(table_id: int, people: dict, seat: str, phase: str) -> int:
    """The bots move (and the people, by seat in ``people``, play their first legal action) until
    it is ``seat``'s turn in ``phase`` ("bidding" or "playing"); returns the table version then."""
    for _ in range(400):
        with reading(table_id) as snap:
            table, engine = snap.table, snap.engine
            to_move, version = engine.to_move, table.version
            view = engine.view(to_move)
        if to_move == seat and view["phase"] == phase:
            return version
        if to_move in people:
            play.do_act(table_id, people[to_move], view["legal"][0], version)
        else:
            play.do_bot_move(table_id, version)  # False: it moved meanwhile, read again
    raise AssertionError("never my turn")


async def started_table(phase: str = "bidding", with_hugo: bool = False):
    """Léa (N) with bots (and Hugo at E) at a private table, her turn in ``phase``; the sockets
    open (a table with nobody connected is paused)."""
    lea, key = await db(make_guest)("Léa")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    people = {"N": lea}
    clients = []
    if with_hugo:
        hugo, hugo_key = await db(make_guest)("Hugo")
        await db(tables.do_join)(table.pk, hugo, invite_token=table.invite_token)
        people["E"] = hugo
        clients.append(Client(f"/ws/tables/{table.pk}/", hugo_key))
    await db(tables.do_start)(table.pk, lea)
    client = Client(f"/ws/tables/{table.pk}/", key)
    for c in [client, *clients]:
        await c.connect()
        await c.receive_until(lambda f: f["type"] == "chat_history")
    version = await db(play_until_my_turn)(table.pk, people, "N", phase)
    for c in [client, *clients]:
        await c.send({"type": "sync"})
        await c.receive_until(lambda f, v=version: is_state(f) and f["version"] == v, timeout=30)
        await c.drain()
    if with_hugo:
        return table, client, clients[0]
    return table, lea, client


@pytest.mark.parametrize("phase", ["bidding", "playing"])
async def test_the_advice_is_legal_with_a_sentence_and_comes_from_the_seats_own_view(
    monkeypatch, phase
):
    seen = []

    def spy(view):
        seen.append(view)
        return advise(view)

    monkeypatch.setattr(coach, "_advise", spy)
    _table, _lea, client = await started_table(phase)
    state = client.state
    await client.send({"type": "advice"})
    frame = await client.receive_until(is_advice_or_error)
    assert frame["type"] == "advice", frame
    view = state["view"]
    assert frame["version"] == state["version"]
    assert frame["action"] in view["legal"]
    assert frame["action"] == advise(view).action
    assert isinstance(frame["reason"], str) and len(frame["reason"]) > 10
    assert frame["reason"][0].isupper()
    # The coach was given exactly the view this seat receives, which holds no other seat's card.
    assert seen == [view]
    engine = client.context["engine"]
    hidden = hidden_cards(engine, "N")
    text = json.dumps(seen[0])
    assert hidden and not [card for card in hidden if f'"{card}"' in text]
    # One answer per move.
    await client.send({"type": "advice"})
    again = await client.receive_until(is_advice_or_error)
    assert again["type"] == "error" and again["code"] == "coach_once"
    await client.close()


async def test_the_advice_is_in_french_by_default_and_names_the_card():
    _table, _lea, client = await started_table("playing")
    await client.send({"type": "advice"})
    frame = await client.receive_until(is_advice_or_error)
    assert frame["type"] == "advice"
    # French: the card is named with its article, never as a code.
    assert frame["action"]["card"] not in frame["reason"]
    assert any(w in frame["reason"] for w in ("pique", "cœur", "carreau", "trèfle"))
    await client.close()


async def test_the_advice_is_refused_off_turn_and_to_a_spectator():
    table, lea_client, hugo_client = await started_table("bidding", with_hugo=True)
    before = await db(table_counts)(table.pk)
    await hugo_client.send({"type": "advice"})  # Léa's turn: she is a person, nothing moves
    error = await hugo_client.receive_until(is_advice_or_error)
    assert error["type"] == "error" and error["code"] == "not_your_turn"
    spectator = Client(f"/ws/tables/{table.pk}/", await db(make_invited_visitor)(table.pk))
    await spectator.connect()
    await spectator.receive_until(lambda f: f["type"] == "chat_history")
    await spectator.send({"type": "advice"})
    error = await spectator.receive_until(is_advice_or_error)
    assert error["type"] == "error" and error["code"] == "not_seated"
    assert await db(table_counts)(table.pk) == before
    # Léa, whose turn it is, gets hers.
    await lea_client.send({"type": "advice"})
    assert (await lea_client.receive_until(is_advice_or_error))["type"] == "advice"
    for c in (lea_client, hugo_client, spectator):
        await c.close()


def make_ranked(table_id: int) -> None:
    Table.objects.filter(pk=table_id).update(kind=Table.Kind.RANKED)


async def test_the_advice_is_refused_at_a_ranked_table_by_the_server():
    table, _lea, client = await started_table("bidding")
    await db(make_ranked)(table.pk)
    before = await db(table_counts)(table.pk)
    await client.send({"type": "advice"})
    error = await client.receive_until(is_error)
    assert error["code"] == "coach_ranked"
    assert error["message"] == "Il n’y a pas de conseil aux tables classées."
    assert await db(table_counts)(table.pk) == before
    await client.close()
