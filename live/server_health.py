"""Is the game server (beat, broker and worker) alive, and each web process telling its table
sockets when it stops answering.

Every finished ``games.sweep`` task stamps the time in the cache (Redis, ``record_sweep``, from a
``task_success`` handler in ``config/celery.py``): a recent stamp proves that beat sent the
sweep, the broker carried it and a worker ran it (``sweep_alive``, also read by ``/health/``).

Nothing is broadcast while the worker or beat is down (no bot moves, no expired turns), so a flag
inside the state frames would go stale: instead one task per web process reads the sweep's
stamp every ``SERVER_WATCH_SECONDS`` and sends
``{"type": "server", "ok": …}`` to its table sockets when it changes. A socket that connects while
the server is down gets ``ok: false`` at once; "ok" is the default a client assumes.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from typing import Protocol

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)


SWEEP_KEY = "games:sweep:last"
# The stamp outlives any useful max_age; it disappears with Redis itself.
SWEEP_KEY_TTL = 3600
# A sweep runs every second: past this many seconds without one, the server is restarting.
DEFAULT_MAX_AGE = 5.0


def record_sweep(now: float | None = None) -> None:
    """Stamp a finished sweep. Never raises: a lost stamp only delays the next one."""
    try:
        cache.set(SWEEP_KEY, time.time() if now is None else now, SWEEP_KEY_TTL)
    except Exception as error:  # Redis down: the next sweep (after it is back) stamps again
        log.debug("sweep stamp not recorded: %r", error)


def last_sweep() -> float | None:
    """When the last sweep finished (epoch seconds), or None (never, or Redis unreachable)."""
    try:
        value = cache.get(SWEEP_KEY)
    except Exception:
        return None
    return float(value) if isinstance(value, (int, float)) else None


def sweep_alive(max_age_seconds: float = DEFAULT_MAX_AGE, now: float | None = None) -> bool:
    """True when a sweep finished less than ``max_age_seconds`` ago.

    False when none has (beat, worker or broker down, or just starting), and when Redis cannot
    be read: the tables cannot move then either."""
    if max_age_seconds <= 0:
        raise ValueError("max_age_seconds must be positive")
    stamp = last_sweep()
    if stamp is None:
        return False
    return (time.time() if now is None else now) - stamp < max_age_seconds


class Watcher(Protocol):
    async def send_server(self, ok: bool) -> None: ...


_sockets: weakref.WeakSet = weakref.WeakSet()
_task: asyncio.Task | None = None
_ok: bool | None = None


def known_down() -> bool:
    """Whether this process last saw the game server down."""
    return _ok is False


async def _check() -> bool:
    # A blocking Redis GET: on a worker thread, not on the database threads the moves queue on.
    return await sync_to_async(sweep_alive, thread_sensitive=False)()


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
