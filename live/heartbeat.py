"""One heartbeat per web process: every live table socket of the process is marked alive in one
query every ``HEARTBEAT_SECONDS``.

Sockets opened together would otherwise refresh their connections together, one UPDATE each on
the database threads, stalling every move behind them. A socket whose process died stops
being refreshed, and the sweep closes it (``games.actions.sweep``).
"""

from __future__ import annotations

import asyncio
import logging

from games.actions import presence
from live import database_threads

log = logging.getLogger(__name__)

_live_channels: set[str] = set()
_heartbeat_task: asyncio.Task | None = None


async def _heartbeat() -> None:
    """Refresh every live socket of this process in one query, every HEARTBEAT_SECONDS."""
    while _live_channels:
        await asyncio.sleep(presence.HEARTBEAT_SECONDS)
        names = list(_live_channels)
        if not names:
            break
        try:
            await database_threads.run(presence.do_touch_many, names)
        except Exception:  # pragma: no cover - the next beat tries again
            log.exception("heartbeat failed")


def watch(channel_name: str) -> None:
    """Count a socket as live; start the process's heartbeat if it is not running (in this
    event loop)."""
    global _heartbeat_task
    _live_channels.add(channel_name)
    task = _heartbeat_task
    if task is None or task.done() or task.get_loop() is not asyncio.get_running_loop():
        _heartbeat_task = asyncio.create_task(_heartbeat())


def unwatch(channel_name: str) -> None:
    """Forget a closed socket; the heartbeat stops with the last one."""
    global _heartbeat_task
    _live_channels.discard(channel_name)
    if not _live_channels and _heartbeat_task is not None:
        if not _heartbeat_task.done() and _heartbeat_task.get_loop() is asyncio.get_running_loop():
            _heartbeat_task.cancel()
        _heartbeat_task = None
