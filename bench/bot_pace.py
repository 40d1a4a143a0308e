"""Are bot moves on time? Lateness of bot moves at K busy tables, through the real system.

Run from the project folder (see bench/README.md):

    .venv/bin/python bench/bot_pace.py --tables 10 --level hard

Starts the system as `make run` does (config.launcher, the worker pool it configures) on a fresh
bench database and the machine's Redis, opens K private tables with one guest and three bots
each, and plays the guest's turns at once from this process. A bot move is due BOT_MOVE_DELAY
after the move before it; its lateness is how much later it was stored. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import random
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import _system

DEFAULT_REDIS = "redis://127.0.0.1:6379/5"


def play(tables: int, level: str, seconds: float) -> dict:
    """Create the tables, play the guests' turns for `seconds`, return the bots' lateness."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings

    from games.actions import play, tables
    from games.errors import ServiceError
    from games.models import Action, Table
    from games.reading import table_state
    from games.viewers import Viewer

    guests = {}
    for index in range(tables):
        viewer = Viewer(user_id=None, guest_id=uuid.uuid4().hex, name=f"P{index}")
        table = tables.do_create_private_table(viewer, {}, level, None)
        tables.do_start(table.id, viewer)
        guests[table.id] = viewer
    rng = random.Random(1)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for table_id, viewer in guests.items():
            frame = table_state(table_id, viewer)
            view = frame.get("view") or {}
            if view.get("to_move") == "N" and view.get("legal"):
                legal = [a for a in view["legal"] if a.get("type") != "look"] or view["legal"]
                with contextlib.suppress(ServiceError):  # e.g. a bot stood in meanwhile
                    play.do_act(table_id, viewer, rng.choice(legal), frame["version"])
        time.sleep(0.05)
    late = []
    for table in Table.objects.filter(pk__in=list(guests)).select_related("match"):
        rows = list(
            Action.objects.filter(match=table.match)
            .order_by("seq")
            .values_list("actor", "created_at")
        )
        for (_, before), (actor, at) in itertools.pairwise(rows):
            if actor == Action.Actor.BOT:
                late.append((at - before).total_seconds() - settings.BOT_MOVE_DELAY)
    late.sort()

    def pick(q: float) -> float | None:
        return round(1000 * late[min(len(late) - 1, int(q * len(late)))]) if late else None

    return {
        "tables": tables,
        "level": level,
        "bot_moves": len(late),
        "late_p50_ms": pick(0.5),
        "late_p99_ms": pick(0.99),
        "late_max_ms": pick(1.0),
        "bot_move_delay_s": settings.BOT_MOVE_DELAY,
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["play"]:
        print(json.dumps(play(int(argv[1]), argv[2], float(argv[3]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--level", default="hard", choices=["easy", "normal", "hard"])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--database", default="atout_bench_bots")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or DEFAULT_REDIS)
    parser.add_argument("--log", default=str(_system.BASE_DIR / ".run" / "bench-bot-pace.log"))
    args = parser.parse_args(argv)

    import subprocess

    db_url = _system.prepare_database(args.database)
    env = {**os.environ, "DATABASE_URL": db_url, "REDIS_URL": args.redis_url}
    system = _system.System(env, _system.free_port(), Path(args.log))
    try:
        system.start()
        knobs = ("CELERY_POOL", "CELERY_CONCURRENCY", "BOT_MOVE_DELAY")
        out = subprocess.run(
            [_system.PYTHON, __file__, "play", str(args.tables), args.level, str(args.seconds)],
            cwd=_system.BASE_DIR,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        result = json.loads(out.strip().splitlines()[-1])
        result["env"] = {k: env[k] for k in knobs if k in env}
        print(json.dumps(result))
    finally:
        system.stop()
        _system.drop_database(args.database)
    return 0


if __name__ == "__main__":
    sys.exit(main())
