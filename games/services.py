"""Every change to a live table, one function per use case (do_*).

Each do_* runs in one ``transaction.atomic`` that first locks the table row
(``select_for_update``; on SQLite the transaction itself is IMMEDIATE, i.e. a write lock), so two
requests for one turn are serialized and the second sees the first's result. Everything refused
raises ``ServiceError`` and changes nothing. Broadcasts and Celery tasks are queued with
``transaction.on_commit``, so nobody hears of a change that was rolled back.

The state ``version`` of a table goes up with every change that matters for acting (seats,
status, actions, stand-ins); presence (connected flags) and deadlines may change without it.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import logging
import random
import secrets
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import rows, state
from games.engine import IllegalAction, Rules
from games.engine import Match as EngineMatch
from games.errors import ServiceError
from games.identity import Viewer
from games.models import (
    POSITIONS,
    Action,
    BotLevel,
    ChatMessage,
    Connection,
    Match,
    Mute,
    Seat,
    Silence,
    Table,
)

__all__ = [
    "ServiceError",
    "do_act",
    "do_bot_move",
    "do_chat",
    "do_close_abandoned",
    "do_connect",
    "do_create_private_table",
    "do_disconnect",
    "do_expire_turn",
    "do_fill_bots",
    "do_join",
    "do_kick",
    "do_leave",
    "do_mute",
    "do_quick_play",
    "do_reclaim",
    "do_rematch",
    "do_start",
    "do_touch",
    "do_touch_many",
    "open_quick_tables",
    "rules_summary",
    "set_chat_hidden",
    "sweep",
    "table_state",
    "visible_chat",
]

log = logging.getLogger(__name__)

STANDIN_LEVEL = BotLevel.NORMAL
CHAT_RATE_COUNT = 5
CHAT_RATE_SECONDS = 10
TURN_SECONDS_RANGE = (10, 600)
# A deadline task may fire a little early (clock skew between processes).
EARLY_TOLERANCE = timedelta(milliseconds=300)
# The rules of quick tables (standard mode; tests may shorten the match).
QUICK_TABLE_RULES: dict = {}
# The beat sweep runs a bot move itself when its task is this late.
BOT_LATENESS = timedelta(seconds=3)
# Tables that may still be abandoned (and closed by the sweep).
OPEN_STATUSES = (Table.Status.WAITING, Table.Status.PLAYING)
# A second private table form sent this soon with the same options is a double submit.
DOUBLE_SUBMIT_WINDOW = timedelta(seconds=10)

# Refusals that read the same wherever they happen, the engine's own codes among them.
REFUSALS = {
    "no_table": _("This table does not exist."),
    "not_seated": _("You are not seated at this table."),
    "not_host": _("Only the host can do this."),
    "bad_seat": _("Unknown seat."),
    "table_started": _("This match has already started."),
    "table_closed": _("This table was closed: nobody had been playing at it for a while."),
    "not_your_turn": _("It is not your turn."),
    "not_held": _("You do not hold this card."),
    "must_follow_suit": _("You must follow the suit led."),
    "spades_not_broken": _("Spades cannot be led before they are broken."),
    "bid_not_offered": _("This bid is not available to you now."),
    "look_not_offered": _("You already see your cards."),
    "not_bidding": _("The bidding is over."),
    "not_playing": _("Cards are played once the bidding is over."),
    "match_over": _("The match is over."),
    "bad_action": _("This action is malformed."),
}


# ----------------------------------------------------------------------------- helpers


@dataclass
class _Ctx:
    """A locked table with its seats, current match and engine (checked out of the cache)."""

    table: Table
    seats: dict[str, Seat]
    engine: EngineMatch | None
    released: bool = False
    # The table row's field values as locked, to save only what changed.
    loaded: dict[str, Any] = field(default_factory=dict)

    @property
    def match(self) -> Match | None:
        """The table's current match (the table row names it)."""
        return self.table.match


def _lock(table_id: Any) -> Table:
    """The table row, locked until the end of the transaction.

    The row alone, nothing joined: on PostgreSQL, columns joined into a locking read that had to
    wait may come from before the lock holder's commit. Everything else (seats, match) is read
    after the lock, so it is current."""
    try:
        pk = int(table_id)
    except (TypeError, ValueError):
        raise _refusal("no_table") from None
    table = rows.lock(Table, pk) if 0 < pk < 2**63 else None
    if table is None:
        raise _refusal("no_table")
    return table


def _lock_viewer(viewer: Viewer) -> None:
    """Serialize one person's requests until the end of the transaction (PostgreSQL advisory
    lock; SQLite's IMMEDIATE transactions already serialize every writer)."""
    if connection.vendor == "postgresql":
        digest = hashlib.blake2b(viewer.key.encode(), digest_size=8).digest()
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)]
            )


