"""The Celery application: bot seats, bot moves, turn deadlines and rankings run here."""

import functools
import logging
import os
import warnings

import click
from celery import Celery, bootsteps
from celery.exceptions import CPendingDeprecationWarning
from celery.signals import setup_logging, task_success, worker_ready
from celery.worker.consumer import Consumer as BaseConsumer

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger(__name__)

app = Celery("atout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@setup_logging.connect
def use_django_logging(**kwargs) -> None:
    """The worker and beat log through settings.LOGGING (LOG_LEVEL, and the sweep's routine
    lines at DEBUG: config/logs.py) instead of Celery's own root handler at `--loglevel`."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


class ThreadedBeat(bootsteps.StartStopStep):
    """Celery beat as a thread of the worker (``--beat-thread``). The worker's ``--beat`` forks
    a process for it that, at rest, takes as much resident memory as the worker itself; beat
    here only sends the sweep every second."""

    label = "Beat thread"
    conditional = True

    def __init__(self, worker, beat_thread: bool = False, **kwargs) -> None:
        self.enabled = bool(beat_thread)
        super().__init__(worker, **kwargs)

    def create(self, worker):
        from celery.beat import EmbeddedService

        return EmbeddedService(
            worker.app,
            schedule_filename=worker.schedule_filename,
            scheduler_cls=worker.scheduler,
            thread=True,
        )


app.user_options["worker"].add(
    click.Option(["--beat-thread"], is_flag=True, default=False, help="Run beat in a thread.")
)
app.steps["worker"].add(ThreadedBeat)


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


@task_success.connect
def _record_sweep(sender=None, **kwargs) -> None:
    """A finished sweep proves beat, broker and worker alive: record when (games.liveness)."""
    if getattr(sender, "name", None) == "games.sweep":
        from games.liveness import record_sweep

        record_sweep()


@worker_ready.connect
def _quiet_connection_loss_warning(**kwargs) -> None:
    """The worker is told explicitly not to cancel running tasks on a connection loss
    (CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS); Celery still warns at every
    outage, a screenful each time. Its logging setup turns every such warning on: after it."""
    warnings.filterwarnings(
        "ignore", category=CPendingDeprecationWarning, message=r"\s*In Celery 5.1 we introduced"
    )
