"""What bench/ws_load.py measures with and runs on: percentiles, memory and CPU per move by
role, the one-node system and the two-node cluster, and py-spy on the web processes."""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import os
import time
from pathlib import Path

import _cluster
import _system


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[max(0, math.ceil(q * len(ordered)) - 1)], 1)


def memory(roles: dict[str, list]) -> dict[str, dict[str, float]]:
    """Each process's memory (MB): "role-pid" -> RSS and PSS (PSS splits shared pages)."""
    out = {}
    for role, procs in sorted(roles.items()):
        for proc in procs:
            try:
                info = proc.memory_full_info()
            except Exception:  # gone meanwhile, or not readable
                continue
            out[f"{role}-{proc.pid}"] = {
                "rss": round(info.rss / 2**20, 1),
                "pss": round(getattr(info, "pss", 0) / 2**20, 1),
            }
    return out


def per_move(cores: dict[str, float], wall: float, moves: int) -> dict[str, float]:
    """CPU milliseconds per measured move, by role (from the cores used during the window)."""
    if not moves:
        return {}
    return {role: round(1000 * c * wall / moves, 2) for role, c in cores.items()}


class Single(_system.System):
    """One `make run` tree, plus the bench's own redis-server (role "redis") if it started one."""

    def __init__(self, env, port, log_path, redis_server) -> None:
        super().__init__(env, port, log_path)
        self.redis_server = redis_server

    def roles(self) -> dict[str, list]:
        import psutil

        out = super().roles()
        proc = self.redis_server and self.redis_server.proc
        if proc is not None and proc.poll() is None:
            out.setdefault("redis", []).append(psutil.Process(proc.pid))
        return out


class Nodes:
    """`--nodes 2`: the cluster of bench/_cluster.py (nginx in front of two nodes), seen as
    one system: the port the clients use, and every process by role."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.cluster = _cluster.Cluster(
            args.database, _system.PG_ADMIN_URL, web=(args.web_per_node,) * 2,
            debug_log=False, timings={},
        )  # fmt: skip
        self.port = 0
        self.env: dict[str, str] = {}

    def start(self) -> None:
        self.cluster.start()
        self.port = self.cluster.nginx.port
        self.env = self.cluster.env

    def roles(self) -> dict[str, list]:
        return self.cluster.roles()

    def stop(self) -> None:
        self.cluster.stop(keep_db=False)  # the logs stay in the cluster's folder


async def start_py_spy(args: argparse.Namespace, system, n: int, seconds: float) -> list:
    """With --py-spy DIR: sample each web process during the window (without pausing it)."""
    if not args.py_spy:
        return []
    out = Path(args.py_spy)
    out.mkdir(parents=True, exist_ok=True)
    spy = str(Path(_system.PYTHON).with_name("py-spy"))
    procs = []
    for proc in system.roles().get("web", []):
        cmd = [
            spy,
            "record",
            "--nonblocking",
            *([] if os.environ.get("PY_SPY_ALL") else ["--gil"]),
            "-r",
            "100",
            "-f",
            "raw",
        ]
        cmd += ["-d", str(max(1, int(seconds) - 1)), "-p", str(proc.pid)]
        cmd += ["-o", str(out / f"web-{n}-{proc.pid}.txt")]
        procs.append(
            await asyncio.create_subprocess_exec(
                *cmd, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
            )
        )
    return procs


client_pauses: list[float] = []
_gc_started: list[float] = []


def _time_collections(phase: str, info: dict) -> None:
    """The load client's own garbage collections, timed: a pause here delays every reply."""
    if phase == "start":
        _gc_started[:] = [time.perf_counter()]
    elif _gc_started:
        client_pauses.append(1000 * (time.perf_counter() - _gc_started[0]))


gc.callbacks.append(_time_collections)


async def soak_memory_trail(system, duration: float) -> dict[str, list[float]]:
    """Sleep through the soak, reading each web process's PSS every five minutes: growth that
    levels off (caches filling) reads differently from growth that goes on (a leak)."""
    trail: dict[str, list[float]] = {}
    end = time.monotonic() + duration
    while (left := end - time.monotonic()) > 0:
        await asyncio.sleep(min(300.0, left))
        for name, figures in memory({"web": system.roles().get("web", [])}).items():
            trail.setdefault(name, []).append(figures["pss"])
    return trail
