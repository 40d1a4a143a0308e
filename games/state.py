"""Engine objects rebuilt from the database, and the "state" frames built from them.

The database is the source of truth. A process keeps an LRU of engine ``Match`` objects keyed by
match id, each with the number of actions it has applied; an entry is used only after checking
it against ``Match.action_count`` as read from the database, and advanced by replaying only the
missing actions. An entry is checked *out* (removed) while someone uses it and checked back in
only once what it reflects is committed, so a rolled-back action never survives in the cache and
two threads never share an engine object.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import orjson
from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation

from games import rows
from games.engine import Match as EngineMatch
from games.engine import Rules
from games.models import POSITIONS, Action, Connection, Match, Mute, Seat, Table

CACHE_SIZE = 512
# A connection not refreshed for this long belongs to a dead process (consumers refresh it
# every HEARTBEAT_SECONDS).
HEARTBEAT_SECONDS = 30
CONNECTION_STALE_SECONDS = 95
# A broadcast from outside the server waits this long for Redis before giving up.
SEND_TIMEOUT = 10.0

_cache: OrderedDict[int, EngineMatch] = OrderedDict()
_cache_lock = threading.Lock()
stats = {"hits": 0, "misses": 0, "replayed": 0, "row_hits": 0, "row_misses": 0}


# The seats and current match of a table as some commit of this process left them, stamped
# with the table row's (version, updated_at) after that commit. Every change to a table's seats
# or match happens in a service that saves the table row in the same transaction, which moves
# updated_at: a locked row with the same stamp proves the cached rows current.
_rows: OrderedDict[int, tuple[tuple, dict[str, Seat], Match | None]] = OrderedDict()


def clear_cache() -> None:
    """Forget every cached engine and row (tests use it to check that nothing lives only in
    memory)."""
    with _cache_lock:
        _cache.clear()
        _rows.clear()


def _stamp(table: Table) -> tuple:
    return (table.version, table.updated_at)


def checkout_rows(table: Table) -> dict[str, Seat]:
    """The seats of the locked ``table`` (and its match, set on ``table.match``): from the cache
    when the row's stamp matches, else from the database. The caller owns them until
    ``store_rows``."""
    with _cache_lock:
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
    """Keep the rows a commit just wrote (call once it has committed, with nothing changed
    since)."""
    match = table.match if table.match_id is not None else None
    with _cache_lock:
        _rows[table.pk] = (_stamp(table), seats, match)
        _rows.move_to_end(table.pk)
        while len(_rows) > CACHE_SIZE:
            _rows.popitem(last=False)


def checkout(match: Match) -> EngineMatch:
    """The engine for ``match`` as of ``match.action_count``; the caller owns it until checkin."""
    with _cache_lock:
        engine = _cache.pop(match.pk, None)
    count = match.action_count
    if engine is None or len(engine.actions) > count:
        stats["misses"] += 1
        engine = EngineMatch(Rules.from_dict(match.rules), match.seed)
    else:
        stats["hits"] += 1
    done = len(engine.actions)
    if done < count:
        missing = rows.select(
            Action, ("seat", "payload"), "match_id = %s AND seq > %s AND seq <= %s",
            [match.pk, done, count], order="seq",
        )  # fmt: skip
        for seat, payload in missing:
            engine.apply(seat, payload)
            stats["replayed"] += 1
        if len(engine.actions) != count:  # pragma: no cover - a corrupt log
            raise RuntimeError(f"match {match.pk}: {len(engine.actions)} actions, expected {count}")
    return engine


def _store(match_id: int, engine: EngineMatch) -> None:
    with _cache_lock:
        current = _cache.get(match_id)
        if current is not None and len(current.actions) > len(engine.actions):
            return
        _cache[match_id] = engine
        _cache.move_to_end(match_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def checkin(match_id: int, engine: EngineMatch) -> None:
    """Give an engine back to the cache, once what it holds is committed."""
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: _store(match_id, engine))
    else:
        _store(match_id, engine)


@contextmanager
def borrowed(match: Match) -> Iterator[EngineMatch]:
    """Use an engine for ``match`` for a moment (read-only); it goes back to the cache after."""
    engine = checkout(match)
    yield engine
    checkin(match.pk, engine)


# ----------------------------------------------------------------------------- presence


def present_keys(table_id: int, now=None) -> set[str]:
    """Viewer keys with a live socket at the table."""
    now = now or timezone.now()
    since = now - timedelta(seconds=CONNECTION_STALE_SECONDS)
    return set(
        Connection.objects.filter(table_id=table_id, seen_at__gte=since)
        .exclude(viewer_key="")
        .values_list("viewer_key", flat=True)
    )


# ----------------------------------------------------------------------------- frames


def group_for(table_id: int, position: str | None) -> str:
    """The channel-layer group of one seat ("table.12.N") or of the spectators ("table.12.public")."""
    return f"table.{table_id}.{position or 'public'}"


def chat_group(table_id: int) -> str:
    return f"table.{table_id}.chat"


LOBBY_GROUP = "lobby"


def _iso(value) -> str | None:
    return value.isoformat() if value else None


def table_url(table_id: int) -> str | None:
    try:
        return reverse("games:table", kwargs={"pk": table_id})
    except NoReverseMatch:
        return None


def table_facts(table: Table, seats: dict[str, Seat], engine: EngineMatch | None) -> dict[str, Any]:
    """The public facts of the table (the same for every viewer)."""
    rules = table.rules
    if table.match is not None:
        rules = table.match.rules
    seat_list = []
    for pos in POSITIONS:
        seat = seats[pos]
        kind = "bot" if seat.is_bot else ("human" if seat.is_human else "empty")
        seat_list.append(
            {
                "position": pos,
                "kind": kind,
                "name": seat.display_name(),
                "bot_level": seat.bot_level or None,
                "connected": seat.connected,
                "standin": seat.standin,
                "host": bool(seat.viewer_key) and seat.viewer_key == table.host_key,
            }
        )
    to_move = None
    if engine is not None and table.status == Table.Status.PLAYING:
        to_move = engine.to_move
    return {
        "id": table.pk,
        "kind": table.kind,
        "status": table.status,
        "rules": Rules.from_dict(rules).to_dict(),
        "bot_level": table.bot_level,
        "turn_seconds": table.turn_seconds,
        "chat_enabled": table.chat_enabled,
        "chat_max_length": settings.CHAT_MAX_LENGTH,
        "seats": seat_list,
        "to_move": to_move,
        "deadline": _iso(table.turn_deadline),
        "bots_at": _iso(table.bots_at) if table.status == Table.Status.WAITING else None,
        "match": (
            None
            if table.match is None
            else {
                "id": table.match.pk,
                "number": table.match.number,
                "actions": table.match.action_count,
            }
        ),
    }


def me_facts(
    table: Table,
    seats: dict[str, Seat],
    viewer_key: str | None,
    name: str | None,
    mutes: list[str],
) -> dict[str, Any]:
    """What differs per viewer: their seat, host flag, mutes, invitation token (host only)."""
    position = None
    if viewer_key:
        position = next((p for p in POSITIONS if seats[p].viewer_key == viewer_key), None)
    return me_part(
        seat=position,
        name=name,
        host=bool(viewer_key) and viewer_key == table.host_key,
        mutes=mutes,
        standin=bool(position and seats[position].standin),
        invite_token=table.invite_token,
    )


def me_part(
    *,
    seat: str | None,
    name: str | None,
    host: bool,
    mutes: Iterable[str],
    standin: bool,
    invite_token: str,
) -> dict[str, Any]:
    """The "me" part of a state frame, whether built from the database or by a consumer from a
    broadcast: the invitation token is shown to the host only."""
    return {
        "seat": seat,
        "name": name,
        "host": host,
        "mutes": sorted(mutes),
        "standin": standin,
        "invite_token": invite_token if host and invite_token else None,
    }


def state_frame(
    table: Table,
    seats: dict[str, Seat],
    engine: EngineMatch | None,
    position: str | None,
) -> dict[str, Any]:
    """The "state" frame for ``position`` (None: spectator), without the per-viewer "me" part."""
    return {
        "type": "state",
        "version": table.version,
        "table": table_facts(table, seats, engine),
        "view": None if engine is None else engine.view(position),
    }


def load_seats(table: Table) -> dict[str, Seat]:
    return {seat.position: seat for seat in rows.instances(Seat, "table_id = %s", [table.pk])}


def load_match(table: Table) -> Match | None:
    """The table's current match, read and set on ``table.match``."""
    if table.match_id is None:
        return None
    found = rows.instances(Match, "id = %s", [table.match_id])
    table.match = found[0] if found else None
    return table.match


