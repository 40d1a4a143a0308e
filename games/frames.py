"""The "state" frames of docs/protocol.md, built from a table's rows and engine.

Pure: no database query, no channel layer, no event loop (the language is the only context it
reads, for the bots' names). ``games.broadcast`` sends what this builds; ``games.reading`` builds
a frame read from the database for one viewer. Both produce the same JSON (tested).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import orjson
from django.conf import settings
from django.utils import translation

from games.models import POSITIONS, Seat, Table, is_paused
from spades.engine import Match as EngineMatch
from spades.engine import Rules


def _iso(value) -> str | None:
    return value.isoformat() if value else None


def to_json(value: Any) -> str:
    return orjson.dumps(value).decode()


def seat_facts(table: Table, seat: Seat) -> dict[str, Any]:
    kind = "bot" if seat.is_bot else ("human" if seat.is_human else "empty")
    return {
        "position": seat.position,
        "kind": kind,
        "name": seat.display_name(),
        "bot_level": seat.bot_level or None,
        "connected": seat.connected,
        "standin": seat.standin,
        "host": bool(seat.viewer_key) and seat.viewer_key == table.host_key,
    }


def table_facts(table: Table, seats: dict[str, Seat], engine: EngineMatch | None) -> dict[str, Any]:
    """The public facts of the table (the same for every viewer)."""
    match = table.match
    rules = match.rules if match is not None else table.rules
    to_move = None
    if engine is not None and table.status == Table.Status.PLAYING:
        to_move = engine.to_move
    return {
        "id": table.pk,
        "kind": table.kind,
        "status": table.status,
        # The engine was built from the match's rules: no second validation on every move.
        "rules": (engine.rules if engine is not None else Rules.from_dict(rules)).to_dict(),
        "bot_level": table.bot_level,
        "turn_seconds": table.turn_seconds,
        "chat_enabled": table.chat_enabled,
        "chat_max_length": settings.CHAT_MAX_LENGTH,
        "seats": [seat_facts(table, seats[pos]) for pos in POSITIONS],
        "to_move": to_move,
        "paused": is_paused(table, seats),
        "deadline": _iso(table.turn_deadline),
        "bots_at": _iso(table.bots_at) if table.status == Table.Status.WAITING else None,
        "match": (
            None
            if match is None
            else {"id": match.pk, "number": match.number, "actions": match.action_count}
        ),
    }


def me_part(
    *,
    seat: str | None,
    name: str | None,
    host: bool,
    mutes: Iterable[str],
    standin: bool,
    invite_token: str,
    silence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The "me" part of a state frame, whether built from the database or by a consumer from a
    broadcast: the invitation token is shown to the host only. ``silence``: the viewer's chat
    ban in force (``silence_part``), if any."""
    return {
        "seat": seat,
        "name": name,
        "host": host,
        "mutes": sorted(mutes),
        "standin": standin,
        "invite_token": invite_token if host and invite_token else None,
        **(silence or NOT_SILENCED),
    }


NOT_SILENCED = {"silenced": False, "silenced_until": None, "silence_reason": None}


def silence_part(until, reason: str) -> dict[str, Any]:
    """A chat ban as the "me" part shows it (``until`` None: until a moderator lifts it)."""
    return {"silenced": True, "silenced_until": _iso(until), "silence_reason": reason}


def seat_of_key(seats: dict[str, Seat], viewer_key: str | None) -> str | None:
    if not viewer_key:
        return None
    return next((p for p in POSITIONS if seats[p].viewer_key == viewer_key), None)


