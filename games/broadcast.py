"""Sending frames to the sockets: the channel-layer groups, and the event loop that code outside
the server (Celery tasks, commands, sync tests) sends on.

Each table socket listens to its table's state group and its chat group (the lobby's group is
``lobby.listing``'s). What is sent is built by ``games.frames``; this module only addresses and
delivers it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer

from games import frames
from games.models import Seat, Table
from spades.engine import Match as EngineMatch

log = logging.getLogger(__name__)

# A broadcast from outside the server waits this long for Redis before giving up.
SEND_TIMEOUT = 10.0


def state_group(table_id: int) -> str:
    """The group every socket of a table listens to for its state ("table.12.state"): one
    message a change, which the pub/sub layer reads once per process and hands to each of the
    table's sockets there (``publish_table``)."""
    return f"table.{table_id}.state"


def chat_group(table_id: int) -> str:
    return f"table.{table_id}.chat"


_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """This process's broadcast loop, for code running outside any event loop. ``async_to_sync``
    there would open a new event loop per call, and the channel layer a new Redis connection
    with each loop."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid() or _sender[1].is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="broadcasts", daemon=True)
            thread.start()
            _sender = (os.getpid(), loop)
        return _sender[1]


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's event loop when this thread runs on its behalf (sync_to_async)."""
    local = SyncToAsync.threadlocal
    loop = getattr(local, "main_event_loop", None)
    if loop is None or getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    return loop if loop.is_running() else None


def send_many(messages: list[tuple[str, dict]]) -> None:
    """Send group messages in one go (one Redis round trip with the project's layer).

    From a thread working for the ASGI server (a use case run by ``live.database_threads``)
    the send is handed to the server's event loop and this returns at once: the thread does not
    wait for Redis (a wait that cost a fifth of a move's CPU in cross-thread wake-ups, and held
    a database thread of the process meanwhile). Sends handed over this way start in the order
    they were handed over (the loop runs its callbacks in order, and the layer publishes under a
    first-come lock), so one process's frames of a table go out in commit order. Elsewhere
    (Celery tasks, commands, sync tests) it waits until Redis has them, on this process's
    broadcast loop."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        if hasattr(layer, "group_send_many"):  # one Redis round trip (live.layers)
            await layer.group_send_many(messages)
        else:
            await asyncio.gather(*(layer.group_send(g, message) for g, message in messages))

    loop = _server_loop()
    if loop is not None:
        loop.call_soon_threadsafe(_start, send_all)
    else:
        asyncio.run_coroutine_threadsafe(send_all(), _sender_loop()).result(timeout=SEND_TIMEOUT)


# Sends running on the server's loop (a task without a reference may be collected mid-way).
_running: set[asyncio.Task] = set()


def _start(send_all: Callable[[], Coroutine[Any, Any, None]]) -> None:
    task = asyncio.get_running_loop().create_task(send_all())
    _running.add(task)
    task.add_done_callback(_finished)


def _finished(task: asyncio.Task) -> None:
    _running.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("broadcast failed", exc_info=task.exception())


def publish_table(
    table: Table, seats: dict[str, Seat], engine: EngineMatch | None, hand_ended: bool = False
) -> None:
    """One message to the table's state group (``frames.table_update``): the public parts once,
    the spectators' view and each seated person's view, keyed by seat. Each consumer sends its
    socket its own seat's view (or the spectators') with its viewer's "me" part
    (``frames.frame_text``); a socket never receives another seat's. One message instead of one
    per seat and one for the spectators: one publish, and one read from Redis per process
    for all the table's sockets there, the biggest items of a move's web CPU
    (bench/README.md). ``hand_ended``: this change finished a hand, whose result goes out once
    with it."""
    send_many([(state_group(table.pk), frames.table_update(table, seats, engine, hand_ended))])


def publish_chat(table_id: int, message: dict[str, Any]) -> None:
    send_many([(chat_group(table_id), {"type": "table.chat", "message": message})])


def publish_chat_hidden(table_id: int, message_id: int) -> None:
    """A moderator hid a message: clients drop it."""
    send_many([(chat_group(table_id), {"type": "table.chat_hidden", "id": message_id})])


def publish_chat_shown(table_id: int, message: dict[str, Any]) -> None:
    """A moderator showed a hidden message again: clients put it back (muted seats filtered by
    each consumer)."""
    send_many(
        [(chat_group(table_id), {"type": "table.chat", "frame": "chat_shown", "message": message})]
    )


def publish_moderated(table_ids: list[int], viewer_key: str) -> None:
    """A moderator banned (or let speak again) this viewer: their sockets at these tables read
    their state again (``me.silenced_until``)."""
    send_many(
        [
            (chat_group(table_id), {"type": "table.moderated", "viewer_key": viewer_key})
            for table_id in table_ids
        ]
    )
