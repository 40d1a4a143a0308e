"""Celery tasks of the live tables: thin wrappers around the use cases (games.actions).

Tasks take ids and are idempotent: each checks, under the table lock, that what it was queued for
is still due (the table version for a bot move, the stored deadline for a turn or a bot fill), so a
late, repeated or lost task is harmless; the beat sweep (CELERY_BEAT_SCHEDULE) catches lost ones.
The unit of work queues them by name (games.session), so nothing imports this module but Celery.
"""

from __future__ import annotations

from celery import shared_task

from games.actions import play, presence, tables
from games.actions import sweep as sweeping


@shared_task(name="games.fill_bots", ignore_result=True)
def fill_bots(table_id: int) -> bool:
    """Quick table: bots take the empty seats once the table's ``bots_at`` has passed."""
    return tables.do_fill_bots(table_id)


@shared_task(name="games.bot_move", ignore_result=True)
def bot_move(table_id: int, version: int) -> bool:
    """The bot to move plays, if the table is still at ``version``."""
    return play.do_bot_move(table_id, version)


@shared_task(name="games.expire_turn", ignore_result=True)
def expire_turn(table_id: int) -> bool:
    """The person to move is out of time: a stand-in bot plays for them until they are back.

    No longer queued (the beat sweep expires due turns); kept registered so that tasks queued
    by an older release still run, harmlessly."""
    return presence.do_expire_turn(table_id)


@shared_task(name="games.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    """Periodic catch-up of every missed deadline (see games.actions.sweep)."""
    return sweeping.sweep()
