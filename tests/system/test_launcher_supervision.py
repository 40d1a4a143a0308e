"""`make run` survives the death of any one of its processes: kill -9 each program of a running
launcher in turn (a Daphne, the worker, Redis: what the Procfile lines and the embedded Redis
run, under their restart loops); it is started again at once and serves again, and the others
never notice. SIGTERM to the launcher (honcho) stops everything.

One launcher for the module, with two Daphnes (WEB_CONCURRENCY=2), its own SQLite file, its own
embedded Redis and run directory. Each test prints how long the site took to serve again.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

from live.consumers import LAYER_LOST_CODE
from tests.support.launcher import (
    ROOT,
    child_env,
    children,
    close_code,
    free_port,
    http_ok,
    migrate,
    open_websocket,
    server_pid_of,
    still_open,
    sweep_stamp,
    wait_for,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]


@dataclass
class Site:
    proc: subprocess.Popen
    port: int
    run_dir: Path
    log: Path

    @property
    def redis_port(self) -> int:
        return int((self.run_dir / "redis-port").read_text())

    def children(self) -> dict[str, psutil.Process]:
        return children(self.proc.pid)

    def log_lines(self, since: int = 0) -> list[str]:
        return [line for line in self.log.read_text().splitlines()[since:] if "launcher:" in line]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("site")
    database = tmp / "site.sqlite3"
    migrate(database)
    port = free_port()
    log = tmp / "launcher.log"
    run_dir = tmp / "run"
    command = [sys.executable, "-m", "config.launcher", "run", "--port", str(port),
               "--run-dir", str(run_dir)]  # fmt: skip
    with log.open("w") as out:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=child_env(database, WEB_CONCURRENCY="2"),
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    site = Site(proc, port, run_dir, log)
    try:
        wait_for(lambda: http_ok(port), 60, step=0.2)
        wait_for(lambda: sweep_stamp(site.redis_port), 60, step=0.2)
        yield site
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


def kill(site: Site, name: str) -> tuple[psutil.Process, float, int]:
    victim = site.children()[name]
    lines = len(site.log.read_text().splitlines())
    victim.send_signal(signal.SIGKILL)
    return victim, time.monotonic(), lines


def back(site: Site, name: str, old_pid: int) -> psutil.Process:
    """The child of that name, started again (a new pid), within 2 s."""
    return wait_for(
        lambda: (p := site.children().get(name)) is not None and p.pid != old_pid and p, 2.0
    )


def sockets_on_each(port: int, webs: list[int]) -> list:
    """One WebSocket served by each of these Daphnes (the kernel picks: open until it did)."""
    chosen: dict[int, object] = {}
    for _ in range(40):
        sock = open_websocket(port)
        pid = server_pid_of(sock, webs)
        if pid in chosen or pid is None:
            sock.close()
        else:
            chosen[pid] = sock
        if len(chosen) == len(webs):
            return [chosen[pid] for pid in webs]
    raise AssertionError("the kernel gave every socket to one Daphne")


def test_a_killed_daphne_is_started_again_and_the_other_keeps_its_sockets(site):
    webs = [site.children()[name].pid for name in ("web1", "web2")]
    sockets: dict[int, list] = {pid: [] for pid in webs}
    for _ in range(40):
        sock = open_websocket(site.port)
        sockets[server_pid_of(sock, webs) or 0].append(sock)
        if all(sockets[pid] for pid in webs):
            break
    assert all(sockets[pid] for pid in webs), "the kernel gave every socket to one Daphne"
    victim, killed_at, lines = kill(site, "web1")
    new = back(site, "web1", victim.pid)
    restarted = time.monotonic() - killed_at
    survivor = webs[1]
    assert all(still_open(sock, 1.0) for sock in sockets[survivor])
    assert not any(still_open(sock, 0.2) for sock in sockets[victim.pid])
    assert http_ok(site.port)  # web2 answers meanwhile
    wait_for(lambda: server_pid_of(open_websocket(site.port), [new.pid]), 30, step=0.1)
    serving = time.monotonic() - killed_at
    assert site.children()["web2"].pid == survivor
    assert any("web1" in line and "SIGKILL" in line for line in site.log_lines(lines))
    print(f"\nweb1: started again after {restarted:.2f} s, serving after {serving:.2f} s")
    print("\n".join(site.log_lines(lines)))


def test_a_killed_worker_is_started_again_and_runs_the_sweep_again(site):
    others = {n: p.pid for n, p in site.children().items() if n != "worker"}
    victim, killed_at, lines = kill(site, "worker")
    wall_clock_kill = time.time()
    back(site, "worker", victim.pid)
    restarted = time.monotonic() - killed_at
    wait_for(lambda: sweep_stamp(site.redis_port) > wall_clock_kill, 30, step=0.1)
    serving = time.monotonic() - killed_at
    assert {n: p.pid for n, p in site.children().items() if n != "worker"} == others
    assert http_ok(site.port)
    print(f"\nworker: started again after {restarted:.2f} s, a sweep ran after {serving:.2f} s")
    print("\n".join(site.log_lines(lines)))


def test_a_killed_redis_comes_back_on_its_port_and_the_worker_reconnects_by_itself(site):
    port_before = site.redis_port
    others = {n: p.pid for n, p in site.children().items() if n != "redis"}
    # Each Daphne has been connected to Redis; one of them has nothing subscribed any more.
    webs = [site.children()[name].pid for name in ("web1", "web2")]
    listening, *others_sockets = sockets_on_each(site.port, webs)
    for sock in others_sockets:
        sock.close()
    victim, killed_at, lines = kill(site, "redis")
    # Its group messages may have been lost: the socket is closed so that its client resyncs.
    assert close_code(listening, 5) == LAYER_LOST_CODE
    wall_clock_kill = time.time()
    back(site, "redis", victim.pid)
    restarted = time.monotonic() - killed_at
    wait_for(lambda: sweep_stamp(site.redis_port) > wall_clock_kill, 30, step=0.1)
    serving = time.monotonic() - killed_at
    assert site.redis_port == port_before
    # The worker and the Daphnes were not restarted: they reconnected.
    after = {n: p.pid for n, p in site.children().items() if n != "redis"}
    assert after == others, "\n".join(site.log.read_text().splitlines()[lines:])
    assert http_ok(site.port)
    # A socket opened now, on either Daphne, is carried by a connection to the new Redis.
    assert all(still_open(sock, 1.0) for sock in sockets_on_each(site.port, webs))
    text = site.log.read_text()
    assert "Unrecoverable error" not in text
    print(f"\nredis: started again after {restarted:.2f} s, a sweep ran after {serving:.2f} s")
    print("\n".join(site.log_lines(lines)))


def test_sigterm_stops_every_child_and_the_launcher(site):
    assert sorted(site.children()) == ["redis", "web1", "web2", "worker"]
    # Every process of the tree: honcho's, the restart loops and the programs.
    pids = [p.pid for p in psutil.Process(site.proc.pid).children(recursive=True)]
    assert len(pids) >= 4 + 3 + 3
    before = len(site.log.read_text().splitlines())
    site.proc.send_signal(signal.SIGTERM)
    assert site.proc.wait(timeout=30) == 0
    assert not [pid for pid in pids if psutil.pid_exists(pid)]
    after = site.log_lines(before)
    assert any("stopping" in line for line in after)
    assert not any("started again" in line or "restarting" in line for line in after)
