"""Tables and seats: quick play, private tables, joining, leaving, starting, rematches.

Opening a table and quick play also lock the person (``lock_person``), so that a double click
seats someone once and opens one table; every change to a table goes through a ``TableSession``.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.names import name_key
from games.actions.presence import EARLY_TOLERANCE, present_keys
from games.actions.turns import plan, start_match
from games.errors import quiet, refusal
from games.models import POSITIONS, BotLevel, Seat, Table
from games.session import FILL_BOTS_TASK, TableSession, lock_person
from games.viewers import Viewer
from spades.engine import SEATS, Rules, table_rules

TURN_SECONDS_RANGE = (10, 600)
# Quick tables play what a new table starts from (rules.md: standard mode, blind nil only when
# behind by 100), with the site's loss floor and hand limit (quick_rules); tests may shorten the
# match by overriding options here.
QUICK_TABLE_RULES: dict = {}


def quick_rules() -> dict:
    """The rules of a new quick table: a match between strangers must end, so it has a loss
    floor and a hand limit (settings.QUICK_TABLE_LOSS_FLOOR, QUICK_TABLE_HAND_LIMIT)."""
    limits = {
        "loss_floor": settings.QUICK_TABLE_LOSS_FLOOR,
        "hand_limit": settings.QUICK_TABLE_HAND_LIMIT,
    }
    return Rules.from_dict({**table_rules(), **limits, **QUICK_TABLE_RULES}).to_dict()


# Tables that may still be abandoned (and closed by the sweep).
OPEN_STATUSES = (Table.Status.WAITING, Table.Status.PLAYING)
# A second private table form sent this soon with the same options is a double submit.
DOUBLE_SUBMIT_WINDOW = timedelta(seconds=10)


def _name_taken(s: TableSession, seat: Seat, viewer: Viewer) -> bool:
    """Another seat's player (or bot) has a name that reads as this person's."""
    key = name_key(viewer.name)
    return any(
        other is not seat and not other.is_empty and name_key(other.display_name()) == key
        for other in s.seats.values()
    )


def _sit(s: TableSession, seat: Seat, viewer: Viewer) -> None:
    if _name_taken(s, seat, viewer):
        raise refusal("name_taken")
    seat.clear()
    seat.viewer_key = viewer.key
    seat.user_id = viewer.user_id
    seat.guest_id = viewer.guest_id or ""
    seat.nickname = viewer.name
    # Someone who sits down from the table's own page already has a socket there.
    live = viewer.key in present_keys(s.table.pk)
    seat.disconnected_at = None if live else timezone.now()


def _refuse_if_closed(table: Table) -> None:
    if table.status == Table.Status.ABANDONED:
        raise refusal("table_closed")


def do_quick_play(viewer: Viewer) -> Table:
    """Seat ``viewer`` at a waiting quick table (or return the unfinished quick table where they
    already sit), or open one. Locks the person (a double click must not seat them twice), then
    the chosen table."""
    with transaction.atomic():
        lock_person(viewer)
        mine = (
            Table.objects.filter(
                kind=Table.Kind.QUICK, status__in=OPEN_STATUSES, seats__viewer_key=viewer.key
            )
            .order_by("-created_at")
            .first()
        )
        if mine is not None:
            return mine
        candidates = Table.objects.filter(
            kind=Table.Kind.QUICK, status=Table.Status.WAITING
        ).order_by("created_at")
        for candidate_id in candidates.values_list("pk", flat=True)[:20]:
            with TableSession(candidate_id) as s:
                if s.seat_of(viewer) is not None:
                    return s.table
                empty = [p for p in POSITIONS if s.seats[p].is_empty]
                if empty and _name_taken(s, s.seats[empty[0]], viewer):
                    continue  # someone there has the same name: another table
                if s.table.status == Table.Status.WAITING and empty:
                    _seat_quick(s, viewer, empty[0])
                    return s.table
        quick = {
            "kind": Table.Kind.QUICK,
            "host_key": viewer.key,
            "rules": quick_rules(),
            "bot_level": BotLevel.NORMAL,
            "turn_seconds": settings.TURN_SECONDS or None,
        }
        with TableSession.new(**quick) as s:
            _seat_quick(s, viewer, POSITIONS[0])
            return s.table


def _seat_quick(s: TableSession, viewer: Viewer, position: str) -> None:
    table = s.table
    _sit(s, s.seats[position], viewer)
    humans = [seat for seat in s.seats.values() if seat.is_human]
    if len(humans) == 1 or table.bots_at is None:
        table.bots_at = timezone.now() + timedelta(seconds=settings.QUICK_TABLE_BOT_DELAY)
        s.schedule(FILL_BOTS_TASK, (table.pk,), settings.QUICK_TABLE_BOT_DELAY)
    if not table.host_key or table.host_key not in {seat.viewer_key for seat in humans}:
        table.host_key = viewer.key
    s.bump()
    if len(humans) == len(POSITIONS):
        start_match(s)


def _clean_bot_level(bot_level: Any) -> str:
    if bot_level not in BotLevel.values:
        raise refusal("bad_bot_level")
    return bot_level


def _clean_turn_seconds(turn_seconds: Any) -> int | None:
    if turn_seconds in (None, 0, ""):
        return None
    low, high = TURN_SECONDS_RANGE
    if type(turn_seconds) is not int or not low <= turn_seconds <= high:
        raise refusal("bad_turn_seconds", low=low, high=high)
    return turn_seconds


def do_create_private_table(
    viewer: Viewer, rules: dict, bot_level: str, turn_seconds: int | None
) -> Table:
    """Open a private table with ``viewer`` as host, seated at N. Locks the person, so that the
    same form sent twice (a double click, a reload) returns the table the first one opened."""
    try:
        clean_rules = Rules.from_dict(rules or {}).to_dict()
    except (TypeError, ValueError) as exc:
        raise refusal("bad_rules", error=exc) from None
    level = _clean_bot_level(bot_level)
    seconds = _clean_turn_seconds(turn_seconds)
    with transaction.atomic():
        lock_person(viewer)
        recent = _just_opened(viewer, clean_rules, level, seconds)
        if recent is not None:
            return recent
        private = {
            "kind": Table.Kind.PRIVATE,
            "host_key": viewer.key,
            "rules": clean_rules,
            "bot_level": level,
            "turn_seconds": seconds,
            "invite_token": secrets.token_urlsafe(16),
        }
        with TableSession.new(**private) as s:
            _sit(s, s.seats["N"], viewer)
            s.bump()
            return s.table


def do_open_table_alone(
    viewer: Viewer,
    *,
    kind: str,
    position: str,
    rules: dict,
    bot_level: str,
    seed: str,
    deal_seeds: list[str],
) -> Table:
    """Open a table for ``viewer`` alone at ``position``, bots of ``bot_level`` in the other
    seats, and deal its match at once from the given seeds (``Match.fixed_deals``): the daily
    deals, where every player meets the same cards. No turn timer, no chat (nobody to talk to).
    The caller locks the person (one table per try)."""
    fields = {
        "kind": kind,
        "host_key": viewer.key,
        "rules": Rules.from_dict(rules).to_dict(),
        "bot_level": _clean_bot_level(bot_level),
        "turn_seconds": None,
        "chat_enabled": False,
    }
    with TableSession.new(**fields) as s:
        _sit(s, s.seats[position], viewer)
        start_match(s, seed=seed, deal_seeds=deal_seeds)
        return s.table


def _just_opened(viewer: Viewer, rules: dict, bot_level: str, seconds: int | None) -> Table | None:
    """The private table ``viewer`` opened within DOUBLE_SUBMIT_WINDOW with these options, if
    they still wait there as its host."""
    recent = Table.objects.filter(
        kind=Table.Kind.PRIVATE,
        status=Table.Status.WAITING,
        host_key=viewer.key,
        seats__viewer_key=viewer.key,
        bot_level=bot_level,
        turn_seconds=seconds,
        created_at__gte=timezone.now() - DOUBLE_SUBMIT_WINDOW,
    ).order_by("-created_at")
    return next((t for t in recent if t.rules == rules), None)


def do_join(
    table_id: int, viewer: Viewer, invite_token: str | None = None, position: str | None = None
) -> Seat:
    """Sit ``viewer`` at a waiting table (a private one needs its invitation token); returns the
    seat (their current one if they already sit there)."""
    with TableSession(table_id) as s:
        table = s.table
        mine = s.seat_of(viewer)
        if mine is not None:
            return mine
        if table.kind == Table.Kind.PRIVATE and not (
            invite_token and secrets.compare_digest(str(invite_token), table.invite_token)
        ):
            raise refusal("bad_invitation")
        if table.kind == Table.Kind.RANKED:
            raise refusal("ranked_table")
        if table.kind == Table.Kind.DAILY:
            raise refusal("daily_table")
        _refuse_if_closed(table)
        if table.status != Table.Status.WAITING:
            raise refusal("table_started")
        if position is not None:
            if position not in POSITIONS:
                raise refusal("bad_seat")
            if not s.seats[position].is_empty:
                raise refusal("seat_taken")
        else:
            position = next((p for p in POSITIONS if s.seats[p].is_empty), None)
            if position is None:
                raise refusal("table_full")
        if table.kind == Table.Kind.QUICK:
            _seat_quick(s, viewer, position)
        else:
            _sit(s, s.seats[position], viewer)
            s.bump()
        return s.seats[position]


def do_leave(table_id: int, viewer: Viewer) -> None:
    """``viewer`` gives up their seat. Before the start the seat empties (the host role passes to
    another person); during the match a bot of the table's level takes it for good, except at a
    daily table, which closes there (ABANDONED): what was played stays, the rest is not."""
    with TableSession(table_id) as s:
        table = s.table
        seat = s.seat_of(viewer)
        if seat is None:
            raise refusal("not_seated")
        if table.status == Table.Status.WAITING:
            seat.clear()
            humans = [other for other in s.seats.values() if other.is_human]
            if table.host_key == viewer.key:
                table.host_key = humans[0].viewer_key if humans else ""
            if not humans:
                table.bots_at = None
        elif table.status == Table.Status.PLAYING and table.kind == Table.Kind.DAILY:
            table.status = Table.Status.ABANDONED
        elif table.status == Table.Status.PLAYING:
            seat.clear()
            seat.bot_level = table.bot_level
        else:
            return
        s.bump()
        plan(s, new_turn=False)


def do_kick(table_id: int, viewer: Viewer, position: str) -> None:
    """The host empties another seat before the start."""
    with TableSession(table_id) as s:
        table = s.table
        if table.host_key != viewer.key:
            raise refusal("not_host")
        if table.status != Table.Status.WAITING:
            raise refusal("table_started")
        if position not in POSITIONS:
            raise refusal("bad_seat")
        seat = s.seats[position]
        if seat.viewer_key == viewer.key or seat.is_empty:
            raise refusal("cannot_remove")
        seat.clear()
        s.bump()


def do_start(table_id: int, viewer: Viewer) -> None:
    """The host starts the match now: bots take the empty seats."""
    with TableSession(table_id) as s:
        table = s.table
        if table.host_key != viewer.key or s.seat_of(viewer) is None:
            raise refusal("not_host")
        _refuse_if_closed(table)
        if table.status != Table.Status.WAITING:
            raise refusal("table_started")
        start_match(s)


@quiet
def do_fill_bots(table_id: int) -> bool:
    """Quick tables: once ``bots_at`` has passed, bots take the empty seats and the match starts.
    Idempotent (does nothing before the deadline or once started)."""
    with TableSession(table_id) as s:
        table = s.table
        if table.status != Table.Status.WAITING or table.bots_at is None:
            return False
        if timezone.now() + EARLY_TOLERANCE < table.bots_at:
            return False
        if not any(seat.is_human for seat in s.seats.values()):
            table.bots_at = None
            return False
        start_match(s)
        return True


def do_rematch(table_id: int, viewer: Viewer) -> Table:
    """After a match (or at a table closed as abandoned): a new match at the same table with the
    same people, the dealer moving on; bots take the seats of those who have left (no socket at
    the table any more). Returns the table. Asked twice, the second call finds the new match."""
    with TableSession(table_id) as s:
        table = s.table
        if s.seat_of(viewer) is None:
            raise refusal("not_seated")
        if table.kind == Table.Kind.RANKED:
            raise refusal("ranked_table")  # the next ranked match comes from the queue
        if table.kind == Table.Kind.DAILY:
            raise refusal("daily_table")
        if table.status not in (Table.Status.FINISHED, Table.Status.ABANDONED):
            if table.status == Table.Status.PLAYING and s.match and s.match.number > 1:
                return table  # someone already asked for the rematch
            raise refusal("not_finished")
        for seat in s.seats.values():
            if seat.is_human and seat.disconnected_at is not None and seat != s.seat_of(viewer):
                seat.clear()  # they left: a bot of the table's level takes their seat
        me = s.seat_of(viewer)
        assert me is not None  # (refused above otherwise)
        me.disconnected_at = None  # they asked, so they are here
        dealer = None
        if s.engine is not None:
            dealer = (SEATS.index(s.engine.dealer) + 1) % len(SEATS)
        start_match(s, dealer=dealer)
        return table


def do_choose_seat(table_id: int, viewer: Viewer, position: Any, who: Any = None) -> Seat:
    """Before the start, a seated person moves to a free seat, or the host moves someone else
    (``who``: the seat to move from) to a free seat or swaps two people: partnerships are
    chosen this way (N–S against E–W). Returns the seat now held by the one moved."""
    with TableSession(table_id) as s:
        table = s.table
        mine = s.seat_of(viewer)
        if mine is None:
            raise refusal("not_seated")
        if table.status != Table.Status.WAITING:
            raise refusal("table_started")
        if position not in POSITIONS or (who is not None and who not in POSITIONS):
            raise refusal("bad_seat")
        source = mine if who is None else s.seats[who]
        if source is not mine and table.host_key != viewer.key:
            raise refusal("not_host")
        if not source.is_human:
            raise refusal("bad_seat")
        target = s.seats[position]
        if target is source:
            return source
        if target.is_human and table.host_key != viewer.key:
            raise refusal("seat_taken")  # only the host swaps two people
        _swap(source, target)
        s.bump()
        return target


_OCCUPANT = (
    "user_id",
    "guest_id",
    "viewer_key",
    "nickname",
    "bot_level",
    "standin",
    "disconnected_at",
)


def _swap(a: Seat, b: Seat) -> None:
    for name in _OCCUPANT:
        first, second = getattr(a, name), getattr(b, name)
        setattr(a, name, second)
        setattr(b, name, first)
