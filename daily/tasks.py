"""Celery tasks of the deal of the day: thin wrappers around daily.actions, taking ids, safe to
run twice or on two workers at once (see the locking in daily.actions)."""

from __future__ import annotations

from celery import shared_task

from daily import actions


@shared_task(name="daily.open_day", ignore_result=True)
def open_day() -> int:
    """Beat, every minute: today's set exists from the first minute of the day."""
    return actions.do_open_day().pk


@shared_task(name="daily.refresh_ranking", ignore_result=True)
def refresh_ranking(set_id: int) -> bool:
    """Matchpoints and ranks of a day's settled tries (queued when a try is settled)."""
    return actions.do_refresh_ranking(set_id)


@shared_task(name="daily.settle", ignore_result=True)
def settle() -> int:
    """Beat, every minute: tries whose table closed, or whose day is over, are settled."""
    return sum(actions.do_settle(entry_id) for entry_id in actions.unsettled_ids())
