"""Keeps one Procfile line alive under `make run`: `python -m config.launcher keep NAME -- LINE`.

honcho starts the Procfile's processes, multiplexes their output and stops them all on Ctrl-C,
but it also stops them all as soon as one exits. So each line it starts is this small restart
loop around the real command: a command that exits for any reason is started again after a
pause that doubles while it keeps dying young (BASE_DELAY, 2×, … MAX_DELAY) and comes back to
BASE_DELAY once it has lived STABLE_SECONDS; honcho never sees it die.

``--copies N`` keeps N copies of the line (web1…webN); ``--listen PORT`` opens one listening
socket here, kept for as long as this loop runs, and hands it to every copy (the Procfile's web
line reads it from DAPHNE_ENDPOINT): the copies share one accept queue, and a connection made
while a Daphne restarts waits in it instead of being refused.

The loop stops its commands on SIGTERM/SIGINT (honcho's stop), and when the launcher that
started it is gone (kill -9), so that no orphan keeps the ports of the next `make run`.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

BASE_DELAY = 0.1
MAX_DELAY = 5.0
STABLE_SECONDS = 10.0
STOP_TIMEOUT = 10.0
PR_SET_PDEATHSIG = 1
# Connections waiting to be accepted (what Twisted's listen does with -b/-p: 50). Thousands of
# sockets reconnecting at once (a node restarted) would otherwise be refused.
LISTEN_BACKLOG = 1024


def say(message: str) -> None:
    """One line of the launcher's log, timestamped like the children's."""
    print(f"[{time.strftime('%Y-%m-%d %H:%M:%S')}] launcher: {message}", flush=True)


def describe_exit(returncode: int) -> str:
    """'killed by SIGKILL' or 'exited with code 1'."""
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exited with code {returncode}"


def _die_with_parent() -> None:
    """In the child, before exec (Linux): SIGTERM when its restart loop dies, even by kill -9."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def shell(line: str) -> list[str]:
    """A Procfile line as a command: sh expands its variables, then becomes the program (exec),
    so that the pid watched, signalled and killed is the program's own."""
    return ["/bin/sh", "-c", f"exec {line}"]


def listen(port: int, host: str = "127.0.0.1") -> socket.socket:
    """The listening socket shared by the Daphnes (inheritable, for daphne's fd endpoint)."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(LISTEN_BACKLOG)
    except OSError:
        listener.close()
        raise
    listener.set_inheritable(True)
    return listener


@dataclass
class Child:
    """One kept command, and how it is doing."""

    name: str
    command: list[str]
    pass_fds: tuple[int, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    proc: subprocess.Popen | None = None
    started_at: float = 0.0
    quick_deaths: int = 0
    restart_at: float | None = None
    restarts: int = 0
    history: list[str] = field(default_factory=list)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def next_delay(self) -> float:
        return min(MAX_DELAY, BASE_DELAY * 2 ** max(0, self.quick_deaths - 1))


class Supervisor:
    """Starts children, restarts the ones that die, stops them all on request."""

    def __init__(
        self,
        children: Sequence[Child],
        env: dict[str, str],
        cwd: Path,
        log: Callable[[str], None] = say,
    ) -> None:
        self.children = list(children)
        self.env = env
        self.cwd = cwd
        self.log = log
        self.stopping = False

    def start(self, child: Child) -> None:
        # ATOUT_PROCESS names the child (web1, worker…) for whoever looks at the processes.
        env = {**self.env, **child.env, "ATOUT_PROCESS": child.name}
        child.proc = subprocess.Popen(
            child.command, cwd=self.cwd, env=env, pass_fds=child.pass_fds,
            preexec_fn=_die_with_parent,
        )  # fmt: skip
        child.started_at = time.monotonic()
        child.restart_at = None

    def start_all(self) -> None:
        for child in self.children:
            self.start(child)

    def check(self, now: float | None = None) -> None:
        """Notice the children that died and start again those whose pause is over."""
        now = time.monotonic() if now is None else now
        for child in self.children:
            if self.stopping:
                return
            if child.restart_at is not None:
                if now >= child.restart_at:
                    old = child.pid
                    self.start(child)
                    child.restarts += 1
                    self.log(f"{child.name} started again (pid {child.pid}, was {old})")
                continue
            if child.proc is None or child.proc.poll() is None:
                continue
            lived = now - child.started_at
            child.quick_deaths = 1 if lived >= STABLE_SECONDS else child.quick_deaths + 1
            delay = child.next_delay()
            child.restart_at = now + delay
            what = describe_exit(child.proc.returncode)
            child.history.append(what)
            self.log(
                f"{child.name} (pid {child.pid}) {what} after {lived:.1f} s; "
                f"restarting in {delay:.1f} s"
            )

    def run_until_stopped(
        self, interval: float = 0.05, alive: Callable[[], bool] = lambda: True
    ) -> None:
        while not self.stopping:
            if not alive():
                self.log("the launcher is gone; stopping")
                break
            self.check()
            time.sleep(interval)

    def request_stop(self, *_args) -> None:
        """Signal handler: the main loop ends and stop() runs."""
        self.stopping = True

    def stop(self) -> None:
        """SIGTERM every child, wait, then SIGKILL whoever is left."""
        self.stopping = True
        procs = [c.proc for c in self.children if c.proc is not None]
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        for proc in procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _alive(pid: int | None) -> Callable[[], bool]:
    def alive() -> bool:
        if pid is None:
            return True
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True

    return alive


def keep(
    name: str,
    line: str,
    copies: int = 1,
    port: int | None = None,
    launcher_pid: int | None = None,
    cwd: Path | None = None,
) -> int:
    """Run ``copies`` of a Procfile line, each started again when it dies, until SIGTERM/SIGINT
    (or the launcher's death); with ``port``, all of them serve one listening socket."""
    listener = listen(port) if port is not None else None
    extra: dict[str, str] = {}
    fds: tuple[int, ...] = ()
    if listener is not None:
        extra = {"DAPHNE_ENDPOINT": f"fd:fileno={listener.fileno()}"}
        fds = (listener.fileno(),)
    names = [name] if copies == 1 else [f"{name}{i + 1}" for i in range(copies)]
    children = [Child(n, shell(line), pass_fds=fds, env=extra) for n in names]
    supervisor = Supervisor(children, dict(os.environ), cwd or Path.cwd())
    signal.signal(signal.SIGINT, supervisor.request_stop)
    signal.signal(signal.SIGTERM, supervisor.request_stop)
    try:
        supervisor.start_all()
        supervisor.run_until_stopped(alive=_alive(launcher_pid))
    finally:
        supervisor.log(f"stopping {', '.join(names)}")
        supervisor.stop()
        if listener is not None:
            listener.close()
    return 0
