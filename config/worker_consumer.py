"""The worker's consumer (``CELERY_WORKER_CONSUMER``), apart from ``config.celery``: every
process of the site loads the Celery app (the web processes to queue tasks, the launcher through
the ``config`` package), and only the worker needs Celery's worker machinery (2 MB each)."""

import functools
import logging

from celery.worker.consumer import Consumer as BaseConsumer

log = logging.getLogger(__name__)


def _close_collected(connection) -> None:
    """Close a broker connection that Celery has already collected, without dying of it.

    Celery 5.7 (``Consumer.on_connection_error_after_connected``) first collects the lost
    connection, which drops its transport's ``client``, then closes it. When the first close
    of its channel was cut short by the outage and messages were still unacknowledged (bot
    moves waiting for their countdown), the second close tries to put them back in Redis,
    builds a Redis client from the missing ``client`` and raises
    ``AttributeError: 'NoneType' object has no attribute 'hostname'``: not a connection error,
    so the worker stopped with "Unrecoverable error" instead of reconnecting. Those messages
    cannot be put back anyway (Redis is gone); the tasks are idempotent and the sweep catches
    every deadline they were for.
    """
    try:
        type(connection).close(connection)
    except AttributeError as error:
        log.warning("broker connection lost with unacknowledged tasks; the sweep redoes them (%r)",
                    error)  # fmt: skip
        connection._default_channel = None
        connection._closed = True


class Consumer(BaseConsumer):
    """The worker's consumer (``CELERY_WORKER_CONSUMER``): reconnects after a broker outage,
    soon after the broker is back."""

    # kombu waits 2, 4, 6 … up to 30 s between tries: a Redis restarted by the launcher in a
    # second would leave the tables still for up to 30 s more. Every half second, then 2 s.
    retry_intervals = {"interval_start": 0.5, "interval_step": 0.5, "interval_max": 2.0}

    def ensure_connected(self, conn):
        conn.ensure_connection = functools.partial(conn.ensure_connection, **self.retry_intervals)
        return super().ensure_connected(conn)

    def on_connection_error_after_connected(self, exc) -> None:
        connection = self.connection
        if connection is not None:
            connection.close = lambda: _close_collected(connection)
        super().on_connection_error_after_connected(exc)
