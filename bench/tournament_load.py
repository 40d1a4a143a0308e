"""A tournament of 64 pairs: the time to pair a round (Swiss) and the tournament page's p95.

Run from the project folder (see bench/README.md), under the launcher (a Redis for the tasks the
rounds queue, which nobody runs here):

    nice -n 10 .venv/bin/python -m config.launcher exec -- .venv/bin/python bench/tournament_load.py
    ... bench/tournament_load.py --pairs 64 --rounds 6 --requests 200

It migrates a fresh SQLite file (or DATABASE_URL's database when --database-url names one),
registers 2 × pairs players alone (each with a rating: they are paired by close rating), and
plays `--rounds` Swiss rounds through the use cases: each round starts with `do_start_round`
(pairing, and a real ranked table dealt for every game through the unit of work), then every
game's result is recorded with `do_record_result`, the path the end of a match takes (random
winners and scores instead of the bots playing 32 matches a round). It prints, as JSON lines:

- `start_round`: the time of each round's start (pairing and its 32 tables), and
  `swiss_pairing`: the pure pairing of the last round's field (`tournaments.pairing.swiss`) alone,
  median and max of 50 runs;
- `page` and `poll`: the tournament's page (standing and every round's games, as a logged-in
  player) and its poll with the fragment, `--requests` each, in-process through Django's test
  client (the whole middleware stack and templates, no network): p50, p95, p99; the fragment
  comes from the cache then, as for every player but the first after a change;
  `page_new_version`: the page with the tournament's version moved before each request, so
  that the fragment is rendered every time (what a result costs the first reader);
- the yardstick, before and after: a fixed pure-Python loop and the load average
  (`bench/_yardstick.py`), since this machine's speed changes from one hour to the next.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _yardstick import machine_speed


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 1)

    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": at(0.95),
        "p99_ms": at(0.99),
    }


def run(pairs: int, rounds: int, requests: int, seed: int) -> None:
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.db.models import F
    from django.test import Client
    from django.utils import timezone

    from ranked.models import PlayerRating
    from ranked.ratings import shown
    from tournaments import pairing
    from tournaments.actions import registration, rounds
    from tournaments.models import Game, Pair, Tournament

    rng = random.Random(seed)
    User = get_user_model()
    now = timezone.now()
    t = Tournament.objects.create(
        name="Bench cup", format="swiss", rounds=rounds, target=200, hand_limit=8,
        round_minutes=0, registration_opens_at=now - timedelta(hours=1),
        starts_at=now + timedelta(hours=1),
    )  # fmt: skip
    users = [
        User.objects.create_user(username=f"bench{i:03}", password="!") for i in range(2 * pairs)
    ]
    for user in users:
        mu = rng.uniform(18, 34)
        PlayerRating.objects.create(user=user, mu=mu, sigma=3.0, rating=shown(mu, 3.0))
        registration.do_register(t.pk, user, "alone")
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    starts = []
    for number in range(1, rounds + 1):
        for user in users:
            registration.do_seen(t.pk, user.pk)
        Tournament.objects.filter(pk=t.pk).update(next_round_at=timezone.now())
        t0 = time.perf_counter()
        assert rounds.do_start_round(t.pk, number)
        starts.append(time.perf_counter() - t0)
        for game in Game.objects.filter(
            round__tournament=t, round__number=number, outcome="pending"
        ):
            a, b = rng.randint(100, 260), rng.randint(100, 260)
            if a == b:
                a += 1
            result = {"winner": "NS" if a > b else "EW", "scores": {"NS": a, "EW": b}}
            rounds.do_record_result(game.pk, result)
    print(json.dumps({"measure": "start_round", "pairs": pairs, "rounds": rounds,
                      "median_ms": round(statistics.median(starts) * 1000, 1),
                      "max_ms": round(max(starts) * 1000, 1)}))  # fmt: skip

    field = list(Pair.objects.filter(tournament=t).order_by("-points", "-rating"))
    history = list(
        Game.objects.filter(round__tournament=t)
        .exclude(pair_b=None)
        .values_list("pair_a_id", "pair_b_id")
    )
    times = []
    for _ in range(50):
        t0 = time.perf_counter()
        plan = pairing.swiss([p.pk for p in field], history, [])
        times.append(time.perf_counter() - t0)
    print(json.dumps({"measure": "swiss_pairing", "pairs": len(field), "games_before": len(history),
                      "rematches": plan.rematches,
                      "median_ms": round(statistics.median(times) * 1000, 2),
                      "max_ms": round(max(times) * 1000, 2)}))  # fmt: skip

    client = Client()
    client.force_login(users[0])
    page = f"/fr/tournois/{t.pk}/"
    poll = f"/fr/tournois/{t.pk}/etat/"

    def timed(url: str, data: dict | None = None) -> float:
        t0 = time.perf_counter()
        response = client.get(url, data or {})
        elapsed = time.perf_counter() - t0
        assert response.status_code == 200, (url, response.status_code)
        return elapsed

    for _ in range(3):  # warm the templates and the connection
        timed(page)
    page_times = [timed(page) for _ in range(requests)]
    poll_times = [timed(poll, {"v": "0"}) for _ in range(requests)]
    cold_times = []
    for _ in range(requests):  # a new version each time: the fragment is rendered again
        Tournament.objects.filter(pk=t.pk).update(version=F("version") + 1)
        cold_times.append(timed(page))
    size = len(client.get(page).content)
    print(json.dumps({"measure": "page", "requests": requests, "bytes": size,
                      **_percentiles(page_times)}))  # fmt: skip
    print(json.dumps({"measure": "poll", "requests": requests, **_percentiles(poll_times)}))
    print(json.dumps({"measure": "page_new_version", "requests": requests,
                      **_percentiles(cold_times)}))  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default="", help="default: a fresh SQLite file")
    args = parser.parse_args(argv)

    folder = tempfile.mkdtemp(prefix="tournament-bench-")
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("STATIC_MANIFEST", "false")
    print(json.dumps({"yardstick_before": machine_speed()}))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    t0 = time.perf_counter()
    run(args.pairs, args.rounds, args.requests, args.seed)
    print(json.dumps({"total_s": round(time.perf_counter() - t0, 1)}))
    print(json.dumps({"yardstick_after": machine_speed()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
