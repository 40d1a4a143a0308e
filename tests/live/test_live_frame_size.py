"""A frame of over a megabyte (above the 1 MiB Daphne allows by default), sent to a real Daphne
run with the site's own options, gets the documented ``too_large`` and the socket stays open;
beyond 4 MiB Daphne ends the connection, as docs/protocol.md says: it drops the TCP connection
without a close frame (autobahn's ``failByDrop``, which Daphne leaves on), so the client sees
1006, not the 1009 the doc promised before (issue 28).

WebsocketCommunicator skips Daphne's frame limits, so this runs the live site of
tests/support/browser.py and a plain WebSocket client.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

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


async def send_big_frames(url: str, table_id: int, cookie: str) -> tuple[dict, dict, int]:
    """(answer to a 1 MB frame, the state sent after it, the close code the client sees after a
    5 MB frame: 1006 when the connection ended without a close frame)."""
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}/"
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"}
    ws = await websockets.connect(ws_url, origin=url, additional_headers=headers, max_size=None)
    await next_of_type(ws, "state")
    await ws.send(json.dumps({"type": "chat", "text": "x" * 1_100_000}))
    error = await next_of_type(ws, "error")
    await ws.send(json.dumps({"type": "sync"}))
    state = await next_of_type(ws, "state")  # still open and answering
    code = 0
    try:
        await ws.send("y" * (5 * 1024 * 1024))
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    except websockets.ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else 1006
    except ConnectionResetError:  # dropped while the client was still sending
        code = 1006
    finally:
        ws.transport.abort()
    return error, state, code


def documented_close_code() -> int:
    """The close code docs/protocol.md gives for a frame larger than Daphne takes."""
    doc = (Path(settings.BASE_DIR) / "docs" / "protocol.md").read_text()
    row = next(line for line in doc.splitlines() if line.startswith("| `too_large` |"))
    return int(re.search(r"code (\d{4})", row).group(1))


def test_a_megabyte_frame_is_answered_too_large_and_a_larger_one_ends_the_socket_as_documented(
    live_site,
):
    lea = guest("Léa")
    table = private_table(lea)
    cookie = lea.cookies[settings.SESSION_COOKIE_NAME].value
    error, state, code = asyncio.run(send_big_frames(live_site, table.pk, cookie))
    assert error["code"] == "too_large"
    assert state["table"]["id"] == table.pk
    assert code == documented_close_code() == 1006
