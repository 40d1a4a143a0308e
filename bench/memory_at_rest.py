"""Resident memory of the whole system at rest: web, Celery worker (with its pool), beat, Redis.

Run from the project folder (see bench/README.md):

    .venv/bin/python bench/memory_at_rest.py

It starts the system exactly as `make run` does (`python -m config.launcher run`, with REDIS_URL
unset so the launcher starts its embedded redis-server), on a fresh migrated bench database on the
machine's PostgreSQL (PostgreSQL itself is not counted: it is the machine's service, as in
production), loads a few pages so that the web process has imported what
it serves, waits until the tree's CPU use is near zero, then sums over every process of the tree:
RSS (counts the pages shared between the worker and its forked children once per process, so it
overstates), PSS (shared pages split between the processes that share them: the fair total) and USS
(pages private to each process). Prints one JSON object; the goal is judged on the PSS total.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import _system

GOAL_MB = 300
MB = 1024 * 1024


def warm_up(port: int) -> list[str]:
    """Fetch a few pages as a visitor would, so the web process is measured after real use."""
    seen = []
    for path in ("/fr/", "/en/", "/fr/jouer/", "/fr/regles/"):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as resp:
                seen.append(f"{path} {resp.status}")
        except urllib.error.HTTPError as exc:
            seen.append(f"{path} {exc.code}")
        except OSError as exc:
            seen.append(f"{path} {exc}")
    return seen


def wait_idle(system: _system.System, limit: float = 0.03, window: float = 3.0) -> float:
    """Wait (at most a minute) until the tree uses under `limit` of a core over `window` seconds."""
    deadline = time.monotonic() + 60
    share = 1.0
    while time.monotonic() < deadline:
        procs = system.refresh()
        before = _system.cpu_seconds(procs)
        time.sleep(window)
        share = (_system.cpu_seconds(procs) - before) / window
        if share < limit:
            break
    return round(share, 3)


def measure(system: _system.System) -> dict:
    """RSS, PSS and USS of every process of the tree, by role and in total (MB)."""
    roles: dict[str, dict[str, float]] = {}
    total = {"rss": 0.0, "pss": 0.0, "uss": 0.0}
    processes = 0
    for role, procs in system.roles().items():
        for proc in procs:
            try:
                info = proc.memory_full_info()
            except Exception:
                continue
            processes += 1
            entry = roles.setdefault(role, {"processes": 0, "rss": 0.0, "pss": 0.0, "uss": 0.0})
            entry["processes"] += 1
            for key in ("rss", "pss", "uss"):
                value = getattr(info, key, 0) / MB
                entry[key] += value
                total[key] += value
    rounded = {
        role: {k: round(v, 1) if isinstance(v, float) else v for k, v in entry.items()}
        for role, entry in sorted(roles.items())
    }
    return {
        "processes": processes,
        "total_mb": {k: round(v, 1) for k, v in total.items()},
        "by_role_mb": rounded,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="atout_bench_mem", help="bench database (recreated)")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds to wait after startup")
    parser.add_argument("--log", default=str(_system.BASE_DIR / ".run" / "bench-memory.log"))
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args(argv)

    db_url = _system.prepare_database(args.database)
    env = {**os.environ, "DATABASE_URL": db_url}
    env.pop("REDIS_URL", None)  # the launcher's embedded redis-server, as `make run`
    system = _system.System(env, _system.free_port(), Path(args.log))
    try:
        system.start()
        time.sleep(args.settle)
        pages = warm_up(system.port)
        idle = wait_idle(system)
        result = measure(system)
        result.update(
            {
                "measure": "PSS total is the goal's figure (RSS double-counts shared pages)",
                "goal_mb": GOAL_MB,
                "pss_under_goal": result["total_mb"]["pss"] < GOAL_MB,
                "idle_cpu_cores": idle,
                "warm_up": pages,
                "worker_concurrency": env.get("CELERY_CONCURRENCY", "launcher default"),
            }
        )
        print(json.dumps(result, indent=1))
    finally:
        system.stop()
        if not args.keep_db:
            _system.drop_database(args.database)
    return 0


if __name__ == "__main__":
    sys.exit(main())
