"""Presence and stand-ins: sockets coming and going, a person running out of time, a person
coming back.

A seated person counts as connected while their seat's ``disconnected_at`` is empty, kept under
the table lock as their sockets open and close. Without a socket they get a grace period; when
time runs out on their turn a Normal bot stands in for them until they are back.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.utils import timezone

from games.actions.turns import plan
from games.errors import quiet, refusal
from games.models import Connection, Seat, Table, is_paused
from games.session import TableSession
from games.viewers import Viewer

# A connection not refreshed for this long belongs to a dead process (each web process
# refreshes its sockets every HEARTBEAT_SECONDS).
HEARTBEAT_SECONDS = 30
CONNECTION_STALE_SECONDS = 95
# A deadline task may fire a little early (clock skew between processes).
EARLY_TOLERANCE = timedelta(milliseconds=300)


def present_keys(table_id: int, now: datetime | None = None) -> set[str]:
    """Viewer keys with a live socket at the table."""
    since = (now or timezone.now()) - timedelta(seconds=CONNECTION_STALE_SECONDS)
    return set(
        Connection.objects.filter(table_id=table_id, seen_at__gte=since)
        .exclude(viewer_key="")
        .values_list("viewer_key", flat=True)
    )


def _is_seated(table_id: int, key: str | None) -> bool:
    """A lock-free look: only a seated person's comings and goings need the table lock."""
    return bool(key) and Seat.objects.filter(table_id=table_id, viewer_key=key).exists()


def take_back(s: TableSession, seat: Seat) -> None:
    """The person plays their own seat again, with a fresh turn clock if it is their turn."""
    seat.standin = False
    s.bump()
    plan(s, new_turn=s.engine is not None and s.engine.to_move == seat.position)


def do_connect(table_id: int, viewer: Viewer | None, channel_name: str) -> str | None:
    """Record an open socket; a seated person who connects is back (stand-in ends, grace timer
    off). Returns the viewer's seat position or None. Locks the table row for seated viewers."""
    key = viewer.key if viewer else ""
    if not Table.objects.filter(pk=table_id).exists():
        raise refusal("no_table")
    record = {"table_id": table_id, "viewer_key": key, "seen_at": timezone.now()}
    if not _is_seated(table_id, key):
        Connection.objects.update_or_create(channel_name=channel_name, defaults=record)
        return None
    with TableSession(table_id) as s:
        Connection.objects.update_or_create(channel_name=channel_name, defaults=record)
        seat = s.seat_of(viewer)
        if seat is None:
            return None
        seat.disconnected_at = None
        if seat.standin:
            take_back(s, seat)
        else:
            plan(s, new_turn=False)
        return seat.position


def surplus_sockets(table_id: int, key: str, keep: int) -> list[str]:
    """The channels of this viewer's sockets at the table beyond their ``keep`` newest (a
    viewer without a key, an anonymous spectator, has none). A read: the consumer closes them,
    and their own disconnect step removes their rows."""
    if not key:
        return []
    names = (
        Connection.objects.filter(table_id=table_id, viewer_key=key)
        .order_by("-connected_at", "-pk")
        .values_list("channel_name", flat=True)
    )
    return list(names[keep:])


def do_touch_many(channel_names: Iterable[str]) -> int:
    """A web process's heartbeat: all its sockets are still alive, refreshed in one query per
    thousand (one UPDATE per socket would queue hundreds of writes at once). Returns how many
    connections were refreshed."""
    names = list(channel_names)
    now = timezone.now()
    done = 0
    for start in range(0, len(names), 1000):
        chunk = names[start : start + 1000]
        done += Connection.objects.filter(channel_name__in=chunk).update(seen_at=now)
    return done


def do_disconnect(table_id: int, channel_name: str) -> None:
    """Forget a closed socket; a seated person with no socket left starts their grace period.
    Locks the table row when a seat is affected."""
    connection = Connection.objects.filter(channel_name=channel_name).first()
    if connection is None:
        return
    key = connection.viewer_key
    if not _is_seated(table_id, key):
        connection.delete()
        return
    with TableSession(table_id) as s:
        Connection.objects.filter(channel_name=channel_name).delete()
        seat = s.seat_with_key(key)
        if seat is None:
            return
        if key not in present_keys(table_id):
            now = timezone.now()
            stale = now - timedelta(seconds=CONNECTION_STALE_SECONDS)
            # A socket of a dead process: gone since its last heartbeat.
            seat.disconnected_at = connection.seen_at if connection.seen_at < stale else now
        plan(s, new_turn=False)


@quiet
def do_expire_turn(table_id: int) -> bool:
    """The person to move has run out of time (turn timer, or disconnected past the grace
    period): a Normal bot stands in for them from now on until they are back. Idempotent: does
    nothing before the stored deadline. Locks the table row."""
    with TableSession(table_id) as s:
        table = s.table
        deadline = table.turn_deadline
        if table.status != Table.Status.PLAYING or deadline is None or s.engine is None:
            return False
        if timezone.now() + EARLY_TOLERANCE < deadline:
            return False
        position = s.engine.to_move
        assert position is not None  # the table plays: its match is not over
        seat = s.seats[position]
        if not seat.is_human or seat.standin or is_paused(table, s.seats):
            return False
        seat.standin = True
        s.bump()
        plan(s, new_turn=False, bot_delay=0)
        return True


def do_reclaim(table_id: int, viewer: Viewer) -> bool:
    """``viewer`` is back: their seat is theirs again (no more stand-in), with a fresh turn
    timer if it is their turn. Locks the table row (only when there is something to change)."""
    if not Seat.objects.filter(table_id=table_id, viewer_key=viewer.key, standin=True).exists():
        return False
    with TableSession(table_id) as s:
        seat = s.seat_of(viewer)
        if seat is None or not seat.standin:
            return False
        take_back(s, seat)
        return True
