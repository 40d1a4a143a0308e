"""Celery tasks of the tournaments: thin wrappers around their use cases, taking ids and
idempotent (the use cases check under the tournament's lock that the round is still due, the
game still undecided), so a late, repeated or lost task is harmless and two workers may run
them at once.

Beat runs ``tournaments.tick`` every 5 s (rounds whose time has come, results a lost signal
missed) and ``tournaments.schedule`` every minute (the next recurring tournaments); the end of
a round queues ``tournaments.start_round`` for the next one's slot.
"""

from __future__ import annotations

from celery import shared_task

from tournaments.actions import recurring, rounds


@shared_task(name="tournaments.start_round", ignore_result=True)
def start_round(tournament_id: int, number: int) -> bool:
    """Start round ``number`` of the tournament if it is due (else nothing)."""
    return rounds.do_start_round(tournament_id, number)


@shared_task(name="tournaments.tick", ignore_result=True)
def tick() -> dict[str, int]:
    """Start every round that is due and record every result still missing."""
    started = sum(rounds.do_start_round(t, n) for t, n in rounds.due_tournaments())
    recorded = sum(rounds.do_record_result(g) for g in rounds.undecided_games())
    return {"started": started, "recorded": recorded}


@shared_task(name="tournaments.schedule", ignore_result=True)
def schedule() -> int:
    """Create the next tournament of every recurring one."""
    return recurring.do_schedule_recurring()