_TABLE_FIELDS = [f.attname for f in Table._meta.concrete_fields if not f.primary_key]


def _snapshot(table: Table) -> dict[str, Any]:
    values = {name: getattr(table, name) for name in _TABLE_FIELDS}
    return {k: copy.deepcopy(v) if isinstance(v, dict | list) else v for k, v in values.items()}


def _load(table: Table) -> _Ctx:
    seats = state.checkout_rows(table)
    engine = state.checkout(table.match) if table.match_id is not None else None
    return _Ctx(table, seats, engine, loaded=_snapshot(table))


def _seat_with_key(seats: dict[str, Seat], key: str | None) -> Seat | None:
    if not key:
        return None
    return next((s for s in seats.values() if s.viewer_key == key), None)


def _seat_of(ctx: _Ctx, viewer: Viewer | None) -> Seat | None:
    return _seat_with_key(ctx.seats, viewer.key if viewer else None)


def _now():
    return timezone.now()


def _commit(ctx: _Ctx, *, lobby: bool = False) -> None:
    """Save the table row; once the transaction commits, broadcast the new state (and the lobby
    list when ``lobby``) and give the engine back to the cache."""
    table, seats, engine = ctx.table, ctx.seats, ctx.engine
    changed = [name for name, old in ctx.loaded.items() if getattr(table, name) != old]
    # updated_at always moves: the cached rows are stamped with it.
    table.updated_at = _now()
    rows.update(Table, table.pk, {name: getattr(table, name) for name in {*changed, "updated_at"}})
    ctx.released = True

    def publish() -> None:
        try:
            state.publish_table(table, seats, engine)
            if lobby:
                state.publish_lobby()
        except Exception:  # a broadcast failure must not undo a committed change
            log.exception("broadcast failed for table %s", table.pk)
        finally:
            state.store_rows(table, seats)
            if engine is not None and ctx.match is not None:
                state._store(ctx.match.pk, engine)

    transaction.on_commit(publish)


def _bump(ctx: _Ctx) -> None:
    ctx.table.version += 1


def _sit(seat: Seat, viewer: Viewer) -> None:
    seat.clear()
    seat.viewer_key = viewer.key
    seat.user_id = viewer.user_id
    seat.guest_id = viewer.guest_id or ""
    seat.nickname = viewer.name
    # Someone who sits down from the table's own page already has a socket there.
    live = viewer.key in state.present_keys(seat.table_id)
    seat.disconnected_at = None if live else _now()
    seat.save()


def _humans_present(seats: dict[str, Seat]) -> bool:
    """Whether a seated person has a live socket at the table."""
    return any(s.is_human and s.connected for s in seats.values())


def _is_seated(table_id: int, key: str | None) -> bool:
    """A lock-free look: only a seated person's comings and goings need the table lock."""
    return bool(key) and Seat.objects.filter(table_id=table_id, viewer_key=key).exists()


def _schedule(task_name: str, args: tuple, countdown: float) -> None:
    def send() -> None:
        from games import tasks

        try:
            getattr(tasks, task_name).apply_async(args=args, countdown=max(0.0, countdown))
        except Exception:  # the beat sweep catches what could not be queued
            log.exception("could not queue %s%s", task_name, args)

    transaction.on_commit(send)


def _plan(ctx: _Ctx, *, new_turn: bool, bot_delay: float | None = None, pause: float = 0.0) -> None:
    """Set the table's deadlines for whoever is to move now and queue a bot's move.

    ``pause``: seconds everyone needs to see what just happened (a trick taken) before the next
    move; it delays a bot's move and starts a person's turn clock that much later.
    Call after ``_bump``: a bot move task carries the version it was planned for.
    """
    table = ctx.table
    now = _now()
    table.bot_due_at = None
    table.turn_deadline = None
    engine = ctx.engine
    if table.status != Table.Status.PLAYING or engine is None or engine.is_over:
        table.turn_started_at = None
        return
    if new_turn or table.turn_started_at is None:
        table.turn_started_at = now + timedelta(seconds=pause)
    seat = ctx.seats[engine.to_move]
    if seat.is_bot or (seat.standin and _humans_present(ctx.seats)):
        delay = (settings.BOT_MOVE_DELAY if bot_delay is None else bot_delay) + pause
        table.bot_due_at = now + timedelta(seconds=delay)
        _schedule("bot_move", (table.pk, table.version), delay)
        return
    if seat.standin:
        return  # nobody is at the table: the stand-in waits for someone to come back
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


