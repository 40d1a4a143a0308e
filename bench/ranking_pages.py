"""Ranking pages at scale: leaderboard and profile page times with 10,000 rated players and
100,000 ranked matches, and the time of `recompute_ratings` over all of them.

Run from the project folder (see bench/README.md):

    .venv/bin/python bench/ranking_pages.py                 # 10,000 players, 100,000 matches
    .venv/bin/python bench/ranking_pages.py --players 1000 --matches 10000 --requests 50

It creates a fresh database on the machine's PostgreSQL (127.0.0.1:5432,
`atout_ranking_bench`), migrates it, fills it (users, ranked matches with who played each seat,
random results among players of the whole population), rebuilds the ratings with the recompute
command (timed), then requests pages in this process through Django's test client (the whole
middleware stack and templates, no network): the leaderboard's first page, random later pages,
and random players' profiles. Prints one JSON line per measure (p50/p99 in ms), then drops the
database (unless --keep-db).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _system


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 1), "p99_ms": round(p99 * 1000, 1)}


def fill(players: int, matches: int, seed: int) -> None:
    from django.contrib.auth import get_user_model

    from games.models import Match, Table
    from ranked.models import MatchPlayer

    rng = random.Random(seed)
    User = get_user_model()
    User.objects.bulk_create(
        (
            User(
                username=f"player{i:05}",
                password="!",
                public_key=f"player{i:05}",
                username_key=f"player{i:05}",
            )
            for i in range(players)
        ),
        batch_size=5000,
    )
    user_ids = list(User.objects.values_list("pk", flat=True))
    per_table = 100
    tables = Table.objects.bulk_create(
        Table(kind=Table.Kind.RANKED, status=Table.Status.FINISHED)
        for _ in range((matches + per_table - 1) // per_table)
    )
    start = datetime(2026, 1, 1, tzinfo=UTC)
    batch_m: list = []
    for n in range(matches):
        winner = rng.choice(("NS", "EW"))
        batch_m.append(
            Match(
                table=tables[n // per_table],
                number=n % per_table + 1,
                rules={},
                seed=str(n),
                result={"winner": winner},
                finished_at=start + timedelta(minutes=n),
            )
        )
        if len(batch_m) == 5000 or n == matches - 1:
            made = Match.objects.bulk_create(batch_m)
            seats = []
            for match in made:
                people = rng.sample(user_ids, 4)
                for position, user_id in zip("NESW", people, strict=True):
                    team = "NS" if position in "NS" else "EW"
                    hands = rng.randint(6, 14)
                    nils = rng.randint(0, 2)
                    seats.append(
                        MatchPlayer(
                            match=match,
                            position=position,
                            team=team,
                            user_id=user_id,
                            name=f"p{user_id}",
                            ranked=True,
                            finished_at=match.finished_at,
                            result="win" if team == match.result["winner"] else "loss",
                            abandoned=rng.random() < 0.02,
                            hands=hands,
                            nil_bids=nils,
                            nil_made=rng.randint(0, nils),
                            bids=hands - nils,
                            bid_error=rng.randint(0, hands),
                            bags=rng.randint(0, 12),
                        )
                    )
            MatchPlayer.objects.bulk_create(seats, batch_size=5000)
            batch_m = []


def measure(requests: int, seed: int) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from ranked.models import PlayerRating

    rng = random.Random(seed)
    client = Client()
    pages = max(1, PlayerRating.objects.count() // 50)
    names = list(get_user_model().objects.values_list("username", flat=True))

    def timed(url: str) -> float:
        t0 = time.perf_counter()
        response = client.get(url)
        elapsed = time.perf_counter() - t0
        assert response.status_code == 200, (url, response.status_code)
        return elapsed

    for _ in range(3):  # warm the templates and the connection
        timed("/fr/classement/")
    first = [timed("/fr/classement/") for _ in range(requests)]
    later = [timed(f"/fr/classement/?page={rng.randint(2, pages)}") for _ in range(requests)]
    profiles = [timed(f"/fr/joueurs/{rng.choice(names)}/") for _ in range(requests)]
    for name, samples in (
        ("leaderboard_first_page", first),
        ("leaderboard_random_page", later),
        ("profile", profiles),
    ):
        print(json.dumps({"measure": name, "requests": len(samples), **_percentiles(samples)}))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default="atout_ranking_bench", help="recreated, dropped")
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args(argv)

    os.environ["DATABASE_URL"] = _system.prepare_database(args.database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    try:
        t0 = time.perf_counter()
        fill(args.players, args.matches, args.seed)
        print(json.dumps({"fill_s": round(time.perf_counter() - t0, 1),
                          "players": args.players, "matches": args.matches}))  # fmt: skip
        t0 = time.perf_counter()
        call_command("recompute_ratings", verbosity=0)
        print(json.dumps({"measure": "recompute_ratings", "s": round(time.perf_counter() - t0, 1)}))
        measure(args.requests, args.seed)
    finally:
        connection.close()
        if not args.keep_db:
            _system.drop_database(args.database)
    return 0


if __name__ == "__main__":
    sys.exit(main())
