"""Shared fixtures. The database is PostgreSQL in CI (DATABASE_URL) and SQLite by default."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING

import pytest
from django.conf import global_settings
from django.test import override_settings

from tests.support.browser import SharedChromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# The tests run without `collectstatic`: plain static names, served from the source folders. The
# processes the browser tests start read it from the environment; this process's settings are
# already loaded, hence the session fixture below.
os.environ["STATIC_MANIFEST"] = "false"
PLAIN_STATIC_FILES = {
    "STORAGES": {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    },
    "STATIC_MANIFEST": False,
    "WHITENOISE_USE_FINDERS": True,
}


@pytest.fixture(scope="session", autouse=True)
def _plain_static_files():
    """No manifest to look hashed names up in: `{% static %}` gives the plain names."""
    with override_settings(**PLAIN_STATIC_FILES):
        yield


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """Django's advice for tests: a fast hasher first (PBKDF2 costs a quarter of a second a user).
    The servers the browser tests start inherit it through the environment, so they read the
    hashes the tests wrote."""
    hashers = ["django.contrib.auth.hashers.MD5PasswordHasher", *global_settings.PASSWORD_HASHERS]
    os.environ["PASSWORD_HASHERS"] = ",".join(hashers)
    with override_settings(PASSWORD_HASHERS=hashers):
        yield


@pytest.fixture(scope="session", autouse=True)
def _flush_by_delete() -> Iterator[None]:
    """After each transactional test the database is flushed: on PostgreSQL Django does it with
    one TRUNCATE of every table, which swaps each table's files and costs 0.4-0.7 s on this
    machine, for tables that hold a handful of rows. Deleting the rows in one transaction
    (every foreign key is deferrable: checked at the commit, when all tables are empty) costs
    0.02 s and leaves the same state: empty tables, sequences kept (TRUNCATE without RESTART
    IDENTITY keeps them too). A flush that resets sequences or cascades is Django's own."""
    from unittest import mock

    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(
        self: DatabaseOperations,
        style: object,
        tables: list[str],
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        if reset_sequences or allow_cascade or not tables:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        deletes = [f"DELETE FROM {self.quote_name(table)};" for table in tables]
        return ["SET CONSTRAINTS ALL DEFERRED;", *deletes]

    with mock.patch.object(DatabaseOperations, "sql_flush", sql_flush):
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None) -> Iterator[None]:
    """pytest-django's test databases, with one more step before they are dropped: the async
    tests ran their database work in asgiref's one thread for thread-sensitive code, whose
    connection stays open after them (Django closes a thread's connections only at a request's
    end), and PostgreSQL refuses to drop a database another session still uses ("is being
    accessed by other users"). That thread, and the live layer's database threads
    (live.database_threads), close their own connections first."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from live import database_threads

    SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=30)
    database_threads.close_connections()


@pytest.fixture(autouse=True)
def _english_free_defaults(settings):
    """Tests see the game timings that make them fast; production keeps its own settings."""
    settings.BOT_MOVE_DELAY = 0
    settings.TRICK_PAUSE_SECONDS = 0
    settings.HAND_PAUSE_SECONDS = 0
    settings.SERVER_WATCH_SECONDS = 0  # no beat runs in-process: tests that need it turn it on
    return settings


@pytest.fixture
def fresh_channel_layer():
    """Each test runs in an event loop of its own, but a channel layer keeps state from the loop
    that made it (channels_redis: connections, a socket still waiting on Redis): a new layer per
    test."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def _engine_caches_empty():
    """Each test starts with this process's engine and row caches empty, as after a restart. On
    SQLite the ids start again once a test's rows are gone, so an engine another test left under
    "match 1" would pass for a new match 1 with fewer actions (its other deal then made a raw
    IllegalAction out of the log's replay: tests/games/test_live_races.py, after the fair-deals
    tests). In production a match id is never used twice."""
    from games import caches

    caches.clear()


@pytest.fixture(autouse=True)
def _word_filter_read_afresh():
    """The word filter keeps its entries a few seconds per process: each test reads its own."""
    from moderation import wordfilter

    wordfilter.forget()
    yield
    wordfilter.forget()


@pytest.fixture(autouse=True)
def _no_language_left_active():
    """A request through the test client activates its language in this thread and leaves it
    there: the next test would build its URLs in that language (/en/...)."""
    from django.utils import translation

    yield
    translation.deactivate()


# One Chromium for each run of consecutive tests that ask for it (browser_support.SharedChromium).
_CHROMIUM = SharedChromium()


@pytest.fixture
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium (a playwright.sync_api.Browser). It outlives the test while the
    next test uses it too; every context the test opened (its pages, cookies, storage) is
    closed after it, so that each test starts from a browser with nothing of the others."""
    pytest.importorskip("playwright.sync_api")
    browser = _CHROMIUM.browser()
    yield browser
    if browser.is_connected():
        for context in browser.contexts:
            context.close()


def _uses_chromium(item: pytest.Item | None) -> bool:
    return item is not None and "chromium" in getattr(item, "fixturenames", ())


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Playwright starts before the test's fixtures: they may touch the database, and a fixture
    that set DJANGO_ALLOW_ASYNC_UNSAFE itself would unset it at tear-down, under the flush."""
    if _uses_chromium(item) and importlib.util.find_spec("playwright") is not None:
        _CHROMIUM.start()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, None, None]:
    """After the test's tear-down: Chromium stops unless the next test uses it too."""
    try:
        return (yield)
    finally:
        if not _uses_chromium(nextitem):
            _CHROMIUM.stop()


def pytest_sessionfinish(session: pytest.Session) -> None:
    _CHROMIUM.stop()


@pytest.fixture(autouse=True)
def broadcasts_equal_fresh_reads(request):
    """In every test that commits, each seat's newest broadcast frame must equal what that seat
    reads from the database at the end (tests/support/broadcast_check.py). A test that checks frames
    of its own, or leaves a table mid-change on purpose, opts out with
    ``@pytest.mark.no_broadcast_check``."""
    marker = request.node.get_closest_marker("django_db")
    commits = marker is not None and (
        marker.kwargs.get("transaction") or (marker.args and marker.args[0])
    )
    # A site served by other processes (the browser and system tests, `live_site`) changes
    # tables where this process cannot hear its broadcasts.
    elsewhere = {"live_site", "live_server"} & set(request.fixturenames) or any(
        part in ("browser", "system") for part in request.path.parts[-3:-1]
    )
    if not commits or elsewhere or request.node.get_closest_marker("no_broadcast_check"):
        yield
        return
    from games import broadcast
    from tests.support.broadcast_check import BroadcastLog

    log = BroadcastLog()
    send = broadcast.send_many

    def recording(messages):
        log.record(messages)
        return send(messages)

    broadcast.send_many = recording
    try:
        yield
    finally:
        intercepted = broadcast.send_many is not recording  # the test took the sends itself
        broadcast.send_many = send
    if not intercepted:
        assert log.mismatches() == []
