"""The Celery worker waits out a broker outage and reconnects by itself.

Redis is killed while the worker holds bot moves waiting for their countdown (unacknowledged
messages): Celery 5.7 then died with "Unrecoverable error: AttributeError(\"'NoneType' object
has no attribute 'hostname'\")" (see config.worker_consumer._close_collected).
"""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from config.celery import app
from config.launcher import _commands, _redis_command
from tests.support.launcher import (
    ROOT,
    child_env,
    free_port,
    migrate,
    sweep_stamp,
    wait_for,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def start_redis(port: int, workdir: Path) -> subprocess.Popen:
    proc = subprocess.Popen(_redis_command(port, str(workdir)), stdout=subprocess.DEVNULL)
    wait_for(lambda: _answers(port), 10)
    return proc


def _answers(port: int) -> bool:
    import redis

    try:
        return bool(redis.Redis(port=port, socket_timeout=0.5).ping())
    except redis.RedisError:
        return False


def test_the_worker_survives_redis_dying_under_waiting_tasks_and_reconnects(tmp_path, monkeypatch):
    database = tmp_path / "worker.sqlite3"
    migrate(database)
    redis_port = free_port()
    url = f"redis://127.0.0.1:{redis_port}/0"
    redis_proc = start_redis(redis_port, tmp_path)
    commands, listener = _commands(free_port(), tmp_path)
    listener.close()
    log = tmp_path / "worker.log"
    with log.open("w") as out:
        worker = subprocess.Popen(
            # DEBUG: the tasks received (routine lines, config/logs.py) are what the test counts.
            commands["worker"], cwd=ROOT, env=child_env(database, REDIS_URL=url, LOG_LEVEL="DEBUG"),
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        wait_for(lambda: sweep_stamp(redis_port), 60, step=0.2)
        with app.connection_for_write(url) as connection:
            for _ in range(20):
                app.send_task(
                    "games.bot_move", args=[10**9, 1], countdown=60, connection=connection
                )
        wait_for(lambda: log.read_text().count("Task games.bot_move") >= 20, 20)

        redis_proc.send_signal(signal.SIGKILL)
        redis_proc.wait()
        wait_for(lambda: "Connection to broker lost" in log.read_text(), 10)
        time.sleep(1.0)
        assert worker.poll() is None, log.read_text()[-3000:]
        back_at = time.time()
        redis_proc = start_redis(redis_port, tmp_path)
        wait_for(lambda: sweep_stamp(redis_port) > back_at, 30, step=0.1)
        reconnected = time.time() - back_at
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        redis_proc.terminate()
        redis_proc.wait(timeout=10)
    text = log.read_text()
    assert "Unrecoverable error" not in text
    assert "broker connection lost with unacknowledged tasks" in text
    assert reconnected < 5, f"a sweep ran only {reconnected:.1f} s after Redis was back"
    print(f"\nworker: a sweep ran {reconnected:.2f} s after Redis was back")
