"""The Celery application: bot seats, bot moves, turn deadlines and rankings run here."""

import logging
import os
import warnings

import click
from celery import Celery, bootsteps
from celery.exceptions import CPendingDeprecationWarning
from celery.signals import setup_logging, task_success, worker_ready

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


@task_success.connect
def _record_sweep(sender=None, **kwargs) -> None:
    """A finished sweep proves beat, broker and worker alive: record when (live.server_health)."""
    if getattr(sender, "name", None) == "games.sweep":
        from live.server_health import record_sweep

        record_sweep()


@worker_ready.connect
def _quiet_connection_loss_warning(**kwargs) -> None:
    """The worker is told explicitly not to cancel running tasks on a connection loss
    (CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS); Celery still warns at every
    outage, a screenful each time. Its logging setup turns every such warning on: after it."""
    warnings.filterwarnings(
        "ignore", category=CPendingDeprecationWarning, message=r"\s*In Celery 5.1 we introduced"
    )
