"""Start, measure and stop the whole site for the benchmarks, exactly as `make run` does.

The benchmarks run `python -m config.launcher run` (Daphne, Celery worker, Celery beat and, when
REDIS_URL is unset, the embedded redis-server) as one process tree, so whatever the launcher starts
is what gets measured. A bench database on the machine's PostgreSQL keeps the developer's own data
out of it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test"


def free_port() -> int:
    """A free loopback port (the launcher's own way)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare_database(name: str, admin_url: str = PG_ADMIN_URL) -> str:
    """Drop and recreate database `name` on the admin URL's server, migrate it, return its URL."""
    import psycopg

    if not name.replace("_", "").isalnum():
        raise ValueError(f"bad database name {name!r}")
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = admin_url.rsplit("/", 1)[0] + "/" + name
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "--skip-checks", "-v", "0"],
        cwd=BASE_DIR,
        env={**os.environ, "DATABASE_URL": url},
        check=True,
    )
    return url


def drop_database(name: str, admin_url: str = PG_ADMIN_URL) -> None:
    """Remove the bench database (best effort)."""
    import psycopg

    try:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.Error as exc:  # pragma: no cover - reported, not fatal
        print(f"could not drop {name}: {exc}", file=sys.stderr)


def _port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class System:
    """The site's process tree started through the launcher, with its log in a file."""

    def __init__(
        self, env: dict[str, str], port: int, log_path: Path, run_dir: Path | None = None
    ) -> None:
        self.env = env
        self.port = port
        self.log_path = log_path
        self.run_dir = run_dir  # the launcher's --run-dir (Redis port, beat schedule)
        self.proc: subprocess.Popen | None = None
        self.known: dict[int, psutil.Process] = {}

    def start(self, timeout: float = 90.0) -> None:
        """Start the launcher and wait until the web port answers and the worker says ready."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("wb")
        command = [PYTHON, "-m", "config.launcher", "run", "--port", str(self.port)]
        if self.run_dir is not None:
            command += ["--run-dir", str(self.run_dir)]
        self.proc = subprocess.Popen(
            command,
            cwd=BASE_DIR,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a Ctrl-C on the bench reaches the launcher only through us
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the launcher stopped; see {self.log_path}")
            text = self.log_path.read_text(errors="replace")
            if _port_open(self.port) and " ready." in text:
                self.refresh()
                return
            time.sleep(0.2)
        raise RuntimeError(f"the system did not start in {timeout:.0f} s; see {self.log_path}")

    def refresh(self) -> list[psutil.Process]:
        """The live processes of the tree (launcher included), remembered for the final cleanup."""
        if self.proc is None:
            return []
        try:
            root = psutil.Process(self.proc.pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            procs = []
        for proc in procs:
            self.known.setdefault(proc.pid, proc)
        return [p for p in procs if p.is_running()]

    def roles(self) -> dict[str, list[psutil.Process]]:
        """The tree's processes by role: launcher, web, worker, beat, redis, other."""
        out: dict[str, list[psutil.Process]] = {}
        for proc in self.refresh():
            out.setdefault(role_of(proc), []).append(proc)
        return out

    def stop(self) -> None:
        """SIGTERM the launcher (it stops its children), then kill whatever of the tree is left."""
        if self.proc is None:
            return
        self.refresh()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for proc in self.known.values():
            try:
                if proc.is_running():
                    proc.kill()
            except psutil.NoSuchProcess:
                pass
        self.proc = None


def role_of(proc: psutil.Process) -> str:
    """Which part of the system a process is, from its command line."""
    try:
        cmd = " ".join(proc.cmdline())
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return "other"
    if "config.launcher" in cmd:
        return "launcher"
    if "daphne" in cmd:
        return "web"
    if "celery" in cmd and " worker" in cmd:
        return "worker"
    if "celery" in cmd and " beat" in cmd:
        return "beat"
    if "redis-server" in cmd:
        return "redis"
    return "other"


def cpu_seconds(procs: list[psutil.Process]) -> float:
    """User + system CPU time of these processes (the dead ones count as zero)."""
    total = 0.0
    for proc in procs:
        try:
            times = proc.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


def cpu_snapshot() -> dict[int, tuple[float, str, float]]:
    """CPU seconds of every process of the machine: pid -> (start time, name, seconds)."""
    snap = {}
    for proc in psutil.process_iter(["name", "create_time", "cpu_times"]):
        info = proc.info
        times = info.get("cpu_times")
        if times is None:
            continue
        snap[proc.pid] = (info["create_time"], info["name"] or "", times.user + times.system)
    return snap


def cpu_by_role(
    before: dict[int, tuple[float, str, float]],
    after: dict[int, tuple[float, str, float]],
    roles: dict[int, str],
    seconds: float,
) -> dict[str, float]:
    """Cores used between two snapshots, by role: the given pids' roles, then postgres, redis
    (the machine's servers, shared with whoever else uses them) and "foreign" (everything else:
    the other users of this shared machine)."""
    used: dict[str, float] = {}
    for pid, (created, name, cpu) in after.items():
        old = before.get(pid)
        delta = cpu - old[2] if old and old[0] == created else cpu
        if delta <= 0:
            continue
        if pid in roles:
            role = roles[pid]
        elif name.startswith("postgres"):
            role = "postgres"
        elif name.startswith("redis"):
            role = "redis"
        else:
            role = "foreign"
        used[role] = used.get(role, 0.0) + delta
    return {role: round(v / seconds, 4) for role, v in sorted(used.items())}
