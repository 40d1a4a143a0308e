"""Logging of every process (Daphne, the Celery worker and beat): one format, one level.

The beat sweeps every second, and Celery logs each task it receives and each one that succeeds at
INFO, beat each task it sends: three lines a second (about 10,000 an hour) that say nothing is
wrong. `RoutineFilter` logs them at DEBUG instead, so the log at INFO keeps what a person needs
(startup, warnings, errors, failed or retried tasks); LOG_LEVEL=DEBUG shows them again.
"""

from __future__ import annotations

import logging

from celery.app.trace import LOG_RECEIVED, LOG_SUCCESS

#: (logger, message format) of the records that only say that routine work went as planned.
ROUTINE = {
    ("celery.worker.strategy", LOG_RECEIVED),
    ("celery.app.trace", LOG_SUCCESS),
}
BEAT_SENDING = "Scheduler: Sending due task"


def is_routine(record: logging.LogRecord) -> bool:
    """A task received or succeeded, or beat sending one: no news."""
    if (record.name, record.msg) in ROUTINE:
        return True
    return record.name == "celery.beat" and str(record.msg).startswith(BEAT_SENDING)


class RoutineFilter(logging.Filter):
    """On a handler: routine records become DEBUG records, shown only when `level` is DEBUG.

    A handler's filter runs after the level checks, so it applies the handler's level itself."""

    def __init__(self, level: str | int = logging.INFO) -> None:
        super().__init__()
        self.level = logging.getLevelName(level) if isinstance(level, str) else level

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and is_routine(record):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return record.levelno >= self.level
