"""Keeps the processes of `make run` alive: a child that dies is started again, the others run on.

A small supervisor rather than a library (supervisord, honcho, circus): it has to hand the shared
listening socket to every Daphne it (re)starts, start Redis first on the port kept for the
checkout, and stay a single `python -m config.launcher run` with no configuration file; that
is about a hundred lines, and none of those tools is in the locked requirements.

A child that exits for any reason is started again after a pause that doubles while it keeps
dying young (BASE_DELAY, 2×, … MAX_DELAY) and comes back to BASE_DELAY once it has lived
STABLE_SECONDS. Only `stop()` (Ctrl-C or SIGTERM to the launcher) stops everything.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
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
    """In the child, before exec (Linux): SIGTERM when the launcher dies, even by kill -9, so
    that no orphan keeps the ports of the next `make run`."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@dataclass
class Child:
    """One supervised process: its command, and how it is doing."""

    name: str
    command: list[str]
    pass_fds: tuple[int, ...] = ()
    # Stopped last (Redis: the others still talk to it while they stop).
    stop_last: bool = False
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
        env = {**self.env, "ATOUT_PROCESS": child.name}
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

    def run_until_stopped(self, interval: float = 0.05) -> None:
        while not self.stopping:
            self.check()
            time.sleep(interval)

    def request_stop(self, *_args) -> None:
        """Signal handler: the main loop ends and stop() runs."""
        self.stopping = True

    def stop(self) -> None:
        """SIGTERM everyone (Redis last), wait, then SIGKILL whoever is left."""
        self.stopping = True
        first = [c for c in self.children if not c.stop_last]
        last = [c for c in self.children if c.stop_last]
        for group in (first, last):
            procs = [c.proc for c in group if c.proc is not None]
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
