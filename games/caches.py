"""This process's copies of table rows and engines, owned by the unit of work (games.session).

The database is the source of truth. Two LRUs save reading and replaying on every move:

- engines by match id, each at some number of applied actions; an entry is used only after
  checking it against ``Match.action_count`` read under the table lock, and advanced by replaying
  only the missing actions. An entry is checked *out* (removed) while a session uses it and goes
  back only once what it reflects is committed, so a rolled-back action never survives here and
  two threads never share an engine;
- the seats and current match of a table as some commit of this process left them, stamped with
  the table row's ``(version, updated_at)`` after that commit. Every change to a table's seats or
  match goes through a session that saves the table row in the same transaction, which moves
  ``updated_at``: a locked row with the same stamp proves the cached rows current.

Only ``games.session`` imports this module (tests/test_core_structure.py checks it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from typing import TypeAlias

from games import move_sql
from games.models import Action, Match, Seat, Table
from spades.engine import Match as EngineMatch
from spades.engine.shuffle import new_seed

CACHE_SIZE = 512

#: What cached rows are stamped with: the table row's ``version`` and ``updated_at``.
_Stamp: TypeAlias = tuple[int, datetime]

# A finished match's engine is read again only by a late viewer of its table: a few are kept
# apart, so that the engines of matches in play are not crowded out and memory stays flat on a
# server that plays match after match (a 30-minute soak grew each web process by 40 MB before).
FINISHED_CACHE_SIZE = 32
_engines: OrderedDict[int, EngineMatch] = OrderedDict()
_finished: OrderedDict[int, EngineMatch] = OrderedDict()
_rows: OrderedDict[int, tuple[_Stamp, dict[str, Seat], Match | None]] = OrderedDict()
_lock = threading.Lock()
stats = {"hits": 0, "misses": 0, "replayed": 0, "row_hits": 0, "row_misses": 0}


def clear() -> None:
    """Forget every cached engine and row (as after a restart of the process)."""
    with _lock:
        _engines.clear()
        _finished.clear()
        _rows.clear()


def _stamp(table: Table) -> _Stamp:
    return (table.version, table.updated_at)


def load_seats(table: Table) -> dict[str, Seat]:
    return {seat.position: seat for seat in move_sql.instances(Seat, "table_id = %s", [table.pk])}


def load_match(table: Table) -> Match | None:
    """The table's current match, read and set on ``table.match``."""
    if table.match_id is None:
        return None
    found = move_sql.instances(Match, "id = %s", [table.match_id])
    table.match = found[0] if found else None
    return table.match


def checkout_rows(table: Table) -> dict[str, Seat]:
    """The seats of the locked ``table`` (and its match, set on ``table.match``): from the cache
    when the row's stamp matches, else from the database. The caller owns them until
    ``store_rows``."""
    with _lock:
        entry = _rows.pop(table.pk, None)
    if entry is not None:
        stamp, seats, match = entry
        if stamp == _stamp(table) and (match.pk if match else None) == table.match_id:
            stats["row_hits"] += 1
            if match is not None:
                table.match = match
            return seats
    stats["row_misses"] += 1
    load_match(table)
    return load_seats(table)


def store_rows(table: Table, seats: dict[str, Seat]) -> None:
    """Keep the rows as committed (call after the commit, with nothing changed since)."""
    match = table.match if table.match_id is not None else None
    with _lock:
        _rows[table.pk] = (_stamp(table), seats, match)
        _rows.move_to_end(table.pk)
        while len(_rows) > CACHE_SIZE:
            _rows.popitem(last=False)


def checkout(match: Match) -> EngineMatch:
    """The engine for ``match`` as of ``match.action_count``; the caller owns it until
    ``store``."""
    with _lock:
        engine = _engines.pop(match.pk, None)
        if engine is None:
            engine = _finished.pop(match.pk, None)
    count = match.action_count
    if engine is None or engine.action_count > count:
        stats["misses"] += 1
        # Its next hand's seed is drawn when the session deals it (and written with the move).
        engine = match.new_engine(fresh=new_seed)
    else:
        stats["hits"] += 1
    done = engine.action_count
    if done < count:
        if engine.deals is not None:
            # Another process may have dealt hands this engine has not seen: their seeds are in
            # the row, committed with the moves that dealt them.
            engine.deals.seeds = list(match.deal_seeds)
        missing = move_sql.select(
            Action, ("seat", "payload"), "match_id = %s AND seq > %s AND seq <= %s",
            [match.pk, done, count], order="seq",
        )  # fmt: skip
        for seat, payload in missing:
            engine.apply(seat, payload)
            stats["replayed"] += 1
        if engine.action_count != count:  # pragma: no cover - a corrupt log
            raise RuntimeError(f"match {match.pk}: {engine.action_count} actions, expected {count}")
    return engine


def store(match_id: int, engine: EngineMatch) -> None:
    """Give an engine back, once what it holds is committed (a more advanced copy wins)."""
    cache, size = (_finished, FINISHED_CACHE_SIZE) if engine.is_over else (_engines, CACHE_SIZE)
    with _lock:
        current = _engines.get(match_id, _finished.get(match_id))
        if current is not None and current.action_count > engine.action_count:
            return
        _engines.pop(match_id, None)
        cache[match_id] = engine
        cache.move_to_end(match_id)
        while len(cache) > size:
            cache.popitem(last=False)
