"""The unit of work of a table: every change to a table goes through one ``TableSession``.

    with TableSession(table_id) as s:      # transaction + table row locked + rows and engine
        seat = s.seat_of(viewer)           # use the loaded rows ...
        s.apply(seat.position, action, Action.Actor.HUMAN)   # ... change them
    # on exit: changed rows written, the log appended, tasks queued and frames sent after commit

Entering opens ``transaction.atomic`` and locks the table row (``SELECT … FOR UPDATE`` on
PostgreSQL; on SQLite every transaction is IMMEDIATE, a write lock), so the requests of one table
are serialized: one writer per table. The seats, the current match and the engine come from this
process's caches (``games.caches``) when the locked row's stamp proves them current, else from
the database. The use case changes them and raises ``ServiceError`` to refuse, which rolls back
and changes nothing.

Leaving normally writes what changed, and only that: the seats' and the table's changed columns
(the table row's ``updated_at`` always moves with any change, which is what the caches are
stamped with), the match's progress; then, once the transaction commits, queues the tasks asked
for, sends every seat its frame (and ``signals.listing_changed`` when what a listing shows of
the table changed: its occupants, status, or when bots come) and gives the rows and the engine back to the caches. Nobody hears of a change that was
rolled back, and an engine that may hold a rolled-back action is dropped.

Reading without changing anything goes through ``reading(table_id)``: no lock, rows read from the
database, the engine borrowed from the cache for the moment.
"""

from __future__ import annotations

import copy
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

from django.db import transaction
from django.utils import timezone

from core.after_commit import after_commit, queue_task
from core.locks import advisory_xact_lock
from games import broadcast, caches, move_sql, signals
from games.errors import refusal
from games.models import POSITIONS, Action, Match, Seat, Table
from games.viewers import Viewer
from spades.engine import IllegalAction
from spades.engine import Match as EngineMatch
from spades.engine.shuffle import new_seed

if TYPE_CHECKING:
    from spades.engine.actions import Action as EngineAction

log = logging.getLogger(__name__)

# Tasks are queued by name: the unit of work needs no import of the task module.
BOT_MOVE_TASK = "games.bot_move"
FILL_BOTS_TASK = "games.fill_bots"

_TABLE_FIELDS = tuple(f.attname for f in Table._meta.concrete_fields if not f.primary_key)
_SEAT_FIELDS = tuple(
    f.attname for f in Seat._meta.concrete_fields if not f.primary_key and f.attname != "table_id"
)
# What a seat's occupant is made of (a change here may change the lobby's list).
_OCCUPANT_FIELDS = {"viewer_key", "nickname", "bot_level"}
# The columns of a match row that its actions change (and, when a move deals a hand, its seed).
_MATCH_PROGRESS = ("action_count", "result", "finished_at")
_MATCH_DEALT = (*_MATCH_PROGRESS, "deal_seeds")


