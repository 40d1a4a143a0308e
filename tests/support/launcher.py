"""Helpers for the tests that run `python -m config.launcher run` (or a worker) for real."""

from __future__ import annotations

import base64
import os
import pickle
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import psutil
import redis

ROOT = Path(__file__).resolve().parents[2]
SWEEP_KEY = "atout:1:games:sweep:last"  # live.server_health.SWEEP_KEY as the cache stores it


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def child_env(database: Path, **extra: str) -> dict[str, str]:
    """The environment of a launcher or worker under test: its own SQLite file, its own Redis
    (REDIS_URL unset: the launcher embeds one)."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "WEB_CONCURRENCY")}
    env["DATABASE_URL"] = f"sqlite:///{database}"
    env.update(extra)
    return env


def migrate(database: Path) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT, env=child_env(database), check=True, timeout=300,
    )  # fmt: skip


def wait_for(predicate: Callable[[], object], timeout: float, step: float = 0.05):
    """The predicate's first true value, or AssertionError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"not true after {timeout} s: {predicate}")


def http_ok(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def sweep_stamp(redis_port: int) -> float:
    """When the last games.sweep finished (live.server_health), 0 if never or Redis is away."""
    try:
        raw = redis.Redis(port=redis_port, socket_timeout=1).get(SWEEP_KEY)
    except redis.RedisError:
        return 0.0
    if raw is None:
        return 0.0
    try:
        return float(raw)
    except ValueError:
        return float(pickle.loads(raw))


def children(launcher_pid: int) -> dict[str, psutil.Process]:
    """The launcher's processes by the name its restart loops give them (ATOUT_PROCESS): redis,
    web (or web1, web2…), worker. They are the launcher's grandchildren and further down
    (launcher, honcho's process per Procfile line, the restart loop, the program)."""
    found: dict[str, psutil.Process] = {}
    for proc in psutil.Process(launcher_pid).children(recursive=True):
        try:
            # redis-server writes its title over its environment
            redis = proc.name() == "redis-server"
            name = "redis" if redis else proc.environ().get("ATOUT_PROCESS")
        except psutil.Error:
            continue
        if name:
            found.setdefault(name, proc)  # the program, not a pool child of it
    return found


def open_websocket(port: int, path: str = "/ws/lobby/") -> socket.socket:
    """A WebSocket handshake by hand (no client library in the requirements)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://127.0.0.1:{port}\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, "connection closed during the handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head[:200]
    return sock


def server_pid_of(sock: socket.socket, pids: list[int]) -> int | None:
    """Which of these processes holds the server end of this client socket."""
    client_port = sock.getsockname()[1]
    for pid in pids:
        for conn in psutil.Process(pid).net_connections(kind="tcp"):
            if conn.raddr and conn.raddr.port == client_port:
                return pid
    return None


def still_open(sock: socket.socket, wait: float = 1.0) -> bool:
    """True if the server neither closed nor reset this socket within ``wait`` seconds (frames
    it sends meanwhile are read and dropped)."""
    sock.settimeout(0.2)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            data = sock.recv(65536)
        except TimeoutError:
            continue
        except OSError:
            return False
        if not data:
            return False
        if data[:1] == b"\x88":  # a close frame
            return False
    return True


def close_code(sock: socket.socket, timeout: float = 5.0) -> int | None:
    """Read server frames until a close frame; its code (None if the connection just ended)."""
    sock.settimeout(timeout)
    buffer = b""

    def take(n: int) -> bytes:
        nonlocal buffer
        while len(buffer) < n:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed without a close frame")
            buffer += chunk
        data, buffer = buffer[:n], buffer[n:]
        return data

    try:
        while True:
            first, second = take(2)
            length = second & 0x7F
            if length == 126:
                length = int.from_bytes(take(2), "big")
            elif length == 127:
                length = int.from_bytes(take(8), "big")
            payload = take(length)
            if first & 0x0F == 0x8:
                return int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
    except (ConnectionError, OSError):
        return None
