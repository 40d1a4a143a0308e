"""The log at INFO says what a person needs: the sweep every second and each task received or
succeeded are DEBUG records (config/logs.py), in Celery's processes as in Daphne's."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from collections.abc import Callable

import pytest
from celery.app.trace import LOG_FAILURE, LOG_RECEIVED, LOG_SUCCESS

from config.logs import RoutineFilter
from tests.support.browser import BASE_DIR, test_database_url


def record(name: str, level: int, msg: str, args=()) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, msg, args, None)


def task(name: str) -> dict:
    return {"name": name, "id": "abc", "runtime": 0.01, "return_value": {}, "description": "raised",
            "exc": "ValueError()"}  # fmt: skip


ROUTINE = [
    record("celery.worker.strategy", logging.INFO, LOG_RECEIVED, (task("games.sweep"),)),
    record("celery.app.trace", logging.INFO, LOG_SUCCESS, (task("games.sweep"),)),
    record("celery.app.trace", logging.INFO, LOG_SUCCESS, (task("games.bot_move"),)),
    record("celery.beat", logging.INFO, "Scheduler: Sending due task %s (%s)", ("a", "b")),
]
NEWS = [
    record("celery.app.trace", logging.ERROR, LOG_FAILURE, (task("games.sweep"),)),
    record("celery.beat", logging.INFO, "beat: Starting...", ()),
    record("celery.apps.worker", logging.INFO, "celery@host ready.", ()),
    record("games.session", logging.WARNING, "broadcast failed for table %s", (3,)),
]


@pytest.mark.parametrize("rec", ROUTINE, ids=lambda r: r.getMessage()[:40])
def test_routine_work_is_hidden_at_info_and_shown_as_debug_at_debug(rec):
    assert RoutineFilter("INFO").filter(rec) is False
    assert RoutineFilter("DEBUG").filter(rec) is True
    assert rec.levelname == "DEBUG"


@pytest.mark.parametrize("rec", NEWS, ids=lambda r: r.getMessage()[:40])
def test_what_a_person_needs_keeps_its_level(rec):
    level = rec.levelno
    assert RoutineFilter("INFO").filter(rec) is True
    assert rec.levelno == level


def run_worker(log_level: str, tmp_path, until: Callable[[str], bool]) -> str:
    """A Celery worker with its beat thread, as `make run` starts it, until its log says ``until``
    (or a minute has passed: its start takes 2 s on a quiet machine, far more on a loaded one)."""
    env = {**os.environ, "DATABASE_URL": test_database_url(), "LOG_LEVEL": log_level}
    log = tmp_path / f"worker-{log_level}.log"
    with log.open("w") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
             "--pool", "threads", "--concurrency", "2", "--beat-thread",
             "--schedule", str(tmp_path / f"beat-{log_level}"), "--without-mingle",
             "--without-gossip"],
            cwd=BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 60
            while not until(log.read_text()) and time.monotonic() < deadline:
                assert worker.poll() is None, log.read_text()
                time.sleep(0.2)
        finally:
            worker.terminate()
            worker.wait(timeout=20)
    return log.read_text()


def ready_for(seconds: float) -> Callable[[str], bool]:
    """True once the worker has been ready for ``seconds``."""
    since: list[float] = []

    def until(text: str) -> bool:
        if "ready." in text and not since:
            since.append(time.monotonic())
        return bool(since) and time.monotonic() - since[0] >= seconds

    return until


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_running_worker_logs_no_line_per_sweep_at_info(tmp_path):
    quiet = run_worker("INFO", tmp_path, ready_for(4))
    assert "ready." in quiet  # the worker did start and log at INFO
    assert "games.sweep" not in quiet.split("[tasks]")[-1].split("ready.")[-1], quiet
    # The beat of the first worker may hold its lock a few seconds more (LOCK_TTL_SECONDS): this
    # one's sweeps start once it has the lock.
    verbose = run_worker("DEBUG", tmp_path, lambda text: text.count("Task games.sweep[") >= 4)
    assert verbose.count("Task games.sweep[") >= 4  # the sweep did run, every second
