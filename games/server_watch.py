"""Each web process tells its table sockets when the game server stops answering.

Nothing is broadcast while the worker or beat is down (no bot moves, no expired turns), so a flag
inside the state frames would go stale: instead one task per web process reads the sweep's
liveness stamp (``games.liveness``) every ``SERVER_WATCH_SECONDS`` and sends
``{"type": "server", "ok": …}`` to its table sockets when it changes. A socket that connects while
the server is down gets ``ok: false`` at once; "ok" is the default a client assumes.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Protocol

from asgiref.sync import sync_to_async
from django.conf import settings

from games import liveness

log = logging.getLogger(__name__)


class Watcher(Protocol):
    async def send_server(self, ok: bool) -> None: ...


_sockets: weakref.WeakSet = weakref.WeakSet()
_task: asyncio.Task | None = None
_ok: bool | None = None


def known_down() -> bool:
    """Whether this process last saw the game server down."""
    return _ok is False


async def _check() -> bool:
    # A blocking Redis GET: on a worker thread, not the database thread moves queue on.
    return await sync_to_async(liveness.sweep_alive, thread_sensitive=False)()


async def _loop() -> None:
    global _ok
    while _sockets:
        try:
            ok = await _check()
        except Exception:  # pragma: no cover - read as down, and try again
            log.exception("server liveness check failed")
            ok = False
        if ok != _ok:
            if _ok is not None or not ok:
                log.warning("game server %s", "back" if ok else "not answering")
            _ok = ok
            for socket in list(_sockets):
                try:
                    await socket.send_server(ok)
                except Exception:  # a socket closing meanwhile
                    log.debug("server frame not sent", exc_info=True)
        await asyncio.sleep(settings.SERVER_WATCH_SECONDS)


def watch(socket: Watcher) -> None:
    """Tell ``socket`` about the game server from now on (the loop starts with the first)."""
    global _task
    if not settings.SERVER_WATCH_SECONDS:
        return
    _sockets.add(socket)
    if _task is None or _task.done() or _task.get_loop() is not asyncio.get_running_loop():
        _task = asyncio.create_task(_loop())


def unwatch(socket: Watcher) -> None:
    _sockets.discard(socket)
