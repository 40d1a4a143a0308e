"""Run a whole tournament of bot pairs through the real models, tasks and tables, and print its
final standing as JSON on the last line.

The rounds are started by the beat's own task (``tournaments.tick``, called here instead of
waited for) and every move is a bot's through the tables' own path (``games.bot_move``, run in
this process): nothing is faked but the clock between rounds (a round is due as soon as the
previous one ends). Matches are short (``--target``, ``--hand-limit``).
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone, translation

from games import tasks as game_tasks
from games.models import Table
from tournaments import tasks as tournament_tasks
from tournaments.actions import registration
from tournaments.models import Format, Game, Pair, Tournament


def play_round_out(tournament_id: int, max_moves: int = 200_000) -> int:
    """Let the bots play every table of the tournament's games in play to its end; returns the
    moves made."""
    moves = 0
    while moves < max_moves:
        playing = list(
            Table.objects.filter(
                pk__in=Game.objects.filter(
                    round__tournament_id=tournament_id, outcome=Game.Outcome.PENDING
                ).values("table_id"),
                status=Table.Status.PLAYING,
            ).values_list("pk", "version")
        )
        if not playing:
            return moves
        for table_id, version in playing:
            for _ in range(100):  # a stretch of moves at one table, then the next
                if not game_tasks.bot_move(table_id, version):
                    break
                moves += 1
                current = Table.objects.filter(pk=table_id).values_list("version", "status")
                version, status = current.get()
                if status != Table.Status.PLAYING:
                    break
    raise CommandError("the bots did not finish their matches")


def run(
    pairs: int, rounds: int, fmt: str, target: int, hand_limit: int, rated: bool = True
) -> dict[str, Any]:
    """Create, fill, play and finish one tournament; returns its standing and pairings."""
    now = timezone.now()
    t = Tournament.objects.create(
        name=f"Simulation {now:%Y-%m-%d %H:%M:%S}",
        format=fmt,
        rounds=rounds,
        target=target,
        hand_limit=hand_limit,
        round_minutes=0,
        rated=rated,
        registration_opens_at=now - timedelta(minutes=1),
        starts_at=now + timedelta(days=1),
    )
    for _ in range(pairs):
        registration.do_add_bot_pair(t.pk)
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    for _ in range(200):
        tournament_tasks.tick()
        t.refresh_from_db()
        if t.status == Tournament.Status.FINISHED:
            break
        play_round_out(t.pk)
    else:
        raise CommandError("the tournament did not finish")
    return summary(t)


def summary(t: Tournament) -> dict[str, Any]:
    with translation.override("en"):
        labels = {p.pk: p.label() for p in Pair.objects.filter(tournament=t)}
        standings = [
            {
                "pair": labels[row["pair_id"]],
                "rank": row["rank"],
                "points": row["points"],
                "played": row["played"],
                "buchholz": row["buchholz"],
            }
            for row in t.standings or []
        ]
        games = Game.objects.filter(round__tournament=t).order_by("round__number", "board")
        pairings = [
            [g.round.number, labels[g.pair_a_id], labels.get(g.pair_b_id) if g.pair_b_id else None]
            for g in games.select_related("round")
        ]
    return {"tournament": t.pk, "standings": standings, "pairings": pairings}


class Command(BaseCommand):
    help = "Run a whole tournament of bot pairs on real tables and print its standing as JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--pairs", type=int, default=8)
        parser.add_argument(
            "--rounds", type=int, default=3, help="Swiss; a knock-out plays its bracket's"
        )
        parser.add_argument("--format", choices=Format.values, default=Format.SWISS)
        parser.add_argument("--target", type=int, default=100, help="a match's target score")
        parser.add_argument("--hand-limit", type=int, default=2, help="a match's hand limit")
        parser.add_argument("--unrated", action="store_true", help="private tables, no ratings")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["pairs"] < 2 or options["rounds"] < 1:
            raise CommandError("--pairs must be at least 2 and --rounds at least 1")
        result = run(
            options["pairs"],
            options["rounds"],
            options["format"],
            options["target"],
            options["hand_limit"],
            rated=not options["unrated"],
        )
        self.stdout.write(json.dumps(result, ensure_ascii=False))
