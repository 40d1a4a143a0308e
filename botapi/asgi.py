"""The WebSocket door of bot programs: a socket that opens with ``Authorization: Bearer <token>``
plays as the token's bot account, through the very consumers browsers use (docs/bot-api.md).

Such a socket skips the browser's door (the session cookie and the ``Origin`` check, which
guards cookies against other sites: a token is sent by the program itself). A refused token is
answered before any consumer runs, so nothing is applied: the socket is accepted, gets one
``error`` frame (``token_*`` codes) and is closed with code 4401, whichever the reason (4403
already says "a private table" to a socket that may not follow it).

An open socket's token is checked again with the first frame the program sends after
``RECHECK_SECONDS``: a token revoked, or an account suspended or converted back, meanwhile
closes the socket the same way, that frame not applied (a check per frame would cost a
database hop per move, which the consumer avoids)."""

from __future__ import annotations

import time
from urllib.parse import parse_qs

import orjson
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import translation

from botapi.tokens import TokenRefused, authenticate
from games.viewers import SCOPE_BOT_TOKEN

REFUSED_CODE = 4401
RECHECK_SECONDS = 5.0


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _language(scope) -> str:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    lang = (query.get("lang") or [""])[0]
    return lang if lang in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


class BotTokenRouter:
    """Sockets with a bearer token go to ``token_app`` as the token's account; the others to
    ``browser_app`` unchanged."""

    def __init__(self, *, token_app, browser_app) -> None:
        self.token_app = token_app
        self.browser_app = browser_app

    async def __call__(self, scope, receive, send):
        header = _header(scope, b"authorization") if scope["type"] == "websocket" else None
        if header is None:
            return await self.browser_app(scope, receive, send)
        try:
            token = await database_sync_to_async(authenticate)(header, "play")
        except TokenRefused as error:
            return await _refuse(scope, receive, send, error)
        scope = {**scope, "user": token.user, "session": {}, SCOPE_BOT_TOKEN: token.pk}
        checked = time.monotonic()

        async def receive_checked():
            """The program's frames, its token checked again once in a while."""
            nonlocal checked
            message = await receive()
            if message["type"] != "websocket.receive":
                return message
            if time.monotonic() - checked < RECHECK_SECONDS:
                return message
            try:
                await database_sync_to_async(authenticate)(header, "play")
            except TokenRefused as error:
                await _tell(scope, send, error)
                return {"type": "websocket.disconnect", "code": REFUSED_CODE}
            checked = time.monotonic()
            return message

        return await self.token_app(scope, receive_checked, send)


async def _tell(scope, send, error: TokenRefused) -> None:
    """The refusal's error frame, then the close."""
    with translation.override(_language(scope)):
        frame = error.as_frame()
    await send({"type": "websocket.send", "text": orjson.dumps(frame).decode()})
    await send({"type": "websocket.close", "code": REFUSED_CODE})


async def _refuse(scope, receive, send, error: TokenRefused) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await _tell(scope, send, error)