def _start_match(ctx: _Ctx) -> None:
    """Fill empty seats with bots and deal a new match (the table is locked)."""
    table = ctx.table
    for seat in ctx.seats.values():
        if seat.is_empty:
            seat.bot_level = table.bot_level
            seat.save()
        elif seat.standin:  # a new match: everyone plays their own seat again
            seat.standin = False
            seat.save()
    number = (Match.objects.filter(table=table).count()) + 1
    rules = Rules.from_dict(table.rules).to_dict()
    match = Match.objects.create(
        table=table,
        number=number,
        rules=rules,
        seed=str(secrets.randbits(63)),
        players={p: ctx.seats[p].display_name() for p in POSITIONS},
    )
    table.match = match
    table.status = Table.Status.PLAYING
    table.bots_at = None
    ctx.engine = state.checkout(match)
    _bump(ctx)
    _plan(ctx, new_turn=True)


def _new_table(kind: str, viewer: Viewer, **fields) -> _Ctx:
    table = Table.objects.create(kind=kind, host_key=viewer.key, **fields)
    seats = {p: Seat.objects.create(table=table, position=p) for p in POSITIONS}
    # Lock the new row like any other, so the rest of the service reads the same way.
    table = _lock(table.pk)
    return _Ctx(table, seats, None, loaded=_snapshot(table))


def _refusal(code: str) -> ServiceError:
    return ServiceError(code, REFUSALS[code])


def _engine_error(exc: IllegalAction) -> ServiceError:
    message = REFUSALS.get(exc.code, _("This move is not allowed."))
    return ServiceError(exc.code, message)


def _refuse_if_closed(table: Table) -> None:
    if table.status == Table.Status.ABANDONED:
        raise _refusal("table_closed")


# The columns of a match row that its actions change.
MATCH_PROGRESS = ("action_count", "result", "finished_at")


def _apply(ctx: _Ctx, position: str, action: dict, actor: str) -> None:
    """Apply one action for ``position`` to the locked table: engine, log, version, deadlines."""
    engine, match, table = ctx.engine, ctx.match, ctx.table
    assert engine is not None and match is not None
    try:
        engine.apply(position, action)
    except IllegalAction as exc:
        raise _engine_error(exc) from None
    match.action_count += 1
    log_entry = {"match_id": match.pk, "seq": match.action_count, "seat": position}
    rows.insert(Action, {**log_entry, "payload": action, "actor": actor, "created_at": _now()})
    seat = ctx.seats[position]
    if actor == Action.Actor.HUMAN and seat.standin:
        seat.standin = False  # the person is back: any action of theirs takes the seat back
        seat.save(update_fields=["standin"])
    if engine.is_over:
        match.result = engine.result
        match.finished_at = _now()
        table.status = Table.Status.FINISHED
    rows.update(Match, match.pk, {name: getattr(match, name) for name in MATCH_PROGRESS})
    _bump(ctx)
    # A play that leaves no card on the felt took a trick (and maybe ended the hand).
    took_trick = action.get("type") == "play" and engine.hand.trick_len == 0
    pause = settings.TRICK_PAUSE_SECONDS if took_trick else 0.0
    _plan(ctx, new_turn=action.get("type") != "look", pause=pause)


@contextmanager
def _atomic_ctx(table_id: Any) -> Iterator[_Ctx]:
    """Transaction + locked table + loaded context. An engine that may hold an uncommitted
    action is dropped on failure; an unchanged one goes back to the cache."""
    ctx: _Ctx | None = None
    try:
        with transaction.atomic():
            ctx = _load(_lock(table_id))
            yield ctx
    except ServiceError:
        _release(ctx)  # refusals happen before anything changes
        raise
    else:
        _release(ctx)


def _quiet(service: Callable[..., bool]) -> Callable[..., bool]:
    """For the services behind tasks and the sweep: a refusal (the table is gone) only means
    there is nothing to do."""

    @functools.wraps(service)
    def run(*args: Any) -> bool:
        try:
            return service(*args)
        except ServiceError:
            return False

    return run


def _release(ctx: _Ctx | None) -> None:
    if ctx is not None and ctx.engine is not None and ctx.match is not None and not ctx.released:
        ctx.released = True
        state.checkin(ctx.match.pk, ctx.engine)


# ----------------------------------------------------------------------------- tables


