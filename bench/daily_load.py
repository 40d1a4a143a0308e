"""The deal of the day at scale: 10,000 settled tries on one day, the day's page (its ranking)
p50/p95, the end-of-set write p50/p95, and the ranking task over them all, beside a bare page
render measured in the same run.

Run from the project folder (see bench/README.md), under the launcher for a Redis (the end of
a try queues the ranking task; no worker runs it here):

    .venv/bin/python -m config.launcher exec -- .venv/bin/python bench/daily_load.py
    ... bench/daily_load.py --tries 1000 --requests 50

It recreates the PostgreSQL database `atout_daily_bench` (127.0.0.1:5432), fills today's set of
DAILY_HANDS deals with --tries settled tries (70% accounts, 30% guests; random results, a few
left half-way), times the ranking task over them, then requests in this process through Django's
test client (the whole middleware stack and templates, no network) the day's page and, as the
yardstick, the rules' home page (a plain page: the site's layout, no query of its own), and
times the end-of-set write of new tries (``daily.actions.settle``: the try's row locked,
written, the set's version bumped, the ranking task queued, committed). Prints the machine's
speed line and load first, one JSON line per measure, and the ratios to the yardstick; drops the
database at the end (unless --keep-db).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _system
from _yardstick import machine_speed

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 2), "p95_ms": round(p95 * 1000, 2)}


def _result(rng: random.Random) -> int:
    """A deal's result as play gives them: tens of points either way, bags as units."""
    return rng.choice((-1, 1)) * rng.randrange(0, 30) * 10 + rng.randrange(-3, 4)


def fill(tries: int, seed: int):
    from django.contrib.auth import get_user_model

    from daily.actions import do_open_day
    from daily.models import DailyEntry

    rng = random.Random(seed)
    daily_set = do_open_day()
    hands = daily_set.hands
    User = get_user_model()
    accounts = int(tries * 0.7)
    User.objects.bulk_create(
        (
            User(username=f"p{i:05}", password="!", public_key=f"p{i:05}", username_key=f"p{i:05}")
            for i in range(accounts)
        ),
        batch_size=5000,
    )
    users = list(User.objects.order_by("pk").values_list("pk", "username"))
    rows = []
    for i in range(tries):
        played = hands if rng.random() > 0.05 else rng.randrange(0, hands)
        user = users[i] if i < accounts else None
        rows.append(
            DailyEntry(
                daily_set=daily_set,
                viewer_key=f"u:{user[0]}" if user else f"g:{i:032x}",
                user_id=user[0] if user else None,
                nickname=user[1] if user else f"guest{i}",
                scores=[_result(rng) for _ in range(played)],
                status=DailyEntry.Status.FINISHED if played == hands else DailyEntry.Status.LEFT,
            )
        )
    DailyEntry.objects.bulk_create(rows, batch_size=2000)
    return daily_set


def measure(daily_set, requests: int, writes: int, seed: int) -> list[dict]:
    from django.db import transaction
    from django.test import Client

    from daily.actions import do_refresh_ranking, settle
    from daily.models import DailyEntry, DailySet

    rng = random.Random(seed)
    lines = []
    t0 = time.perf_counter()
    assert do_refresh_ranking(daily_set.pk)
    lines.append({"measure": "ranking_task", "tries": DailyEntry.objects.count(),
                  "s": round(time.perf_counter() - t0, 2)})  # fmt: skip

    client = Client()

    def timed(url: str) -> float:
        t = time.perf_counter()
        response = client.get(url)
        elapsed = time.perf_counter() - t
        assert response.status_code == 200, (url, response.status_code)
        return elapsed

    for _ in range(3):  # warm the templates and the connection
        timed("/fr/donne-du-jour/")
        timed("/fr/")
    # Interleaved, so that both see the same machine at the same moments.
    day_page, plain = [], []
    for _ in range(requests):
        day_page.append(timed("/fr/donne-du-jour/"))
        plain.append(timed("/fr/"))
    lines.append({"measure": "day_page", "requests": requests, **_percentiles(day_page)})
    lines.append({"measure": "plain_page", "requests": requests, **_percentiles(plain)})

    fresh = DailyEntry.objects.bulk_create(
        DailyEntry(daily_set=daily_set, viewer_key=f"g:new{i}", nickname=f"new{i}")
        for i in range(writes)
    )
    history = [
        {"NS": {"hand": _result(rng), "bag_penalty": 0}, "EW": {"hand": 0, "bag_penalty": 0}}
        for _ in range(daily_set.hands)
    ]
    ends = []
    for entry in fresh:
        t = time.perf_counter()
        with transaction.atomic():
            locked = (
                DailyEntry.objects.select_for_update().select_related("daily_set").get(pk=entry.pk)
            )
            settle(locked, history, finished=True)
        ends.append(time.perf_counter() - t)
    lines.append({"measure": "end_of_set_write", "writes": writes, **_percentiles(ends)})
    version = DailySet.objects.get(pk=daily_set.pk).results_version
    t0 = time.perf_counter()
    assert do_refresh_ranking(daily_set.pk)
    lines.append({"measure": "ranking_task_after_writes", "results_version": version,
                  "s": round(time.perf_counter() - t0, 2)})  # fmt: skip
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default="atout_daily_bench", help="recreated, dropped")
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args(argv)

    print(json.dumps({"machine": machine_speed()}))
    os.environ["DATABASE_URL"] = _system.prepare_database(args.database, ADMIN_URL)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.db import connection

    try:
        t0 = time.perf_counter()
        daily_set = fill(args.tries, args.seed)
        print(json.dumps({"fill_s": round(time.perf_counter() - t0, 1), "tries": args.tries,
                          "hands": daily_set.hands}))  # fmt: skip
        lines = measure(daily_set, args.requests, args.writes, args.seed)
        for line in lines:
            print(json.dumps(line))
        by = {line["measure"]: line for line in lines}
        plain = by["plain_page"]
        print(json.dumps({
            "ratio_day_page_to_plain_p95": round(by["day_page"]["p95_ms"] / plain["p95_ms"], 2),
            "ratio_end_of_set_write_to_plain_p95": round(
                by["end_of_set_write"]["p95_ms"] / plain["p95_ms"], 2
            ),
        }))  # fmt: skip
        print(json.dumps({"machine_after": machine_speed()}))
    finally:
        connection.close()
        if not args.keep_db:
            _system.drop_database(args.database, ADMIN_URL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
