"""The threads that run the live layer's database work (the use cases and the reads of frames).

Channels' ``database_sync_to_async`` runs every call in asgiref's one thread for thread-sensitive
code: every move of the process waits its turn there, and that thread spends about half of each
turn waiting on PostgreSQL. Moves of different tables need not wait for each other: each use case
runs in its own transaction that locks its table's row (games.session), and the process's caches
of rows and engines are thread-safe (games.caches). So on PostgreSQL the calls run on a small pool
of ``LIVE_DB_THREADS`` threads, each with its own connection, and one thread's wait on the
database is another's turn. SQLite has one writer at a time anyway: there (or with
``LIVE_DB_THREADS = 1``) the calls stay on the one thread, as with Channels' own helper.

One socket's calls still run one after the other (a consumer handles its messages in turn), and
a table's changes in the order their transactions took its lock. Each call closes obsolete
connections before and after, as Channels' helper does (``DB_CONN_MAX_AGE``).
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connection, connections

_wrapped: dict[Callable[..., Any], Callable[..., Awaitable[Any]]] = {}
_pool: tuple[ThreadPoolExecutor, int] | None = None  # the pool and its size
_lock = threading.Lock()


def thread_count() -> int:
    """How many threads run the live layer's database work in this process."""
    if connection.vendor == "sqlite":
        return 1
    return max(1, settings.LIVE_DB_THREADS)


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            size = thread_count()
            _pool = (ThreadPoolExecutor(size, thread_name_prefix="live-db"), size)
        return _pool[0]


def _wrap(func: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    if thread_count() == 1:
        return DatabaseSyncToAsync(func)
    return DatabaseSyncToAsync(func, thread_sensitive=False, executor=_executor())


def _wrapped_once(func: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    wrapped = _wrapped.get(func)
    if wrapped is None:
        wrapped = _wrapped[func] = _wrap(func)
    return wrapped


async def run(func: Callable[..., Any], *args: Any) -> Any:
    """Run ``func(*args)`` on the database threads and return its result. Each function is
    wrapped once, not on every message; a bound method through its class's function, so that
    no closed socket's consumer is kept here."""
    if inspect.ismethod(func):
        return await _wrapped_once(func.__func__)(func.__self__, *args)
    return await _wrapped_once(func)(*args)


def close_connections() -> None:
    """Close each database thread's connections and let the threads go (the test suite does so
    before PostgreSQL drops its test database, which it refuses while a session is open); the
    next call starts a new pool."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
        _wrapped.clear()
    if pool is None:
        return
    executor, size = pool
    # Each close waits for the others, so that each runs on a thread of its own.
    barrier = threading.Barrier(size)

    def close() -> None:
        barrier.wait(timeout=30)
        connections.close_all()

    for future in [executor.submit(close) for _ in range(size)]:
        future.result(timeout=60)
    executor.shutdown()
