"""A whole quick-table match through the WebSocket consumer, bots moved by a real Celery worker."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
from celery.contrib.testing.worker import start_worker
from channels.db import database_sync_to_async as db

import games.tasks  # noqa: F401  (registers the tasks with the app)
from config.celery import app as celery_app
from games.actions import sweep as sweeping
from games.actions import tables
from games.models import Action, Match, Table
from tests.support.live import Client, engine_at, is_error, is_state, make_guest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


@pytest.fixture
def celery_worker(transactional_db):
    """A real worker of the project's Celery app, in a thread, on the test database.

    Tasks left in the broker by an earlier run name tables of a database that no longer exists:
    the queue is emptied first so the worker serves this test alone."""
    celery_app.control.purge()
    with start_worker(
        celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=10
    ) as worker:
        yield worker


async def beat_sweep() -> None:
    """What Celery beat does in production: the sweep every second catches a lost task."""
    while True:
        await asyncio.sleep(1)
        await db(sweeping.sweep)()


async def test_a_guest_plays_a_whole_quick_match_against_three_normal_bots(
    settings, monkeypatch, celery_worker
):
    settings.QUICK_TABLE_BOT_DELAY = 0.5
    monkeypatch.setattr(tables, "QUICK_TABLE_RULES", {"target": 100})
    guest, session_key = await db(make_guest)("Léa")
    table = await db(tables.do_quick_play)(guest)
    client = Client(f"/ws/tables/{table.pk}/", session_key)
    await client.connect()
    spectator = Client(f"/ws/tables/{table.pk}/")  # checked too: never a single unplayed card
    await spectator.connect()
    beat = asyncio.create_task(beat_sweep())
    started = time.monotonic()
    acted = 0
    while True:
        frame = await client.receive_until(lambda f: is_state(f) or is_error(f), timeout=30)
        if is_error(frame):
            # A newer state crossed our action, or bots moving instantly made us hit the
            # message rate limit: as a client should, wait if told to, then resync.
            assert frame["code"] in {"stale_version", "too_fast"}, frame
            if frame["code"] == "too_fast":
                await asyncio.sleep(1)
            await client.send({"type": "sync"})
            continue
        view, facts = frame["view"], frame["table"]
        if facts["status"] == "finished":
            break
        if view and view["legal"] and frame is client.state:
            await client.send({**view["legal"][0], "version": frame["version"]})
            acted += 1
    elapsed = time.monotonic() - started
    beat.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await beat
    await client.drain()
    await client.close()
    await spectator.drain()
    await spectator.close()

    table = await db(Table.objects.get)(pk=table.pk)
    match = await db(Match.objects.get)(pk=table.match_id)
    engine = await db(engine_at)(match.pk)
    assert engine.is_over and match.result == engine.result
    assert frame["view"]["result"] == match.result
    actors = await db(
        lambda: set(Action.objects.filter(match=match).values_list("actor", "seat"))
    )()
    assert {seat for actor, seat in actors if actor == "human"} == {"N"}
    assert {seat for actor, seat in actors if actor == "bot"} == {"E", "S", "W"}
    assert acted > 0 and elapsed < 60
    # Every frame was checked for leaks; there were many.
    assert client.context["checked"] == len(client.frames) > 50
    assert spectator.context["checked"] == len(spectator.frames) > 50
    assert spectator.state["view"]["result"] == match.result
