"""The live layer's database work runs on a pool of threads on PostgreSQL, so that one move
waiting on the database does not hold up the next, and on one thread on SQLite, which has one
writer at a time (live/database_threads.py)."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connection

from games.models import Table
from live import database_threads

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the pool is for PostgreSQL"
)
on_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="one thread is for SQLite")


def count_tables() -> int:
    return Table.objects.count()


@on_postgresql
async def test_a_call_waiting_on_the_database_does_not_hold_up_the_next(settings):
    settings.LIVE_DB_THREADS = 2
    database_threads.close_connections()  # a pool of that size
    waiting, release = threading.Event(), threading.Event()

    def slow() -> int:
        waiting.set()
        assert release.wait(timeout=20)
        return count_tables()

    first = asyncio.ensure_future(database_threads.run(slow))
    await asyncio.to_thread(waiting.wait, 20)
    # The second call runs and returns while the first still holds its thread.
    assert await asyncio.wait_for(database_threads.run(count_tables), timeout=10) == 0
    assert not first.done()
    release.set()
    assert await first == 0
    database_threads.close_connections()


@on_postgresql
async def test_each_thread_of_the_pool_has_its_own_connection(settings):
    settings.LIVE_DB_THREADS = 2
    database_threads.close_connections()
    both = threading.Barrier(2)

    def backend() -> tuple[int, str]:
        both.wait(timeout=20)  # two calls at once: two threads
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return cursor.fetchone()[0], threading.current_thread().name

    results = await asyncio.gather(database_threads.run(backend), database_threads.run(backend))
    assert len({pid for pid, _ in results}) == 2
    assert all(name.startswith("live-db") for _, name in results)
    database_threads.close_connections()


@on_sqlite
async def test_on_sqlite_every_call_runs_on_the_one_thread(settings):
    settings.LIVE_DB_THREADS = 4  # asked for, but SQLite keeps one writer
    database_threads.close_connections()
    assert database_threads.thread_count() == 1

    def name() -> str:
        return threading.current_thread().name

    names = await asyncio.gather(*(database_threads.run(name) for _ in range(4)))
    assert len(set(names)) == 1 and not names[0].startswith("live-db")