def viewer_mutes(table_id: int, viewer_key: str | None) -> list[str]:
    if not viewer_key:
        return []
    return list(
        Mute.objects.filter(table_id=table_id, viewer_key=viewer_key).values_list(
            "position", flat=True
        )
    )


def build_state(table: Table, viewer_key: str | None, name: str | None) -> dict[str, Any]:
    """The full "state" frame of one viewer, read from the database."""
    seats = load_seats(table)
    me = me_facts(table, seats, viewer_key, name, viewer_mutes(table.pk, viewer_key))
    if table.match is None:
        frame = state_frame(table, seats, None, me["seat"])
    else:
        with borrowed(table.match) as engine:
            frame = state_frame(table, seats, engine, me["seat"])
    frame["table"]["me"] = me
    return frame


# ----------------------------------------------------------------------------- broadcast


_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """This process's broadcast loop, for code running outside any event loop (Celery tasks,
    commands, sync tests). ``async_to_sync`` there would open a new event loop per call, and
    the channel layer a new Redis connection with each loop."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid() or _sender[1].is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="broadcasts", daemon=True)
            thread.start()
            _sender = (os.getpid(), loop)
        return _sender[1]


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's event loop when this thread runs on its behalf (sync_to_async)."""
    local = SyncToAsync.threadlocal
    loop = getattr(local, "main_event_loop", None)
    if loop is None or getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    return loop if loop.is_running() else None


