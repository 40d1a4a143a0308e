"""The sweep (Celery beat, every second): whatever is overdue because its task was lost or late,
and closing the tables everyone has abandoned. Each query selects only what is overdue, so it
costs little when nothing is due."""

from __future__ import annotations

import logging
from contextlib import suppress
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.actions.play import do_bot_move
from games.actions.presence import CONNECTION_STALE_SECONDS, do_disconnect, do_expire_turn
from games.actions.tables import OPEN_STATUSES, do_fill_bots
from games.actions.turns import humans_present
from games.errors import ServiceError, quiet
from games.models import Connection, Seat, Table
from games.sanctions import purge_expired
from games.session import TableSession, reading

log = logging.getLogger(__name__)

# The sweep runs a bot move itself when its task is this late.
BOT_LATENESS = timedelta(seconds=3)


def _abandon_cutoff(now: datetime) -> datetime:
    return now - timedelta(minutes=settings.ABANDONED_TABLE_MINUTES)


def _last_presence(table: Table, seats: dict[str, Seat]) -> datetime | None:
    """When a seated person was last at the table: None while one is connected. A table with
    nobody seated counts from its last change, and so does a seat that missed its leaving time."""
    if humans_present(seats):
        return None
    humans = [s for s in seats.values() if s.is_human]
    return max((s.disconnected_at or table.updated_at for s in humans), default=table.updated_at)


def _is_abandoned(table: Table, seats: dict[str, Seat], now: datetime) -> bool:
    if table.status not in OPEN_STATUSES:
        return False
    cutoff = _abandon_cutoff(now)
    last = _last_presence(table, seats)
    return table.updated_at <= cutoff and last is not None and last <= cutoff


@quiet
def do_close_abandoned(table_id: int) -> bool:
    """Close a waiting or playing table where no seated person has been connected for
    ABANDONED_TABLE_MINUTES (a match paused for good, a quick table everyone left): its status
    becomes "abandoned", its deadlines are cleared and it leaves the lobby. Idempotent; checks
    without a lock first, then again under the table lock."""
    with reading(table_id, engine=False) as snap:
        if not _is_abandoned(snap.table, snap.seats, timezone.now()):
            return False
    with TableSession(table_id) as s:
        table = s.table
        if not _is_abandoned(table, s.seats, timezone.now()):
            return False
        table.status = Table.Status.ABANDONED
        table.bots_at = table.bot_due_at = table.turn_started_at = table.turn_deadline = None
        s.bump()
        return True


def sweep() -> dict[str, int]:
    """Catch every deadline whose task was lost or late: bot fills, turn deadlines, overdue bot
    moves, sockets of dead processes; then close the tables everyone has abandoned, and forget
    the chat bans that are over (with the hashed addresses they kept)."""
    now = timezone.now()
    done = {"filled": 0, "expired": 0, "bot_moves": 0, "stale_connections": 0, "abandoned": 0}
    waiting = Table.objects.filter(status=Table.Status.WAITING, bots_at__lte=now)
    for table_id in waiting.values_list("pk", flat=True):
        done["filled"] += do_fill_bots(table_id)
    due = Table.objects.filter(status=Table.Status.PLAYING, turn_deadline__lte=now)
    for table_id in due.values_list("pk", flat=True):
        done["expired"] += do_expire_turn(table_id)
    late = Table.objects.filter(status=Table.Status.PLAYING, bot_due_at__lte=now - BOT_LATENESS)
    for table_id, version in late.values_list("pk", "version"):
        with suppress(ServiceError):
            done["bot_moves"] += do_bot_move(table_id, version)
    stale = now - timedelta(seconds=CONNECTION_STALE_SECONDS)
    for table_id, channel in Connection.objects.filter(seen_at__lt=stale).values_list(
        "table_id", "channel_name"
    ):
        do_disconnect(table_id, channel)
        done["stale_connections"] += 1
    # Only tables unchanged for that long can be abandoned (an index on status, updated_at).
    old = Table.objects.filter(status__in=OPEN_STATUSES, updated_at__lte=_abandon_cutoff(now))
    for table_id in old.values_list("pk", flat=True):
        done["abandoned"] += do_close_abandoned(table_id)
    done["bans_over"] = purge_expired(now)
    if any(done.values()):
        log.info("sweep: %s", done)
    return done
