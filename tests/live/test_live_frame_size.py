"""A frame of over a megabyte (above the 1 MiB Daphne allows by default), sent to a real Daphne
run with the site's own options, gets the documented ``too_large`` and the socket stays open;
beyond 4 MiB Daphne closes the socket.

WebsocketCommunicator skips Daphne's frame limits, so this runs the live site of
tests/support/browser.py and a plain WebSocket client.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from django.conf import settings

from tests.support.browser import serve_live_site
from tests.support.pages import guest, private_table

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


async def next_of_type(ws, kind: str) -> dict:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["type"] == kind:
            return frame


async def send_big_frames(url: str, table_id: int, cookie: str) -> tuple[dict, dict, bool]:
    """(answer to a 1 MB frame, the state sent after it, whether a 5 MB frame then closed the
    socket)."""
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}/"
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"}
    ws = await websockets.connect(ws_url, origin=url, additional_headers=headers, max_size=None)
    await next_of_type(ws, "state")
    await ws.send(json.dumps({"type": "chat", "text": "x" * 1_100_000}))
    error = await next_of_type(ws, "error")
    await ws.send(json.dumps({"type": "sync"}))
    state = await next_of_type(ws, "state")  # still open and answering
    # Daphne closes with 1009 while the client may still be sending: the client sees the close
    # frame, or only the connection reset.
    closed = False
    try:
        await ws.send("y" * (5 * 1024 * 1024))
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    except (websockets.ConnectionClosed, ConnectionResetError):
        closed = True
    finally:
        ws.transport.abort()
    return error, state, closed


def test_a_megabyte_frame_is_answered_too_large_and_a_larger_one_closes_the_socket(live_site):
    lea = guest("Léa")
    table = private_table(lea)
    cookie = lea.cookies[settings.SESSION_COOKIE_NAME].value
    error, state, closed = asyncio.run(send_big_frames(live_site, table.pk, cookie))
    assert error["code"] == "too_large"
    assert state["table"]["id"] == table.pk
    assert closed