def _snapshot(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """The values to compare on leaving; JSON values (the rules: flat) are copied, so a change
    made in place shows."""
    values = {name: getattr(obj, name) for name in names}
    return {k: copy.copy(v) if isinstance(v, dict | list) else v for k, v in values.items()}


def _changed(obj: Any, loaded: dict[str, Any]) -> list[str]:
    return [name for name, old in loaded.items() if getattr(obj, name) != old]


def table_pk(table_id: Any) -> int:
    """The primary key a request names, or the ``no_table`` refusal (anything but a whole
    number a row can have: the one parser of a table id)."""
    try:
        pk = int(table_id)
    except (TypeError, ValueError):
        raise refusal("no_table") from None
    if not 0 < pk < 2**63:
        raise refusal("no_table")
    return pk


def lock_table(table_id: Any) -> Table:
    """The table row, locked until the end of the transaction.

    The row alone, nothing joined: on PostgreSQL, columns joined into a locking read that had to
    wait may come from before the lock holder's commit. Everything else (seats, match) is read
    after the lock, so it is current."""
    table = move_sql.lock(Table, table_pk(table_id))
    if table is None:
        raise refusal("no_table")
    return table


def lock_person(viewer: Viewer) -> None:
    """Serialize one person's requests until the end of the transaction (``core.locks``).
    Opening a table and quick play take it, so that a double click seats someone once."""
    advisory_xact_lock(viewer.key)


def _describe(action: EngineAction) -> str:
    """An action in a log line: "bid 4", "play QS", "look"."""
    kind = action.get("type", "?")
    value = action.get("bid", action.get("card"))
    return kind if value is None else f"{kind} {value}"


class TableSession:
    """One use case's hold on one table; see the module's docstring."""

    table: Table
    seats: dict[str, Seat]
    engine: EngineMatch | None

    def __init__(self, table_id: Any) -> None:
        self.table_id = table_id
        self._create: dict[str, Any] | None = None
        self._applied = 0
        self._dealt = False
        self._new_match = False
        self._atomic: Any = None

    @classmethod
    def new(cls, **fields: Any) -> TableSession:
        """A session on a table created on entering (with its four empty seats)."""
        session = cls(None)
        session._create = fields
        return session

    # ------------------------------------------------------------------ entering and leaving

    def __enter__(self) -> TableSession:
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        try:
            if self._create is not None:
                table = Table.objects.create(**self._create)
                for position in POSITIONS:
                    Seat.objects.create(table=table, position=position)
                self.table_id = table.pk
            self.table = lock_table(self.table_id)
            self.seats = caches.checkout_rows(self.table)
            match = self.table.match if self.table.match_id is not None else None
            self.engine = caches.checkout(match) if match is not None else None
            self._hands = 0 if self.engine is None else len(self.engine.history)
            self._loaded = _snapshot(self.table, _TABLE_FIELDS)
            self._seats_loaded = {p: _snapshot(s, _SEAT_FIELDS) for p, s in self.seats.items()}
        except BaseException:
            self._atomic.__exit__(*sys.exc_info())
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> Literal[False]:
        # Never swallows the exception: ``Atomic.__exit__`` returns None (a type checker then
        # knows that a use case's ``with`` block raises what its body raises).
        if exc_type is None:
            try:
                self._write()
            except BaseException:
                self._discard()
                if not self._atomic.__exit__(*sys.exc_info()):
                    raise
                return False
            self._atomic.__exit__(None, None, None)
            return False
        self._discard()
        self._atomic.__exit__(exc_type, exc, tb)
        return False

    def _discard(self) -> None:
        """After a refusal or a failure: an engine that applied nothing goes back (an illegal
        action changes nothing in it); one that did may hold a rolled-back action and is
        dropped, and so are the rows, which the use case may have changed in memory."""
        match_id = self.table.match_id
        if (
            self.engine is not None
            and not self._applied
            and not self._new_match
            and match_id is not None  # always, with an engine
        ):
            caches.store(match_id, self.engine)

    def _write(self) -> None:
        table, seats, engine = self.table, self.seats, self.engine
        seat_changes = {p: _changed(seats[p], self._seats_loaded[p]) for p in POSITIONS}
        table_changes = _changed(table, self._loaded)
        for position, names in seat_changes.items():
            if names:
                move_sql.update(
                    Seat, seats[position].pk, {n: getattr(seats[position], n) for n in names}
                )
        if self._applied:
            match = table.match
            assert match is not None  # an action was applied: there is a match (see apply)
            columns = _MATCH_DEALT if self._dealt else _MATCH_PROGRESS
            move_sql.update(Match, match.pk, {name: getattr(match, name) for name in columns})
        if not (table_changes or any(seat_changes.values()) or self._applied or self._new_match):
            # Nothing changed: the rows and the engine are still what the database holds.
            after_commit(lambda: self._give_back(table, seats, engine))
            return
        # updated_at always moves: the cached rows are stamped with it.
        table.updated_at = timezone.now()
        move_sql.update(
            Table, table.pk, {name: getattr(table, name) for name in {*table_changes, "updated_at"}}
        )
        occupants = any(_OCCUPANT_FIELDS.intersection(n) for n in seat_changes.values())
        listed = bool(occupants or {"status", "bots_at"}.intersection(table_changes))
        hand_ended = bool(
            engine is not None and not self._new_match and len(engine.history) > self._hands
        )
        after_commit(lambda: self._publish(table, seats, engine, listed, hand_ended))

    @staticmethod
    def _give_back(table: Table, seats: dict[str, Seat], engine: EngineMatch | None) -> None:
        caches.store_rows(table, seats)
        if engine is not None and table.match_id is not None:
            caches.store(table.match_id, engine)

    def _publish(
        self,
        table: Table,
        seats: dict[str, Seat],
        engine: EngineMatch | None,
        listed: bool,
        hand_ended: bool,
    ) -> None:
        try:
            broadcast.publish_table(table, seats, engine, hand_ended)
            if listed:
                signals.listing_changed.send(sender=Table, table=table)
        except Exception:  # a broadcast failure must not undo a committed change
            log.exception("broadcast failed for table %s", table.pk)
        finally:
            self._give_back(table, seats, engine)

    # ------------------------------------------------------------------ what use cases call

    @property
    def match(self) -> Match | None:
        """The table's current match (the table row names it)."""
        return self.table.match if self.table.match_id is not None else None

    def seat_with_key(self, key: str | None) -> Seat | None:
        if not key:
            return None
        return next((s for s in self.seats.values() if s.viewer_key == key), None)

    def seat_of(self, viewer: Viewer | None) -> Seat | None:
        return self.seat_with_key(viewer.key if viewer else None)

    def bump(self) -> None:
        """The change matters for acting (seats, status, actions, stand-ins): a new version, so
        an action sent for the previous one is refused as stale."""
        self.table.version += 1

    def start_match(
        self,
        *,
        rules: dict[str, Any],
        seed: str,
        players: dict[str, str],
        deal_seeds: list[str] | None = None,
    ) -> Match:
        """Deal a new match at the table (the next number), with a fresh engine. Its first hand
        is dealt from a seed drawn now (fair-deals.md), the next ones as they are dealt
        (``apply``); ``seed`` gives the first dealer. ``deal_seeds``: a fixed set of deals
        instead (``Match.fixed_deals``), the match is those hands."""
        match = Match.objects.create(
            table=self.table,
            number=Match.objects.filter(table=self.table).count() + 1,
            rules=rules,
            seed=seed,
            deal_scheme=Match.DealScheme.FAIR,
            deal_seeds=list(deal_seeds) if deal_seeds else [new_seed()],
            fixed_deals=bool(deal_seeds),
            players=players,
        )
        self.table.match = match
        signals.match_dealt.send(sender=Table, table=self.table, match=match, seats=self.seats)
        self.engine = caches.checkout(match)
        self._new_match = True
        log.info("table %s match %s dealt (%s)", self.table.pk, match.pk, self.table.kind)
        return match

    def apply(self, position: str, action: EngineAction, actor: str) -> None:
        """Apply one action for ``position`` and append it to the log; an illegal one is
        refused (the engine's code, with its message) and changes nothing."""
        engine, match = self.engine, self.match
        if engine is None or match is None:
            raise refusal("not_started")
        try:
            engine.apply(position, action)
        except IllegalAction as exc:
            raise refusal(exc.code) from None
        self._applied += 1
        match.action_count += 1
        deals = engine.deals
        if deals is not None and len(deals.seeds) != len(match.deal_seeds):
            # The move ended a hand and the engine dealt the next from a fresh seed: stored in
            # this transaction, with the move.
            match.deal_seeds = list(deals.seeds)
            self._dealt = True
        move_sql.insert(
            Action,
            {
                "match_id": match.pk,
                "seq": match.action_count,
                "seat": position,
                "payload": action,
                "actor": actor,
                "created_at": timezone.now(),
            },
        )
        # Each move is routine (DEBUG, LOG_LEVEL=DEBUG shows it); a match's start and end are news.
        log.debug(
            "table %s match %s #%s: %s %s (%s)",
            self.table.pk, match.pk, match.action_count, position, _describe(action), actor,
        )  # fmt: skip
        if engine.is_over:
            match.result = engine.result
            match.finished_at = timezone.now()
            self.table.status = Table.Status.FINISHED
            signals.match_ended.send(
                sender=Table, table=self.table, match=match, seats=self.seats,
                history=engine.history,
            )  # fmt: skip
            log.info("table %s match %s over after %s actions", self.table.pk, match.pk,
                     match.action_count)  # fmt: skip

    def schedule(self, task_name: str, args: tuple[Any, ...], countdown: float) -> None:
        """Queue a Celery task once the transaction commits (never for a rolled-back change;
        the beat sweep catches one that could not be queued)."""
        queue_task(task_name, args, countdown)

    def after_commit(self, func: Callable[[], None]) -> None:
        """Run ``func`` once the transaction commits (e.g. to send a chat line)."""
        after_commit(func)


@dataclass
class Snapshot:
    """A table read without a lock: its row, seats and engine as the database has them."""

    table: Table
    seats: dict[str, Seat]
    engine: EngineMatch | None


@contextmanager
def reading(table_id: Any, *, engine: bool = True) -> Iterator[Snapshot]:
    """Read a table without changing it; the engine (unless ``engine=False``) is borrowed from
    the cache meanwhile: use nothing of it after the block."""
    table = Table.objects.select_related("match").filter(pk=table_pk(table_id)).first()
    if table is None:
        raise refusal("no_table")
    seats = caches.load_seats(table)
    match = table.match
    borrowed = caches.checkout(match) if match is not None and engine else None
    try:
        yield Snapshot(table, seats, borrowed)
    finally:
        if borrowed is not None and match is not None:
            if transaction.get_connection().in_atomic_block:
                after_commit(lambda: caches.store(match.pk, borrowed))
            else:
                caches.store(match.pk, borrowed)


def rename_match_players(seats_played: dict[int, set[str]], name: str) -> None:
    """Write ``name`` for these seats in the matches' ``players`` (match id -> positions): an
    account closing is erased from the matches it played. No table lock: ``players`` is written
    once, when the match is dealt, and the unit of work never writes it again (its updates of a
    match row name their fields: ``_MATCH_PROGRESS``)."""
    with transaction.atomic():
        for match in Match.objects.select_for_update().filter(pk__in=seats_played):
            players = dict(match.players)
            players.update({position: name for position in seats_played[match.pk]})
            Match.objects.filter(pk=match.pk).update(players=players)
