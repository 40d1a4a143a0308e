"""Moderation reaches the players live, over real sockets: a ban shows in the player's state and
refuses their next message with the reason; a hidden message disappears and comes back; a report
is acknowledged to its sender and never told to the reported player."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as db

from games.actions import tables
from games.models import Silence
from moderation import actions as moderation
from moderation.models import Report
from tests.support.live import Client, is_error, is_state, make_guest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(60),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def is_chat(frame: dict) -> bool:
    return frame["type"] == "chat"


async def two_players():
    lea, lea_key = await db(make_guest)("Léa")
    hugo, hugo_key = await db(make_guest)("Hugo")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    await db(tables.do_join)(table.pk, hugo, invite_token=table.invite_token)
    clients = []
    for key in (lea_key, hugo_key):
        client = Client(f"/ws/tables/{table.pk}/", key)
        await client.connect()
        await client.receive_until(lambda f: f["type"] == "chat_history")
        clients.append(client)
    return table, lea, hugo, clients[0], clients[1]


async def test_a_banned_player_sees_the_ban_and_their_next_message_is_refused_with_the_reason():
    _table, _lea, hugo, lea_client, hugo_client = await two_players()
    await db(moderation.do_silence)(hugo.key, "1h", "Insultes répétées", name="Hugo")
    state = await hugo_client.receive_until(is_state)
    me = state["table"]["me"]
    assert me["silenced"] is True and me["silence_reason"] == "Insultes répétées"
    assert me["silenced_until"] is not None

    await hugo_client.send({"type": "chat", "text": "et alors ?"})
    error = await hugo_client.receive_until(is_error)
    assert error["code"] == "silenced"
    assert "Insultes répétées" in error["message"] and "jusqu'au" in error["message"]
    assert not any(is_chat(f) for f in await lea_client.drain())

    # Lifted: the state says so and the next message goes through.
    ban = await db(lambda: Silence.objects.get().pk)()
    await db(moderation.do_lift)([ban])
    state = await hugo_client.receive_until(is_state)
    assert state["table"]["me"]["silenced"] is False
    await hugo_client.send({"type": "chat", "text": "pardon"})
    assert (await lea_client.receive_until(is_chat))["message"]["text"] == "pardon"
    for client in (lea_client, hugo_client):
        await client.close()


async def test_a_hidden_message_disappears_and_comes_back_live():
    _table, _lea, _hugo, lea_client, hugo_client = await two_players()
    await lea_client.send({"type": "chat", "text": "un mot de trop"})
    said = (await hugo_client.receive_until(is_chat))["message"]
    assert await db(moderation.do_set_hidden)([said["id"]], True) == 1
    gone = await hugo_client.receive_until(lambda f: f["type"] == "chat_hidden")
    assert gone == {"type": "chat_hidden", "id": said["id"]}
    assert await db(moderation.do_set_hidden)([said["id"]], False) == 1
    back = await hugo_client.receive_until(lambda f: f["type"] == "chat_shown")
    assert back == {"type": "chat_shown", "message": said}
    for client in (lea_client, hugo_client):
        await client.close()


async def test_a_report_is_acknowledged_to_its_sender_and_never_told_to_the_reported_player():
    _table, lea, hugo, lea_client, hugo_client = await two_players()
    await hugo_client.send({"type": "chat", "text": "tu es nulle"})
    said = (await lea_client.receive_until(is_chat))["message"]
    await hugo_client.receive_until(is_chat)  # his own message, echoed
    await lea_client.send({"type": "report", "message": said["id"], "reason": "insult"})
    assert await lea_client.receive_until(lambda f: f["type"] == "report_received")
    await lea_client.send(
        {"type": "report", "seat": "E", "reason": "cheating", "comment": "il joue bizarre"}
    )
    assert await lea_client.receive_until(lambda f: f["type"] == "report_received")
    assert not await hugo_client.drain()
    reports = await db(lambda: list(Report.objects.order_by("pk").values()))()
    assert [(r["reason"], r["reported_key"], r["reporter_key"]) for r in reports] == [
        ("insult", hugo.key, lea.key),
        ("cheating", hugo.key, lea.key),
    ]
    assert reports[0]["message_id"] == said["id"] and reports[1]["comment"] == "il joue bizarre"

    await lea_client.send({"type": "report", "seat": "N", "reason": "spam"})
    assert (await lea_client.receive_until(is_error))["code"] == "not_reportable"
    await lea_client.send({"type": "report", "seat": "E", "reason": "boring"})
    assert (await lea_client.receive_until(is_error))["code"] == "bad_report_reason"
    for client in (lea_client, hugo_client):
        await client.close()
