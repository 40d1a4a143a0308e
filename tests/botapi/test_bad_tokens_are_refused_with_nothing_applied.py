"""Every token that may not play is refused with a clear error and nothing applied: over HTTP
(joining quick play, the ranked queue, a private table) and on a table's WebSocket, also when
it is revoked while its socket is open."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as db
from channels.testing import WebsocketCommunicator

from accounts.models import User
from botapi import asgi as botapi_asgi
from botapi.actions import do_revoke_token
from botapi.models import ApiToken
from config.asgi import application
from games.actions.tables import do_create_private_table, do_join
from games.models import ChatMessage, Connection, Seat, Table
from games.viewers import bot_viewer
from ranked.models import QueueEntry
from tests.support.botapi import make_bot
from tests.support.live import make_guest

BAD = ["missing", "unknown", "revoked", "read_only", "suspended", "no_longer_bot", "not_bearer"]
CODES = {
    "missing": (401, "token_missing"),
    "not_bearer": (401, "token_missing"),
    "unknown": (401, "token_unknown"),
    "revoked": (401, "token_revoked"),
    "read_only": (403, "token_scope"),
    "suspended": (403, "token_account_inactive"),
    "no_longer_bot": (403, "token_not_bot"),
}


def bad_header(kind: str) -> str | None:
    """An Authorization header of the given kind of bad token."""
    if kind == "missing":
        return None
    if kind == "unknown":
        return "Bearer atp_" + "x" * 43
    if kind == "read_only":
        return "Bearer " + make_bot("Lectrice", scopes=("read",))[1]
    user, secret = make_bot("Robotine")
    if kind == "not_bearer":
        return "Basic " + secret
    if kind == "revoked":
        do_revoke_token(user.pk, ApiToken.objects.get(user=user).pk)
    elif kind == "suspended":
        User.objects.filter(pk=user.pk).update(is_active=False)  # the admin's "active" box
    elif kind == "no_longer_bot":
        User.objects.filter(pk=user.pk).update(is_bot=False)  # converted back in the admin
    return "Bearer " + secret


def _post(client, path: str, header: str | None):
    extra = {"HTTP_AUTHORIZATION": header} if header else {}
    return client.post(f"{path}?lang=en", **extra)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", BAD)
def test_a_bad_token_joins_no_queue_and_no_table(client, kind):
    header = bad_header(kind)
    host, _session = make_guest("Hôte")
    private = do_create_private_table(host, rules={}, bot_level="normal", turn_seconds=None)
    status, code = CODES[kind]
    for path in (
        "/api/bot/quick/",
        "/api/bot/ranked/",
        f"/api/bot/tables/{private.pk}/invitation/{private.invite_token}/",
    ):
        response = _post(client, path, header)
        assert (response.status_code, response.json()["code"]) == (status, code), path
        assert "refused" in response.json()["message"]
    assert list(Table.objects.values_list("pk", flat=True)) == [private.pk]
    assert not QueueEntry.objects.exists()
    taken = Seat.objects.filter(table=private).exclude(viewer_key="").count()
    assert taken == 1  # the host only


@pytest.mark.django_db
def test_refusals_speak_french_by_default(client):
    response = client.post("/api/bot/quick/", HTTP_AUTHORIZATION="Bearer atp_nope")
    assert response.json()["message"] == "Ce jeton d'API n'est pas valable : il a été refusé."


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["unknown", "revoked", "read_only", "suspended", "no_longer_bot"])
async def test_a_bad_token_opens_no_table_socket(kind):
    header = await db(bad_header)(kind)
    host, _session = await db(make_guest)("Hôte")
    table = await db(do_create_private_table)(host, rules={}, bot_level="normal", turn_seconds=None)
    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.pk}/?lang=en",
        headers=[(b"authorization", header.encode())],
    )
    connected, _ = await socket.connect()
    assert connected
    frame = await socket.receive_json_from()
    _status, code = CODES[kind]
    assert frame["type"] == "error" and frame["code"] == code
    assert "refused" in frame["message"]
    closed = await socket.receive_output()
    assert closed == {"type": "websocket.close", "code": 4401}
    await socket.wait()
    assert not await db(Connection.objects.filter(table=table).exists)()


@pytest.mark.django_db(transaction=True)
async def test_a_token_revoked_while_its_socket_is_open_closes_it_and_applies_nothing(monkeypatch):
    monkeypatch.setattr(botapi_asgi, "RECHECK_SECONDS", 0.0)
    user, secret = await db(make_bot)("Robotine")
    host, _session = await db(make_guest)("Hôte")
    table = await db(do_create_private_table)(
        host, rules={"blind_nil": False}, bot_level="normal", turn_seconds=None
    )
    await db(do_join)(table.pk, bot_viewer(user), invite_token=table.invite_token)
    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.pk}/?lang=en",
        headers=[(b"authorization", f"Bearer {secret}".encode())],
    )
    connected, _ = await socket.connect()
    assert connected
    state = await socket.receive_json_from()
    assert state["table"]["me"]["seat"] == "E"
    token = await db(ApiToken.objects.get)(user=user)
    await db(do_revoke_token)(user.pk, token.pk)
    await socket.send_json_to({"type": "chat", "text": "encore là ?"})
    while (frame := await socket.receive_json_from())["type"] != "error":
        pass
    assert frame["code"] == "token_revoked"
    assert await socket.receive_output() == {"type": "websocket.close", "code": 4401}
    await socket.wait()
    assert not await db(ChatMessage.objects.exists)()
    assert not await db(Connection.objects.filter(table=table).exists)()
