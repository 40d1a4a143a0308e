"""Logging of every process (Daphne, the Celery worker and beat): one format, one level.

The beat sweeps every second, and Celery logs each task it receives and each one that succeeds at
INFO, beat each task it sends: three lines a second (about 10,000 an hour) that say nothing is
wrong. `RoutineFilter` logs them at DEBUG instead, so the log at INFO keeps what a person needs
(startup, warnings, errors, failed or retried tasks); LOG_LEVEL=DEBUG shows them again.

`RequestFilter` keeps two things out of every line: the traceback Django attaches to a refused
request (a 403 from PermissionDenied is a client's mistake, said in one line), and the secrets
that travel in paths (`mask_secrets`).
"""

from __future__ import annotations

import logging
import re

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


# Secrets that travel in URLs: a private table's invitation token (its path segment is
# "invitation/" in every language, which tests/config/test_logging_secrets_and_refusals.py
# checks) and a password-reset key, also URL-encoded inside a ?next=.
SECRET_IN_PATH = re.compile(
    r"((?:invitation|password(?:/|%2F)reset(?:/|%2F)key)(?:/|%2F))(?!done\b)[^/%?&#\s]+",
    re.IGNORECASE,
)


def mask_secrets(text: str) -> str:
    """``text`` with each secret path segment replaced by "…"."""
    return SECRET_IN_PATH.sub("\\1…", text)


class RequestFilter(logging.Filter):
    """On a handler: a client error's record (Django's 4xx lines carry ``status_code``) loses its
    traceback, and every record's message has its path secrets masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", 500) < 500:
            record.exc_info = None
            record.exc_text = None
        message = record.getMessage()
        masked = mask_secrets(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