def do_quick_play(viewer: Viewer) -> Table:
    """Seat ``viewer`` at a waiting quick table (or return the unfinished quick table where they
    already sit), or open one. Locks the viewer (a double click must not seat them twice), then
    the chosen table row."""
    with transaction.atomic():
        _lock_viewer(viewer)
        mine = (
            Table.objects.filter(
                kind=Table.Kind.QUICK,
                status__in=OPEN_STATUSES,
                seats__viewer_key=viewer.key,
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
            ctx = _load(_lock(candidate_id))
            if _seat_of(ctx, viewer) is not None:
                return ctx.table
            if ctx.table.status != Table.Status.WAITING:
                continue
            empty = [p for p in POSITIONS if ctx.seats[p].is_empty]
            if not empty:
                continue
            _seat_quick(ctx, viewer, empty[0])
            return ctx.table
        ctx = _new_table(
            Table.Kind.QUICK,
            viewer,
            rules=Rules.from_dict(QUICK_TABLE_RULES).to_dict(),
            bot_level=BotLevel.NORMAL,
            turn_seconds=settings.TURN_SECONDS or None,
        )
        _seat_quick(ctx, viewer, POSITIONS[0])
        return ctx.table


def _seat_quick(ctx: _Ctx, viewer: Viewer, position: str) -> None:
    table = ctx.table
    _sit(ctx.seats[position], viewer)
    humans = [s for s in ctx.seats.values() if s.is_human]
    if len(humans) == 1 or table.bots_at is None:
        table.bots_at = _now() + timedelta(seconds=settings.QUICK_TABLE_BOT_DELAY)
        _schedule("fill_bots", (table.pk,), settings.QUICK_TABLE_BOT_DELAY)
    if not table.host_key or table.host_key not in {s.viewer_key for s in humans}:
        table.host_key = viewer.key
    _bump(ctx)
    if len(humans) == len(POSITIONS):
        _start_match(ctx)
    _commit(ctx, lobby=True)


def _clean_bot_level(bot_level: Any) -> str:
    if bot_level not in BotLevel.values:
        raise ServiceError("bad_bot_level", _("Unknown bot level."))
    return bot_level


def _clean_turn_seconds(turn_seconds: Any) -> int | None:
    if turn_seconds in (None, 0, ""):
        return None
    low, high = TURN_SECONDS_RANGE
    if type(turn_seconds) is not int or not low <= turn_seconds <= high:
        raise ServiceError(
            "bad_turn_seconds",
            _("The time per turn is between %(low)d and %(high)d seconds.")
            % {"low": low, "high": high},
        )
    return turn_seconds


def do_create_private_table(
    viewer: Viewer, rules: dict, bot_level: str, turn_seconds: int | None
) -> Table:
    """Open a private table with ``viewer`` as host, seated at N. Locks the viewer, so that the
    same form sent twice (a double click, a reload) returns the table the first one opened, then
    the new table row."""
    try:
        clean_rules = Rules.from_dict(rules or {}).to_dict()
    except (TypeError, ValueError) as exc:
        raise ServiceError(
            "bad_rules", _("These rules are not valid: %(error)s") % {"error": exc}
        ) from None
    level = _clean_bot_level(bot_level)
    seconds = _clean_turn_seconds(turn_seconds)
    with transaction.atomic():
        _lock_viewer(viewer)
        recent = _just_opened(viewer, clean_rules, level, seconds)
        if recent is not None:
            return recent
        ctx = _new_table(
            Table.Kind.PRIVATE,
            viewer,
            rules=clean_rules,
            bot_level=level,
            turn_seconds=seconds,
            invite_token=secrets.token_urlsafe(16),
        )
        _sit(ctx.seats["N"], viewer)
        _bump(ctx)
        _commit(ctx)
        return ctx.table


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
        created_at__gte=_now() - DOUBLE_SUBMIT_WINDOW,
    ).order_by("-created_at")
    return next((t for t in recent if t.rules == rules), None)


def do_join(
    table_id: int, viewer: Viewer, invite_token: str | None = None, position: str | None = None
) -> Seat:
    """Sit ``viewer`` at a waiting table (a private one needs its invitation token); returns the
    seat (their current one if they already sit there). Locks the table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        mine = _seat_of(ctx, viewer)
        if mine is not None:
            return mine
        if table.kind == Table.Kind.PRIVATE and not (
            invite_token and secrets.compare_digest(str(invite_token), table.invite_token)
        ):
            raise ServiceError("bad_invitation", _("This invitation link is not valid."))
        if table.kind == Table.Kind.RANKED:
            raise ServiceError("ranked_table", _("Ranked tables are filled by matchmaking."))
        _refuse_if_closed(table)
        if table.status != Table.Status.WAITING:
            raise _refusal("table_started")
        if position is not None:
            if position not in POSITIONS:
                raise _refusal("bad_seat")
            if not ctx.seats[position].is_empty:
                raise ServiceError("seat_taken", _("This seat is taken."))
        else:
            position = next((p for p in POSITIONS if ctx.seats[p].is_empty), None)
            if position is None:
                raise ServiceError("table_full", _("This table is full."))
        if table.kind == Table.Kind.QUICK:
            _seat_quick(ctx, viewer, position)
        else:
            _sit(ctx.seats[position], viewer)
            _bump(ctx)
            _commit(ctx)
        return ctx.seats[position]


def do_leave(table_id: int, viewer: Viewer) -> None:
    """``viewer`` gives up their seat. Before the start the seat empties (the host role passes to
    another person); during the match a bot of the table's level takes it for good. Locks the
    table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        seat = _seat_of(ctx, viewer)
        if seat is None:
            raise _refusal("not_seated")
        if table.status == Table.Status.WAITING:
            seat.clear()
            seat.save()
            humans = [s for s in ctx.seats.values() if s.is_human]
            if table.host_key == viewer.key:
                table.host_key = humans[0].viewer_key if humans else ""
            if not humans:
                table.bots_at = None
        elif table.status == Table.Status.PLAYING:
            seat.clear()
            seat.bot_level = table.bot_level
            seat.save()
        else:
            return
        _bump(ctx)
        _plan(ctx, new_turn=False)
        _commit(ctx, lobby=table.kind == Table.Kind.QUICK)


def do_kick(table_id: int, viewer: Viewer, position: str) -> None:
    """The host empties another seat before the start. Locks the table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        if table.host_key != viewer.key:
            raise _refusal("not_host")
        if table.status != Table.Status.WAITING:
            raise _refusal("table_started")
        if position not in POSITIONS:
            raise _refusal("bad_seat")
        seat = ctx.seats[position]
        if seat.viewer_key == viewer.key or seat.is_empty:
            raise ServiceError("bad_seat", _("You cannot remove this seat's player."))
        seat.clear()
        seat.save()
        _bump(ctx)
        _commit(ctx)


def do_start(table_id: int, viewer: Viewer) -> None:
    """The host starts the match now: bots take the empty seats. Locks the table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        if table.host_key != viewer.key or _seat_of(ctx, viewer) is None:
            raise _refusal("not_host")
        _refuse_if_closed(table)
        if table.status != Table.Status.WAITING:
            raise _refusal("table_started")
        _start_match(ctx)
        _commit(ctx, lobby=table.kind == Table.Kind.QUICK)


@_quiet
def do_fill_bots(table_id: int) -> bool:
    """Quick tables: once ``bots_at`` has passed, bots take the empty seats and the match starts.
    Idempotent (does nothing before the deadline or once started). Locks the table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        if table.status != Table.Status.WAITING or table.bots_at is None:
            return False
        if _now() + EARLY_TOLERANCE < table.bots_at:
            return False
        if not any(s.is_human for s in ctx.seats.values()):
            table.bots_at = None
            table.save()
            return False
        _start_match(ctx)
        _commit(ctx, lobby=True)
        return True


def do_rematch(table_id: int, viewer: Viewer) -> Table:
    """After a match (or at a table closed as abandoned): a private table deals a new match for
    the same seats; a quick table sends the viewer to quick play again. Returns the table to go
    to. Locks the table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        if _seat_of(ctx, viewer) is None:
            raise _refusal("not_seated")
        if table.status not in (Table.Status.FINISHED, Table.Status.ABANDONED):
            if table.status == Table.Status.PLAYING and ctx.match and ctx.match.number > 1:
                return table  # someone already asked for the rematch
            raise ServiceError("not_finished", _("The match is not over."))
        if table.kind != Table.Kind.PRIVATE:
            quick = True
        else:
            quick = False
            _start_match(ctx)
            _commit(ctx)
    if quick:
        return do_quick_play(viewer)
    return ctx.table


# ----------------------------------------------------------------------------- play


def do_act(table_id: int, viewer: Viewer | None, action: dict, version: int | None = None) -> None:
    """``viewer`` bids, plays or looks at their cards. Refused (nothing changes) when it is not
    theirs to do, illegal, or ``version`` is not the table's current version. Locks the table
    row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        seat = _seat_of(ctx, viewer)
        if seat is None:
            raise ServiceError("not_seated", _("Only the players seated at this table can play."))
        if version is not None and version != table.version:
            raise ServiceError(
                "stale_version", _("The game has moved on: here is the current state.")
            )
        if table.status != Table.Status.PLAYING or ctx.engine is None:
            if table.status == Table.Status.FINISHED:
                raise _refusal("match_over")
            _refuse_if_closed(table)
            raise ServiceError("not_started", _("The match has not started yet."))
        _apply(ctx, seat.position, action, Action.Actor.HUMAN)
        _commit(ctx)


def _choose_bot_action(level: str, view: dict, rng: random.Random) -> dict | None:
    from games.bots import choose_action

    return choose_action(level, view, rng=rng)


def do_bot_move(table_id: int, version: int) -> bool:
    """The bot (or stand-in bot) to move plays, if the table is still at ``version``.

    The choice is computed outside the transaction from the seat's view only; the move is then
    applied under the table lock after checking the version again, so a late or repeated task
    does nothing. Returns whether a move was applied.
    """
    table = Table.objects.select_related("match").filter(pk=table_id).first()
    if table is None or table.version != version or table.status != Table.Status.PLAYING:
        return False
    if table.match is None:
        return False
    with state.borrowed(table.match) as engine:
        position = engine.to_move
        view = None if position is None else engine.view(position)  # what that seat sees
    if position is None or view is None:
        return False
    seat = Seat.objects.get(table=table, position=position)
    if not (seat.is_bot or seat.standin):
        return False
    level = seat.bot_level or STANDIN_LEVEL
    rng = random.Random(f"{table.match.seed}:{table.match.action_count}")
    try:
        action = _choose_bot_action(level, view, rng)
    except Exception:
        log.exception("bot %s failed at table %s", level, table_id)
        action = None
    if action is None or action not in view["legal"]:
        if action is not None:
            log.error("bot %s chose an illegal action %r at table %s", level, action, table_id)
        if not view["legal"]:
            return False
        action = view["legal"][0]
    with _atomic_ctx(table_id) as ctx:
        if ctx.table.version != version or ctx.table.status != Table.Status.PLAYING:
            return False
        assert ctx.engine is not None
        if ctx.engine.to_move != position:
            return False
        seat = ctx.seats[position]
        if seat.is_bot:
            actor = Action.Actor.BOT
        elif seat.standin and _humans_present(ctx.seats):
            actor = Action.Actor.STANDIN
        else:
            return False
        _apply(ctx, position, action, actor)
        _commit(ctx)
        return True


@_quiet
def do_expire_turn(table_id: int) -> bool:
    """The person to move has run out of time (turn timer, or disconnected past the grace
    period): a Normal bot stands in for them from now on until they are back. Idempotent: does
    nothing before the stored deadline. Locks the table row."""
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        deadline = table.turn_deadline
        if table.status != Table.Status.PLAYING or deadline is None or ctx.engine is None:
            return False
        if _now() + EARLY_TOLERANCE < deadline:
            return False
        seat = ctx.seats[ctx.engine.to_move]
        if not seat.is_human or seat.standin:
            return False
        seat.standin = True
        seat.save()
        _bump(ctx)
        _plan(ctx, new_turn=False, bot_delay=0)
        _commit(ctx)
        return True


def do_reclaim(table_id: int, viewer: Viewer) -> bool:
    """``viewer`` is back: their seat is theirs again (no more stand-in), with a fresh turn
    timer if it is their turn. Locks the table row (only when there is something to change)."""
    if not Seat.objects.filter(table_id=table_id, viewer_key=viewer.key, standin=True).exists():
        return False
    with _atomic_ctx(table_id) as ctx:
        seat = _seat_of(ctx, viewer)
        if seat is None or not seat.standin:
            return False
        _take_back(ctx, seat)
        _commit(ctx)
        return True


def _take_back(ctx: _Ctx, seat: Seat) -> None:
    seat.standin = False
    seat.save()
    _bump(ctx)
    my_turn = ctx.engine is not None and ctx.engine.to_move == seat.position
    _plan(ctx, new_turn=my_turn)


# ----------------------------------------------------------------------------- presence


def do_connect(table_id: int, viewer: Viewer | None, channel_name: str) -> str | None:
    """Record an open socket; a seated person who connects is back (stand-in ends, grace timer
    off). Returns the viewer's seat position or None. Locks the table row for seated viewers."""
    now = _now()
    key = viewer.key if viewer else ""
    if not Table.objects.filter(pk=table_id).exists():
        raise _refusal("no_table")
    record = {"table_id": table_id, "viewer_key": key, "seen_at": now}
    if not _is_seated(table_id, key):
        Connection.objects.update_or_create(channel_name=channel_name, defaults=record)
        return None
    with _atomic_ctx(table_id) as ctx:
        Connection.objects.update_or_create(channel_name=channel_name, defaults=record)
        seat = _seat_of(ctx, viewer)
        if seat is None:
            return None
        seat.disconnected_at = None
        if seat.standin:
            _take_back(ctx, seat)
        else:
            seat.save()
            _plan(ctx, new_turn=False)
        _commit(ctx)
        return seat.position


def do_touch(channel_name: str) -> None:
    """A consumer's heartbeat: its connection is still alive."""
    do_touch_many([channel_name])


def do_touch_many(channel_names: Iterable[str]) -> int:
    """A process's heartbeat: all its sockets are still alive, refreshed in one query per
    thousand (one UPDATE per socket would queue hundreds of writes at once). Returns how many
    connections were refreshed."""
    names = list(channel_names)
    now = _now()
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
    with _atomic_ctx(table_id) as ctx:
        Connection.objects.filter(channel_name=channel_name).delete()
        seat = _seat_with_key(ctx.seats, key)
        if seat is None:
            return
        if key not in state.present_keys(table_id):
            now = _now()
            stale = now - timedelta(seconds=state.CONNECTION_STALE_SECONDS)
            # A socket of a dead process: gone since its last heartbeat.
            seat.disconnected_at = connection.seen_at if connection.seen_at < stale else now
            seat.save()
        _plan(ctx, new_turn=False)
        _commit(ctx)


# ----------------------------------------------------------------------------- chat


def do_chat(table_id: int, viewer: Viewer | None, text: Any) -> ChatMessage:
    """A seated player says something at the table (stored, then broadcast; muted seats are
    filtered per viewer by the consumers). Locks the table row."""
    if not isinstance(text, str):
        raise ServiceError("bad_field", _("A chat message is text."))
    text = text.strip()
    if not text:
        raise ServiceError("empty_message", _("The message is empty."))
    if len(text) > settings.CHAT_MAX_LENGTH:
        raise ServiceError(
            "message_too_long",
            _("A message has at most %(max)d characters.") % {"max": settings.CHAT_MAX_LENGTH},
        )
    with transaction.atomic():
        table = _lock(table_id)
        if not table.chat_enabled:
            raise ServiceError("chat_disabled", _("The chat is off at this table."))
        seat = Seat.objects.filter(table=table, viewer_key=viewer.key).first() if viewer else None
        if seat is None:
            raise ServiceError("not_seated", _("Only the players seated at this table can chat."))
        if Silence.objects.filter(viewer_key=viewer.key).exists():
            raise ServiceError("silenced", _("A moderator has turned off your chat."))
        since = _now() - timedelta(seconds=CHAT_RATE_SECONDS)
        recent = ChatMessage.objects.filter(author_key=viewer.key, created_at__gte=since).count()
        if recent >= CHAT_RATE_COUNT:
            raise ServiceError("too_fast", _("You are sending messages too fast."))
        message = ChatMessage.objects.create(
            table=table,
            position=seat.position,
            author_key=viewer.key,
            author_name=viewer.name,
            text=text,
        )
        payload = message.as_frame_dict()
        transaction.on_commit(lambda: state.publish_chat(table.pk, payload))
        return message


def do_mute(table_id: int, viewer: Viewer | None, position: Any, muted: bool) -> list[str]:
    """``viewer`` stops (or resumes) seeing one seat's chat at this table; remembered in the
    database. Returns the viewer's muted seats. Locks nothing: a mute is the viewer's own row."""
    if viewer is None:
        raise ServiceError("no_identity", _("Choose a nickname first."))
    if position not in POSITIONS:
        raise _refusal("bad_seat")
    if not Table.objects.filter(pk=table_id).exists():
        raise _refusal("no_table")
    with transaction.atomic():
        if muted:
            Mute.objects.get_or_create(table_id=table_id, viewer_key=viewer.key, position=position)
        else:
            Mute.objects.filter(
                table_id=table_id, viewer_key=viewer.key, position=position
            ).delete()
    return state.viewer_mutes(table_id, viewer.key)


def visible_chat(table_id: int, viewer_key: str | None, limit: int = 50) -> list[dict]:
    """The last messages this viewer may see (not hidden, not from a seat they muted)."""
    mutes = state.viewer_mutes(table_id, viewer_key)
    rows = (
        ChatMessage.objects.filter(table_id=table_id, hidden=False)
        .exclude(position__in=mutes)
        .order_by("-created_at", "-pk")[:limit]
    )
    return [m.as_frame_dict() for m in reversed(rows)]


def set_chat_hidden(message_ids, hidden: bool) -> int:
    """Moderation: hide (or show again) chat messages; connected clients drop hidden ones."""
    with transaction.atomic():
        rows = list(ChatMessage.objects.filter(pk__in=message_ids).exclude(hidden=hidden))
        ChatMessage.objects.filter(pk__in=[m.pk for m in rows]).update(hidden=hidden)
        if hidden:
            for m in rows:
                transaction.on_commit(lambda m=m: state.publish_chat_hidden(m.table_id, m.pk))
    return len(rows)


# ----------------------------------------------------------------------------- reading


def table_state(table_id: int, viewer: Viewer | None) -> dict:
    """The "state" frame of docs/protocol.md for this viewer (None: an anonymous spectator)."""
    table = Table.objects.select_related("match").filter(pk=table_id).first()
    if table is None:
        raise _refusal("no_table")
    return state.build_state(table, viewer.key if viewer else None, viewer.name if viewer else None)


def rules_summary(rules: dict) -> str:
    r = Rules.from_dict(rules)
    parts = [str(_("%(target)d points") % {"target": r.target})]
    if not r.nil:
        parts.append(str(_("no nil")))
    elif not r.blind_nil:
        parts.append(str(_("no blind nil")))
    if r.loss_floor is not None:
        parts.append(str(_("floor %(floor)d") % {"floor": r.loss_floor}))
    return ", ".join(parts)


def open_quick_tables() -> list[dict]:
    """Quick tables waiting for players (with at least one person seated), oldest first."""
    tables = list(
        Table.objects.filter(kind=Table.Kind.QUICK, status=Table.Status.WAITING)
        .exclude(bots_at=None)
        .order_by("created_at")[:50]
    )
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table__in=tables):
        seats.setdefault(seat.table_id, []).append(seat)
    for row in seats.values():
        row.sort(key=lambda seat: POSITIONS.index(seat.position))
    out = []
    for table in tables:
        taken = [s for s in seats.get(table.pk, []) if not s.is_empty]
        if not taken:
            continue
        out.append(
            {
                "id": table.pk,
                "seats_taken": len(taken),
                "players": [s.display_name() for s in taken],
                "rules": rules_summary(table.rules),
                "status": table.status,
                "bots_at": table.bots_at.isoformat() if table.bots_at else None,
                "url": state.table_url(table.pk),
            }
        )
    return out


