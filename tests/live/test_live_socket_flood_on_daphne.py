"""The audit's flood against a real Daphne (issue 28): one guest opens 50 sockets to their seat
and sends 40 frames on each (2,000), then closes them all while the table answers.

Before: all 50 stayed open, every frame was processed (none refused), and the 50 consumers,
still busy with their queue when their sockets closed, were killed by Daphne ("took too long to
shut down", its application close timeout) without their disconnect step: 50 connection rows
stayed, and the seat counted as connected with no socket. Now the guest keeps 4 sockets (the
others closed with 4409), at most one budget of frames is processed, and once every socket is
closed no consumer died, no row is left and the seat counts as disconnected (the grace period
and the stand-in follow as for any drop).
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import time

import pytest
import websockets
from django.conf import settings

from games.models import Connection, Seat
from tests.support.browser import serve_live_site
from tests.support.pages import guest, join, private_table, start, viewer_of

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SOCKETS, FRAMES = 50, 40


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site(trick_pause_s=0) as url:
        yield url


def web_log() -> str:
    """The newest live site's Daphne log (serve_live_site keeps it in a fresh temporary folder)."""
    logs = glob.glob(os.path.join(os.environ.get("TMPDIR", "/tmp"), "atout-e2e-*", "web.log"))
    with open(max(logs, key=os.path.getmtime)) as log:
        return log.read()


async def answers(ws, counts: dict[str, int], flooding: asyncio.Event) -> None:
    """Count the answers to the flood: states (a frame processed) and too_fast refusals."""
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            frame = json.loads(await ws.recv())
            if not flooding.is_set():
                continue
            if frame["type"] == "state":
                counts["processed"] += 1
            elif frame.get("code") == "too_fast":
                counts["too_fast"] += 1


async def flood(url: str, table_id: int, lea_cookie: str, hugo_cookie: str) -> dict:
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}/"
    name = settings.SESSION_COOKIE_NAME

    async def open_socket(cookie: str):
        return await websockets.connect(
            ws_url, origin=url, additional_headers={"Cookie": f"{name}={cookie}"}
        )

    hugo = await open_socket(hugo_cookie)
    socks = [await open_socket(lea_cookie) for _ in range(SOCKETS)]
    counts = {"processed": 0, "too_fast": 0, "sent": 0}
    flooding = asyncio.Event()
    readers = [asyncio.create_task(answers(ws, counts, flooding)) for ws in socks]
    await asyncio.sleep(1)  # the sockets' first frames, and the closes of the surplus
    open_before = sum(ws.close_code is None for ws in socks)
    flooding.set()
    for ws in socks:
        for _ in range(FRAMES):
            try:
                await ws.send(json.dumps({"type": "sync"}))
            except websockets.ConnectionClosed:
                break
            counts["sent"] += 1
    for _ in range(100):  # every frame sent is answered (processed or refused)
        if counts["processed"] + counts["too_fast"] >= counts["sent"]:
            break
        await asyncio.sleep(0.1)
    await asyncio.gather(*(ws.close() for ws in socks), return_exceptions=True)
    await hugo.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    codes = [ws.close_code for ws in socks]
    return {**counts, "open": open_before, "closed_4409": codes.count(4409)}


def test_a_flood_of_sockets_from_one_guest_is_capped_and_leaves_no_ghost_seat(live_site):
    lea, hugo = guest("Léa"), guest("Hugo")
    table = private_table(lea)
    join(hugo, table, "E")
    start(lea, table)
    cookie = {c: c.cookies[settings.SESSION_COOKIE_NAME].value for c in (lea, hugo)}
    started = time.monotonic()
    figures = asyncio.run(flood(live_site, table.pk, cookie[lea], cookie[hugo]))
    lea_key = viewer_of(lea).key
    rows = Connection.objects.filter(viewer_key=lea_key)
    for _ in range(100):  # Daphne's close handshakes and the consumers' disconnect steps
        if not rows.exists():
            break
        time.sleep(0.1)
    rows = rows.count()
    log = web_log()
    print(f"\n{SOCKETS} sockets, {time.monotonic() - started:.1f} s: {figures}; rows left: {rows}")
    count, _seconds = settings.RATE_LIMITS["viewer_frames"]
    assert figures["open"] == settings.TABLE_SOCKETS_PER_VIEWER
    assert figures["closed_4409"] == SOCKETS - settings.TABLE_SOCKETS_PER_VIEWER
    assert figures["processed"] <= count
    assert figures["processed"] + figures["too_fast"] == figures["sent"]
    assert "Exception inside application" not in log
    assert rows == 0
    assert Seat.objects.get(table=table, position="N").disconnected_at is not None
