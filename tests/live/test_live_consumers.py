"""The table and lobby WebSockets, against the real Redis channel layer and the database."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest
from channels.db import database_sync_to_async as db

from games import broadcast
from games.actions import chat, presence, tables
from games.models import Table
from games.viewers import Viewer
from tests.support.live import (
    Client,
    is_state,
    make_guest,
    make_invited_visitor,
    open_invitation,
    table_counts,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(60),
    pytest.mark.usefixtures("fresh_channel_layer"),
]


def is_chat(frame: dict) -> bool:
    return frame["type"] == "chat"


def is_error(frame: dict) -> bool:
    return frame["type"] == "error"


@dataclass
class Party:
    table: Table
    lea: Viewer
    lea_client: Client
    hugo: Viewer
    hugo_client: Client


async def open_private_table(rules=None) -> Party:
    """Léa hosts a private table, Hugo joins through the invitation; both are connected."""
    lea, lea_key = await db(make_guest)("Léa")
    hugo, hugo_key = await db(make_guest)("Hugo")
    table = await db(tables.do_create_private_table)(lea, rules or {}, "normal", None)
    await db(tables.do_join)(table.pk, hugo, invite_token=table.invite_token)
    lea_client = Client(f"/ws/tables/{table.pk}/", lea_key)
    hugo_client = Client(f"/ws/tables/{table.pk}/", hugo_key)
    for client in (lea_client, hugo_client):
        await client.connect()
        await client.receive_until(lambda f: f["type"] == "chat_history")
    return Party(table, lea, lea_client, hugo, hugo_client)


async def test_a_connection_gets_its_own_state_then_the_chat_history():
    party = await open_private_table()
    table, lea_client, hugo_client = party.table, party.lea_client, party.hugo_client
    first = lea_client.frames[0]
    assert first["type"] == "state" and first["view"] is None
    me = first["table"]["me"]
    assert me == {
        "seat": "N",
        "name": "Léa",
        "host": True,
        "mutes": [],
        "standin": False,
        "invite_token": table.invite_token,
        "silenced": False,
        "silenced_until": None,
        "silence_reason": None,
    }
    assert hugo_client.frames[0]["table"]["me"]["seat"] == "E"
    assert hugo_client.frames[0]["table"]["me"]["invite_token"] is None
    assert [f["type"] for f in hugo_client.frames][-1] == "chat_history"
    await hugo_client.drain()
    await hugo_client.send({"type": "sync"})
    again = await hugo_client.receive()
    assert again["type"] == "state" and again["table"]["me"]["seat"] == "E"
    await lea_client.close()
    await hugo_client.close()


async def test_the_host_starts_with_bots_and_each_player_sees_only_their_own_hand():
    party = await open_private_table()
    lea_client, hugo_client = party.lea_client, party.hugo_client
    await hugo_client.send({"type": "start"})
    error = await hugo_client.receive_until(is_error)
    assert error["code"] == "not_host"
    await lea_client.send({"type": "start"})
    lea_state = await lea_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    hugo_state = await hugo_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    assert lea_state["table"]["status"] == "playing"
    kinds = {s["position"]: s["kind"] for s in lea_state["table"]["seats"]}
    assert kinds == {"N": "human", "E": "human", "S": "bot", "W": "bot"}
    assert lea_state["view"]["seat"] == "N" and hugo_state["view"]["seat"] == "E"
    assert not set(lea_state["view"]["hand"] or []) & set(hugo_state["view"]["hand"] or [])
    # Every frame so far went through the leak check (view == engine view of that seat).
    assert lea_client.context["checked"] == len(lea_client.frames)
    await lea_client.close()
    await hugo_client.close()


async def test_a_spectator_without_identity_gets_the_public_view_and_may_not_act():
    party = await open_private_table()
    table, lea_client, hugo_client = party.table, party.lea_client, party.hugo_client
    await lea_client.send({"type": "start"})
    await lea_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    spectator = Client(f"/ws/tables/{table.pk}/", await db(make_invited_visitor)(table.pk))
    await spectator.connect()
    frame = await spectator.receive_until(is_state)
    assert frame["view"]["hand"] is None and frame["view"]["seat"] is None
    assert frame["table"]["me"]["seat"] is None and frame["table"]["me"]["name"] is None
    before = await db(table_counts)(table.pk)
    for message, code in (
        ({"type": "bid", "bid": 3}, "not_seated"),
        ({"type": "bid", "bid": 3, "seat": "N"}, "not_seated"),  # not "not_your_seat"
        ({"type": "look"}, "not_seated"),
        ({"type": "back"}, "not_seated"),  # answered, not ignored
        ({"type": "start"}, "not_host"),
        ({"type": "chat", "text": "coucou"}, "not_seated"),
        ({"type": "mute", "seat": "N"}, "no_identity"),
    ):
        await spectator.send(message)
        error = await spectator.receive_until(is_error)
        assert error["code"] == code, (message, error)
    assert await db(table_counts)(table.pk) == before
    for client in (spectator, lea_client, hugo_client):
        await client.close()


BAD_INPUTS = [
    ("{bid", "bad_json"),
    ("[" * 1500 + "]" * 1500, "bad_json"),  # under the size cap, deeper than the decoder goes
    ("[1, 2]", "bad_message"),
    ('"bid"', "bad_message"),
    ('{"bid": 3}', "bad_message"),
    ('{"type": 7}', "bad_message"),
    ('{"type": "shuffle"}', "unknown_type"),
    ('{"type": "bid", "bid": [3]}', "bad_field"),
    ('{"type": "bid", "bid": true}', "bad_field"),
    ('{"type": "bid"}', "bad_field"),
    ('{"type": "bid", "bid": 3, "version": "1"}', "bad_field"),
    ('{"type": "bid", "bid": 3, "version": null}', "bad_field"),
    ('{"type": "bid", "bid": 3, "seat": null}', "bad_field"),
    ('{"type": "look", "seat": 2}', "bad_field"),
    ('{"type": "play", "card": 12}', "bad_field"),
    ('{"type": "chat", "text": 7}', "bad_field"),
    ('{"type": "mute", "seat": ["E"]}', "bad_field"),
    ('{"type": "bid", "bid": 14}', "bad_action"),
    ('{"type": "bid", "bid": "twelve"}', "bad_action"),
    ('{"type": "play", "card": "ZZ"}', "bad_action"),
    ('{"type": "chat", "text": "' + "x" * 5000 + '"}', "too_large"),
]


async def test_bad_input_is_answered_with_an_error_and_changes_nothing():
    party = await open_private_table()
    table, lea_client, hugo_client = party.table, party.lea_client, party.hugo_client
    await lea_client.send({"type": "start"})
    state = await lea_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    await hugo_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    to_move = state["view"]["to_move"]
    version = state["version"]
    before = await db(table_counts)(table.pk)
    # Whoever of the two is not to move sends a legal-looking bid out of turn.
    idle = hugo_client if to_move != "E" else lea_client
    other_seat = "N" if idle is hugo_client else "E"
    cases = [(idle, text, code) for text, code in BAD_INPUTS]
    cases += [
        (idle, '{"type": "bid", "bid": 3}', "not_your_turn"),
        (idle, '{"type": "play", "card": "2C"}', "not_playing"),
        (idle, f'{{"type": "bid", "bid": 3, "version": {version - 1}}}', "stale_version"),
        (idle, f'{{"type": "bid", "bid": 3, "seat": "{other_seat}"}}', "not_your_seat"),
        (idle, '{"type": "kick", "seat": "S"}', "unknown_type"),
    ]  # fmt: skip
    for client, text, code in cases:
        await client.send(text)
        error = await client.receive_until(lambda f: f["type"] != "chat")
        assert error["type"] == "error", (text, error)
        assert error["code"] == code, (text, error)
        assert isinstance(error["message"], str) and error["message"]
    await idle.comm.send_to(bytes_data=b"\x00\x01")
    assert (await idle.receive_until(is_error))["code"] == "bad_message"
    assert await db(table_counts)(table.pk) == before
    # The errors are in French by default.
    await idle.send('{"type": "shuffle"}')
    assert (await idle.receive_until(is_error))["message"] == "Type de message inconnu."
    for client in (lea_client, hugo_client):
        await client.close()


async def test_errors_speak_english_when_the_socket_asks_for_it():
    lea, key = await db(make_guest)("Léa")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    client = Client(f"/ws/tables/{table.pk}/?lang=en", key)
    await client.connect()
    await client.send('{"type": "shuffle"}')
    error = await client.receive_until(is_error)
    assert error == {"type": "error", "code": "unknown_type", "message": "Unknown message type."}
    await client.close()


async def test_bots_are_named_by_seat_and_level_in_the_sockets_language():
    lea, key = await db(make_guest)("Léa")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    english = Client(f"/ws/tables/{table.pk}/?lang=en", key)
    french = Client(f"/ws/tables/{table.pk}/", key)
    for client in (english, french):
        await client.connect()
        await client.receive_until(is_state)
    await db(tables.do_start)(table.pk, lea)

    def started(frame: dict) -> bool:
        return is_state(frame) and frame["table"]["status"] == "playing"

    names = {}
    for lang, client in (("en", english), ("fr", french)):
        frame = await client.receive_until(started)
        names[lang] = [seat["name"] for seat in frame["table"]["seats"]]
        await client.close()
    assert names["en"] == ["Léa", "East bot (Normal)", "South bot (Normal)", "West bot (Normal)"]
    assert names["fr"] == [
        "Léa",
        "Robot Est (Normal)",
        "Robot Sud (Normal)",
        "Robot Ouest (Normal)",
    ]


async def test_chat_goes_to_both_players_and_a_mute_stops_it_until_unmuted():
    party = await open_private_table()
    table, lea_client, hugo_client = party.table, party.lea_client, party.hugo_client

    async def lea_says(text: str) -> None:
        await lea_client.send({"type": "chat", "text": text})
        mine = await lea_client.receive_until(is_chat)
        assert mine["message"]["text"] == text

    await lea_says("Bonjour <b>Hugo</b> !")
    got = await hugo_client.receive_until(is_chat)
    assert got["message"]["text"] == "Bonjour <b>Hugo</b> !"  # raw: the client escapes
    assert got["message"]["seat"] == "N" and got["message"]["name"] == "Léa"

    await hugo_client.send({"type": "mute", "seat": "N"})
    muted = await hugo_client.receive_until(is_state)
    assert muted["table"]["me"]["mutes"] == ["N"]
    await lea_says("tu ne me lis pas")
    await hugo_client.send({"type": "unmute", "seat": "N"})
    unmuted = await hugo_client.receive_until(is_state)
    assert unmuted["table"]["me"]["mutes"] == []
    await lea_says("et maintenant ?")
    got = await hugo_client.receive_until(is_chat)
    assert got["message"]["text"] == "et maintenant ?"  # the muted line never came
    assert not [f for f in hugo_client.frames if "tu ne me lis pas" in str(f)]

    # A mute is remembered: a new connection of Hugo's gets none of Léa's lines in its history.
    await hugo_client.send({"type": "mute", "seat": "N"})
    await hugo_client.receive_until(is_state)
    await hugo_client.close()
    hugo_again = Client(f"/ws/tables/{table.pk}/", session_of(hugo_client))
    await hugo_again.connect()
    state = await hugo_again.receive_until(is_state)
    assert state["table"]["me"]["mutes"] == ["N"]
    history = await hugo_again.receive_until(lambda f: f["type"] == "chat_history")
    assert history["messages"] == []
    for client in (lea_client, hugo_again):
        await client.close()


async def test_changes_made_outside_the_servers_event_loop_reach_the_sockets():
    """As a Celery task does: a thread with no event loop broadcasts through the process's own
    broadcast loop, the same one each time."""
    party = await open_private_table()

    def chat_from_a_worker_thread(text: str):
        chat.do_chat(party.table.pk, party.hugo, text)
        return broadcast._sender_loop()

    first = await asyncio.to_thread(chat_from_a_worker_thread, "depuis un worker")
    got = await party.lea_client.receive_until(is_chat)
    assert got["message"]["text"] == "depuis un worker" and got["message"]["name"] == "Hugo"
    second = await asyncio.to_thread(chat_from_a_worker_thread, "encore")
    assert (await party.lea_client.receive_until(is_chat))["message"]["text"] == "encore"
    assert first is second and first is not asyncio.get_running_loop()


async def test_a_chat_message_too_long_too_fast_or_from_a_silenced_guest_is_refused():
    party = await open_private_table()
    lea_client, hugo_client = party.lea_client, party.hugo_client
    await lea_client.send({"type": "chat", "text": "x" * 201})
    assert (await lea_client.receive_until(is_error))["code"] == "message_too_long"
    await lea_client.send({"type": "chat", "text": "   "})
    assert (await lea_client.receive_until(is_error))["code"] == "empty_message"
    for i in range(5):
        await lea_client.send({"type": "chat", "text": f"message {i}"})
        await lea_client.receive_until(is_chat)
    await lea_client.send({"type": "chat", "text": "one too many"})
    assert (await lea_client.receive_until(is_error))["code"] == "too_fast"

    from games.models import Silence

    await db(Silence.objects.create)(viewer_key=party.hugo.key, reason="test")
    await hugo_client.send({"type": "chat", "text": "hello"})
    assert (await hugo_client.receive_until(is_error))["code"] == "silenced"
    for client in (lea_client, hugo_client):
        await client.close()


async def test_a_hidden_message_is_withdrawn_and_left_out_of_the_history():
    party = await open_private_table()
    table, lea_client, hugo_client = party.table, party.lea_client, party.hugo_client
    await lea_client.send({"type": "chat", "text": "un gros mot"})
    said = await hugo_client.receive_until(is_chat)
    count = len(await db(chat.set_chat_hidden)([said["message"]["id"]], True))
    assert count == 1
    withdrawn = await hugo_client.receive_until(lambda f: f["type"] == "chat_hidden")
    assert withdrawn == {"type": "chat_hidden", "id": said["message"]["id"]}
    late = Client(f"/ws/tables/{table.pk}/", await db(make_invited_visitor)(table.pk))
    await late.connect()
    history = await late.receive_until(lambda f: f["type"] == "chat_history")
    assert history["messages"] == []
    for client in (late, lea_client, hugo_client):
        await client.close()


async def test_the_other_players_see_a_disconnection_and_a_return():
    party = await open_private_table()
    table, lea_client, hugo_client = party.table, party.lea_client, party.hugo_client

    def hugo_connected(frame) -> bool:
        return {s["position"]: s["connected"] for s in frame["table"]["seats"]}["E"]

    await hugo_client.close()
    frame = await lea_client.receive_until(lambda f: is_state(f) and not hugo_connected(f))
    seat = await db(lambda: Table.objects.get(pk=table.pk).seats.get(position="E"))()
    assert seat.disconnected_at is not None
    hugo_back = Client(f"/ws/tables/{table.pk}/", session_of(hugo_client))
    await hugo_back.connect()
    frame = await lea_client.receive_until(lambda f: is_state(f) and hugo_connected(f))
    assert frame["table"]["me"]["seat"] == "N"
    for client in (lea_client, hugo_back):
        await client.close()


def session_of(client: Client) -> str:
    for name, value in client.comm.scope["headers"]:
        if name == b"cookie":
            return value.decode().split("=", 1)[1]
    raise AssertionError("no session")


async def test_a_spectator_who_sits_down_switches_to_their_seat_view():
    lea, _lea_key = await db(make_guest)("Léa")
    zoe, zoe_key = await db(make_guest)("Zoé")
    table = await db(tables.do_create_private_table)(lea, {}, "normal", None)
    await db(open_invitation)(zoe_key, table.pk)
    zoe_client = Client(f"/ws/tables/{table.pk}/", zoe_key)
    await zoe_client.connect()
    first = await zoe_client.receive_until(is_state)
    assert first["table"]["me"]["seat"] is None
    await db(tables.do_join)(table.pk, zoe, invite_token=table.invite_token, position="S")
    seated = await zoe_client.receive_until(lambda f: is_state(f) and f["table"]["me"]["seat"])
    assert seated["table"]["me"]["seat"] == "S"
    await db(tables.do_start)(table.pk, lea)
    playing = await zoe_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    assert playing["view"]["seat"] == "S" and playing["view"]["hand_counts"]["S"] == 13
    await zoe_client.close()


async def test_the_lobby_socket_lists_open_quick_tables_live():
    lobby = Client("/ws/lobby/")
    await lobby.connect()
    first = await lobby.receive()
    assert first == {"type": "tables", "tables": [], "playing": []}
    guest, _key = await db(make_guest)("Léa")
    table = await db(tables.do_quick_play)(guest)
    update = await lobby.receive()
    assert update["type"] == "tables"
    [listed] = update["tables"]
    assert listed["id"] == table.pk and listed["seats_taken"] == 1
    assert listed["players"] == ["Léa"] and listed["url"] == f"/fr/tables/{table.pk}/"
    assert listed["join_url"] == f"/fr/jouer/rejoindre/{table.pk}/"
    await lobby.send('{"type": "sync"}')
    assert (await lobby.receive())["type"] == "error"
    await lobby.close()


async def test_a_logged_in_user_is_recognised_by_their_session():
    from django.contrib.auth import get_user_model
    from django.test import Client as HttpClient

    def login() -> tuple:
        user = get_user_model().objects.create_user("lea", password="x", display_name="Léa P.")
        http = HttpClient()
        http.force_login(user)
        viewer = Viewer(user_id=user.pk, guest_id=None, name="Léa P.")
        table = tables.do_create_private_table(viewer, {}, "normal", None)
        return table, http.cookies["sessionid"].value

    table, session_key = await db(login)()
    client = Client(f"/ws/tables/{table.pk}/", session_key)
    await client.connect()
    frame = await client.receive_until(is_state)
    assert frame["table"]["me"]["seat"] == "N" and frame["table"]["me"]["name"] == "Léa P."
    assert frame["table"]["me"]["host"] is True
    await client.close()


async def test_one_heartbeat_per_process_keeps_every_open_socket_alive(monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Connection
    from live import heartbeat

    monkeypatch.setattr(presence, "HEARTBEAT_SECONDS", 0.2)
    party = await open_private_table()
    long_ago = timezone.now() - timedelta(minutes=10)
    await db(Connection.objects.filter(table_id=party.table.pk).update)(seen_at=long_ago)
    assert heartbeat._heartbeat_task is not None and len(heartbeat._live_channels) >= 2
    for _ in range(50):
        await asyncio.sleep(0.1)
        seen = await db(lambda: list(Connection.objects.filter(table_id=party.table.pk)))()
        if all(c.seen_at > long_ago for c in seen):
            break
    assert len(seen) == 2 and all(c.seen_at > long_ago for c in seen)
    await party.lea_client.close()
    await party.hugo_client.close()
    assert heartbeat._live_channels.isdisjoint({c.channel_name for c in seen})


async def _closed_at_once(path: str, session_key: str | None = None) -> int:
    client = Client(path, session_key)
    await client.connect()
    closed = await client.comm.receive_output(timeout=5)
    assert closed["type"] == "websocket.close"
    return closed["code"]


async def test_a_private_table_socket_is_closed_with_4403_for_a_stranger_and_open_to_its_guests():
    party = await open_private_table()
    table = party.table
    _stranger, stranger_key = await db(make_guest)("Zoé")
    assert await _closed_at_once(f"/ws/tables/{table.pk}/") == 4403
    assert await _closed_at_once(f"/ws/tables/{table.pk}/", stranger_key) == 4403
    invited = Client(f"/ws/tables/{table.pk}/", await db(make_invited_visitor)(table.pk))
    await invited.connect()
    frame = await invited.receive_until(is_state)
    assert frame["table"]["id"] == table.pk and frame["view"] is None
    for client in (invited, party.lea_client, party.hugo_client):
        await client.close()


async def test_a_socket_to_a_table_that_does_not_exist_is_closed_with_4404():
    assert await _closed_at_once("/ws/tables/999999/") == 4404


async def test_back_from_a_seated_player_is_answered_with_the_state():
    party = await open_private_table()
    await party.lea_client.send({"type": "back"})
    frame = await party.lea_client.receive_until(is_state)
    assert frame["table"]["me"]["seat"] == "N" and frame["table"]["me"]["standin"] is False
    for client in (party.lea_client, party.hugo_client):
        await client.close()


async def test_a_quiet_page_asking_with_its_version_hears_only_when_it_is_behind():
    party = await open_private_table()
    lea_client = party.lea_client
    await lea_client.send({"type": "start"})
    state = await lea_client.receive_until(lambda f: is_state(f) and f["view"] is not None)
    await lea_client.drain()
    current = await db(lambda: Table.objects.get(pk=party.table.pk).version)()
    await lea_client.send({"type": "sync", "version": current})
    assert await lea_client.drain() == []
    # A state lost with a process that died between commit and broadcast: the page is behind.
    await lea_client.send({"type": "sync", "version": current - 1})
    again = await lea_client.receive_until(is_state)
    assert again["version"] == current and again["view"]["seat"] == state["view"]["seat"]
    await lea_client.send({"type": "sync", "version": None})
    assert (await lea_client.receive_until(is_error))["code"] == "bad_field"
    await lea_client.close()
    await party.hugo_client.close()