def state_frame(
    table: Table,
    seats: dict[str, Seat],
    engine: EngineMatch | None,
    *,
    viewer_key: str | None,
    name: str | None,
    mutes: Iterable[str],
    silence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The full "state" frame of one viewer (None key: an anonymous spectator)."""
    position = seat_of_key(seats, viewer_key)
    facts = table_facts(table, seats, engine)
    facts["me"] = me_part(
        seat=position,
        name=name,
        host=bool(viewer_key) and viewer_key == table.host_key,
        mutes=mutes,
        standin=bool(position and seats[position].standin),
        invite_token=table.invite_token,
        silence=silence,
    )
    return {
        "type": "state",
        "version": table.version,
        "table": facts,
        "view": None if engine is None else engine.view(position),
    }


def frame_text(version: int, facts_json: str, me: dict[str, Any], view_json: str) -> str:
    """A "state" frame as sent, from the parts a broadcast carries already serialized: the
    same JSON as ``state_frame`` serialized, with "me" last in "table"."""
    table = facts_json[:-1] + ',"me":' + to_json(me) + "}"
    return (
        '{"type":"state","version":'
        + str(version)
        + ',"table":'
        + table
        + ',"view":'
        + view_json
        + "}"
    )


def facts_json(table: Table, seats: dict[str, Seat], engine: EngineMatch | None) -> dict[str, str]:
    """The table's public facts as JSON: once per language when bots are seated (their names
    are translated), else once for every language ("*")."""
    if not any(seat.is_bot for seat in seats.values()):
        return {"*": to_json(table_facts(table, seats, engine))}
    texts = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            texts[lang] = to_json(table_facts(table, seats, engine))
    return texts


@lru_cache(maxsize=4096)
def tag(secret: str) -> str:
    """A secret's public stand-in in group messages: a keyed hash (the site's SECRET_KEY) that
    tells a consumer "this seat is yours" or "you are the host" without the viewer key or token
    itself crossing Redis. Empty for an empty secret."""
    if not secret:
        return ""
    key = hashlib.sha256(settings.SECRET_KEY.encode()).digest()
    return hashlib.blake2b(secret.encode(), key=key, digest_size=12).hexdigest()


def history_frame(match_id: int | None, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The match's finished hands, oldest first (``engine.history``): sent on connect and on
    resync, never with every move (docs/protocol.md, "history")."""
    return {"type": "history", "match": match_id, "hands": hands}


def hand_result_text(match_id: int, entry_json: str) -> str:
    """The "hand_result" frame of one hand that just ended, from its entry serialized once."""
    return '{"type":"hand_result","match":' + str(match_id) + ',"hand":' + entry_json + "}"


# The spectators' view in a broadcast's ``views`` (keys are strings in the layer's msgpack).
PUBLIC_VIEW = "public"


def table_update(
    table: Table,
    seats: dict[str, Seat],
    engine: EngineMatch | None,
    hand_ended: bool = False,
) -> dict[str, Any]:
    """What a table's broadcast carries: the parts common to every viewer (facts serialized
    once per language, who sits where as public tags, the match's count of finished hands and,
    when this change ended one, its result) and, in ``views``, each view serialized once: the
    spectators' (``PUBLIC_VIEW``) and that of each seat where a person sits (bots and empty
    seats have no socket of their own). No viewer key and no token: a consumer compares tags
    with its own viewer's (``tag``) and reads its invitation token from the database. A socket
    whose viewer no longer sits where it did (just left or was removed) sees it in the tags and
    reads its state again; one whose viewer sits where it did sends that seat's view only."""
    occupants = {p: seats[p].viewer_key for p in POSITIONS if seats[p].viewer_key}
    hands = 0 if engine is None else len(engine.history)
    seen = {} if engine is None else engine.views(p for p in POSITIONS if p in occupants)
    views = {PUBLIC_VIEW: to_json(seen.get(None))}
    for position in POSITIONS:
        if position in occupants:
            views[position] = to_json(seen.get(position))
    return {
        "type": "table.state",
        "version": table.version,
        "occupants": {p: tag(key) for p, key in occupants.items()},
        "standins": [p for p in POSITIONS if seats[p].standin],
        "host": tag(table.host_key),
        "invitation": bool(table.invite_token),
        "match": table.match_id,
        "hands": hands,
        "hand_result": to_json(engine.history[-1]) if hand_ended and engine and hands else None,
        "facts": facts_json(table, seats, engine),
        "views": views,
    }
