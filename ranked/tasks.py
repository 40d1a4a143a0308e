"""Celery tasks of ranked play: thin wrappers around its use cases, idempotent (see games.tasks).

The beat runs ``ranked.matchmake`` every 2 s and ``ranked.rate_missed`` every minute; a ranked
match's end queues ``ranked.rate_match`` (``ranked.participation``). The ``games.*`` names are
the ones an older release queued: registered too, so that such tasks still run, harmlessly.
"""

from __future__ import annotations

from celery import shared_task

from ranked import actions, origins, ratings


@shared_task(name="ranked.rate_match", ignore_result=True)
def rate_match(match_id: int) -> int:
    """A ranked match ended: update its people's ratings (once: a RatingChange per person)."""
    return ratings.rate_match(match_id)


@shared_task(name="ranked.rate_missed", ignore_result=True)
def rate_missed() -> int:
    """Rate the ranked matches whose rating task was lost, and forget the suspensions that are
    over and the queue's origins older than RANKED_ORIGIN_DAYS (beat, every minute)."""
    actions.purge_expired_suspensions()
    origins.purge()
    return ratings.rate_missed()


@shared_task(name="ranked.matchmake", ignore_result=True)
def matchmake() -> int:
    """Seat the ranked queue's groups that are ready (beat, every 2 s)."""
    return actions.do_matchmake()


# The names an older release queued.
shared_task(name="games.rate_match", ignore_result=True)(ratings.rate_match)
shared_task(name="games.rate_missed", ignore_result=True)(ratings.rate_missed)
shared_task(name="games.matchmake", ignore_result=True)(actions.do_matchmake)
