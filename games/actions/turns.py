"""Who is to move and by when: the deadlines every use case sets after a change, and dealing a
new match. Called inside a ``TableSession``."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.models import POSITIONS, Seat, Table, is_paused
from games.session import BOT_MOVE_TASK, TableSession
from spades.engine import Rules, first_dealer


def humans_present(seats: dict[str, Seat]) -> bool:
    """Whether a seated person has a live socket at the table."""
    return any(s.is_human and s.connected for s in seats.values())


def plan(s: TableSession, *, new_turn: bool, bot_delay: float | None = None, pause: float = 0.0):
    """Set the table's deadlines for whoever is to move now and queue a bot's move.

    ``pause``: seconds everyone needs to see what just happened (a trick taken) before the next
    move; it delays a bot's move and starts a person's turn clock that much later.
    Call after ``s.bump()``: a bot move task carries the version it was planned for.
    """
    table, engine = s.table, s.engine
    now = timezone.now()
    table.bot_due_at = None
    table.turn_deadline = None
    if table.status != Table.Status.PLAYING or engine is None or engine.is_over:
        table.turn_started_at = None
        return
    if new_turn or table.turn_started_at is None:
        table.turn_started_at = now + timedelta(seconds=pause)
    if is_paused(table, s.seats):
        return  # nobody is at the table: everything waits for someone to come back
    position = engine.to_move
    assert position is not None  # the match is not over
    seat = s.seats[position]
    if seat.is_bot or seat.standin:
        delay = (settings.BOT_MOVE_DELAY if bot_delay is None else bot_delay) + pause
        table.bot_due_at = now + timedelta(seconds=delay)
        s.schedule(BOT_MOVE_TASK, (table.pk, table.version), delay)
        return
    deadlines = []
    if table.turn_seconds:
        deadlines.append(table.turn_started_at + timedelta(seconds=table.turn_seconds))
    if seat.disconnected_at is not None:
        grace = timedelta(seconds=settings.DISCONNECT_GRACE_SECONDS)
        deadlines.append(seat.disconnected_at + grace)
    if deadlines:
        # No task per turn (queueing one on every move cost more than the move itself): the
        # beat sweep, every second, expires due turns (turn_deadline is indexed).
        table.turn_deadline = min(deadlines)


def _seed(dealer: int | None) -> str:
    """A new match's seed; with ``dealer``, one whose first dealer is that seat (the engine
    draws the first dealer from the seed: a few draws find one)."""
    while True:
        seed = str(secrets.randbits(63))
        if dealer is None or first_dealer(seed) == dealer:
            return seed


def start_match(
    s: TableSession,
    *,
    dealer: int | None = None,
    seed: str | None = None,
    deal_seeds: list[str] | None = None,
) -> None:
    """Fill the empty seats with bots and deal a new match (its first dealer ``dealer``, a seat
    index, or drawn); everyone plays their own seat. ``seed`` and ``deal_seeds``: a match dealt
    as others were (the daily deals: the same first dealer and hands at every such table)."""
    table = s.table
    for seat in s.seats.values():
        if seat.is_empty:
            seat.bot_level = table.bot_level
        seat.standin = False
    s.start_match(
        rules=Rules.from_dict(table.rules).to_dict(),
        seed=seed if seed is not None else _seed(dealer),
        deal_seeds=deal_seeds,
        players={p: s.seats[p].display_name() for p in POSITIONS},
    )
    table.status = Table.Status.PLAYING
    table.bots_at = None
    s.bump()
    plan(s, new_turn=True)