def _send_many(messages: list[tuple[str, dict]]) -> None:
    """Send group messages in one go (in one Redis round trip with the project's layer), on the
    server's event loop when there is one, else on this process's broadcast loop."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        if hasattr(layer, "group_send_many"):  # one Redis round trip (games.layers)
            await layer.group_send_many(messages)
        else:
            await asyncio.gather(*(layer.group_send(g, message) for g, message in messages))

    if _server_loop() is not None:
        async_to_sync(send_all)()
    else:
        asyncio.run_coroutine_threadsafe(send_all(), _sender_loop()).result(timeout=SEND_TIMEOUT)


def _send(group: str, message: dict) -> None:
    _send_many([(group, message)])


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _facts_json(table: Table, seats: dict[str, Seat], engine: EngineMatch | None) -> dict[str, str]:
    """The table's public facts as JSON: once per language when bots are seated (their names
    are translated), else once for every language ("*")."""
    if not any(seat.is_bot for seat in seats.values()):
        return {"*": _json(table_facts(table, seats, engine))}
    texts = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            texts[lang] = _json(table_facts(table, seats, engine))
    return texts


def frame_text(version: int, facts_json: str, me: dict[str, Any], view_json: str) -> str:
    """A "state" frame as sent, from the parts a broadcast carries already serialized: the
    same JSON as ``json.dumps`` of ``build_state``'s frame, with "me" last in "table"."""
    table = facts_json[:-1] + ',"me":' + _json(me) + "}"
    return (
        '{"type":"state","version":'
        + str(version)
        + ',"table":'
        + table
        + ',"view":'
        + view_json
        + "}"
    )


def publish_table(
    table: Table,
    seats: dict[str, Seat],
    engine: EngineMatch | None,
) -> None:
    """Send every seat its own frame and the spectators theirs. Frames are serialized here, once
    per seat (the facts once per language at most); each consumer adds its viewer's "me" part
    (``frame_text``), so a socket never parses or re-encodes a frame."""
    occupants = {p: seats[p].viewer_key for p in POSITIONS if seats[p].viewer_key}
    common = {
        "type": "table.state",
        "version": table.version,
        "occupants": occupants,
        "standins": [p for p in POSITIONS if seats[p].standin],
        "host_key": table.host_key,
        "invite_token": table.invite_token,
        "facts": _facts_json(table, seats, engine),
    }
    public = _json(None if engine is None else engine.view(None))
    messages = []
    for position in POSITIONS:
        # Seats without a person get the public view: a socket still listening there (its
        # viewer just left or was removed) learns that it must switch groups.
        view = public
        if position in occupants and engine is not None:
            view = _json(engine.view(position))
        messages.append((group_for(table.pk, position), {**common, "view": view}))
    messages.append((group_for(table.pk, None), {**common, "view": public}))
    _send_many(messages)


def publish_chat(table_id: int, message: dict) -> None:
    _send(chat_group(table_id), {"type": "table.chat", "message": message})


def publish_chat_hidden(table_id: int, message_id: int) -> None:
    _send(chat_group(table_id), {"type": "table.chat_hidden", "id": message_id})


def publish_lobby() -> None:
    """The open quick tables, once per language (names, summaries and URLs are translated)."""
    from games.services import open_quick_tables

    tables = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            tables[lang] = open_quick_tables()
    _send(LOBBY_GROUP, {"type": "lobby.tables", "tables": tables})
