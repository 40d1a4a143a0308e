"""The yardstick of bench/ws_load.py, and what sets the site beside it: the machine's speed, the
reference's processes (bench/_reference.py under one Daphne on a redis-server of its own), and the
side-by-side comparison of the two systems' steps."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

import _cluster
import _system


def machine_speed() -> dict:
    """The machine's speed today: a fixed pure-Python loop (lower is faster) and its load. This
    machine's speed changes from day to day by 2x or more: the figures of one run are compared
    with each other (the site against the reference), not with another day's."""
    t0 = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i * i % 7
    return {
        "loop_ms": round(1000 * (time.perf_counter() - t0), 1),
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }


def compare(site: list[dict], reference: list[dict], best: dict[str, int]) -> dict:
    """The site beside the reference, step by step: web CPU a move and latencies, and ratios."""
    ref_by_n = {line["tables"]: line for line in reference}
    steps = []
    for line in site:
        ref = ref_by_n.get(line["tables"])
        if ref is None:
            continue
        web = line["cpu_ms_per_move"].get("web")
        ref_web = ref["cpu_ms_per_move"].get("web")
        steps.append(
            {
                "tables": line["tables"],
                "web_cpu_ms_per_move": {"site": web, "reference": ref_web},
                "cpu_ratio": round(web / ref_web, 2) if web and ref_web else None,
                "p50_ms": {"site": line["p50_ms"], "reference": ref["p50_ms"]},
                "p99_ms": {"site": line["p99_ms"], "reference": ref["p99_ms"]},
                "state_bytes_per_frame": {
                    "site": line["state_bytes_per_frame"],
                    "reference": ref["state_bytes_per_frame"],
                },
            }
        )
    ratio = round(best["site"] / best["reference"], 2) if best.get("reference") else None
    return {
        "compare": steps,
        "largest_n_p99_under_100ms": {**best, "ratio": ratio},
    }


class ReferenceSystem:
    """The reference's processes by role, as the site's (web: its Daphne)."""

    def __init__(
        self, port: int, proc: subprocess.Popen, redis_server, env: dict[str, str], log: Path
    ) -> None:
        self.port = port
        self.proc = proc
        self.redis_server = redis_server
        self.env = env
        self.log = log

    @classmethod
    def start(cls, log: Path, frame_bytes: int) -> ReferenceSystem:
        """bench/_reference.py under one Daphne, on a redis-server of its own, its output in
        ``log``; waits until it listens."""
        redis_server = _cluster.RedisServer(Path(tempfile.mkdtemp(prefix="atout-ws-ref-")))
        redis_server.start()
        port = _system.free_port()
        env = {
            **os.environ,
            "REDIS_URL": redis_server.url,
            "REFERENCE_FRAME_BYTES": str(frame_bytes),
        }
        env.pop("DJANGO_SETTINGS_MODULE", None)
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [_system.PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                 "bench._reference:application"],
                cwd=_system.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        system = cls(port, proc, redis_server, env, log)
        if not _cluster.wait_port(port, 30):
            system.stop()
            raise RuntimeError(f"the reference did not start; see {log}")
        return system

    def roles(self) -> dict[str, list]:
        import psutil

        out: dict[str, list] = {}
        if self.proc.poll() is None:
            out["web"] = [psutil.Process(self.proc.pid)]
        if self.redis_server.proc is not None and self.redis_server.proc.poll() is None:
            out["redis"] = [psutil.Process(self.redis_server.proc.pid)]
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.redis_server.stop()