# ----------------------------------------------------------------------------- sweep


def _abandon_cutoff(now: datetime) -> datetime:
    return now - timedelta(minutes=settings.ABANDONED_TABLE_MINUTES)


def _last_presence(table: Table, seats: dict[str, Seat]) -> datetime | None:
    """When a seated person was last at the table: None while one is connected. A table with
    nobody seated counts from its last change, and so does a seat that missed its leaving time."""
    if _humans_present(seats):
        return None
    humans = [s for s in seats.values() if s.is_human]
    return max((s.disconnected_at or table.updated_at for s in humans), default=table.updated_at)


def _is_abandoned(table: Table, seats: dict[str, Seat], now: datetime) -> bool:
    if table.status not in OPEN_STATUSES:
        return False
    cutoff = _abandon_cutoff(now)
    last = _last_presence(table, seats)
    return table.updated_at <= cutoff and last is not None and last <= cutoff


@_quiet
def do_close_abandoned(table_id: int) -> bool:
    """Close a waiting or playing table where no seated person has been connected for
    ABANDONED_TABLE_MINUTES (a match paused for good, a quick table everyone left): its status
    becomes "abandoned", its deadlines are cleared and it leaves the lobby. Idempotent; checks
    without a lock first, then again under the table lock."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not _is_abandoned(table, state.load_seats(table), _now()):
        return False
    with _atomic_ctx(table_id) as ctx:
        table = ctx.table
        if not _is_abandoned(table, ctx.seats, _now()):
            return False
        table.status = Table.Status.ABANDONED
        table.bots_at = table.bot_due_at = table.turn_started_at = table.turn_deadline = None
        _bump(ctx)
        _commit(ctx, lobby=table.kind == Table.Kind.QUICK)
        return True


def sweep() -> dict[str, int]:
    """Catch every deadline whose task was lost or late (run by Celery beat every few seconds):
    bot fills, turn deadlines, overdue bot moves, sockets of dead processes; then close the
    tables everyone has abandoned."""
    now = _now()
    done = {"filled": 0, "expired": 0, "bot_moves": 0, "stale_connections": 0, "abandoned": 0}
    for table_id in Table.objects.filter(status=Table.Status.WAITING, bots_at__lte=now).values_list(
        "pk", flat=True
    ):
        done["filled"] += do_fill_bots(table_id)
    for table_id in Table.objects.filter(
        status=Table.Status.PLAYING, turn_deadline__lte=now
    ).values_list("pk", flat=True):
        done["expired"] += do_expire_turn(table_id)
    for table_id, version in Table.objects.filter(
        status=Table.Status.PLAYING, bot_due_at__lte=now - BOT_LATENESS
    ).values_list("pk", "version"):
        with suppress(ServiceError):
            done["bot_moves"] += do_bot_move(table_id, version)
    stale = now - timedelta(seconds=state.CONNECTION_STALE_SECONDS)
    for table_id, channel in Connection.objects.filter(seen_at__lt=stale).values_list(
        "table_id", "channel_name"
    ):
        do_disconnect(table_id, channel)
        done["stale_connections"] += 1
    # Only tables unchanged for that long can be abandoned (an index on status, updated_at).
    for table_id in Table.objects.filter(
        status__in=OPEN_STATUSES, updated_at__lte=_abandon_cutoff(now)
    ).values_list("pk", flat=True):
        done["abandoned"] += do_close_abandoned(table_id)
    return done
