"""The one after-commit path: what must reach the outside (a frame, a queued task) leaves only
once the transaction that caused it commits, and never for a change that was rolled back.

Outside a transaction the function runs at once (Django's ``on_commit``). A failure after the
commit is logged, never raised: the change is already committed, and what was lost is caught up
(a client's next full state, the beat's sweep for a task).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)


def after_commit(func: Callable[[], Any]) -> None:
    """Run ``func`` once the current transaction commits."""

    def run() -> None:
        try:
            func()
        except Exception:
            log.exception("after-commit work failed: %r", func)

    transaction.on_commit(run)


def queue_task(task_name: str, args: tuple[Any, ...], countdown: float = 0.0) -> None:
    """Queue a Celery task by name once the transaction commits (no import of the task)."""

    def send() -> None:
        try:
            current_app.send_task(task_name, args=args, countdown=max(0.0, countdown))
        except Exception:  # the beat's catch-up tasks run what could not be queued
            log.exception("could not queue %s%s", task_name, args)

    transaction.on_commit(send)
