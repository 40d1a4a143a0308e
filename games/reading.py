"""What a viewer reads of a table: the "state" frame from the database, and the chat they may
see. No lock and no change (see ``games.session.reading``)."""

from __future__ import annotations

from games import frames
from games.actions.chat import viewer_mutes
from games.models import ChatMessage, Table
from games.sanctions import silence_of
from games.session import reading
from games.viewers import Viewer


def table_state(table_id: int, viewer: Viewer | None) -> dict:
    """The "state" frame of docs/protocol.md for this viewer (None: an anonymous spectator)."""
    return table_frames(table_id, viewer)[0]


def table_frames(table_id: int, viewer: Viewer | None) -> tuple[dict, dict]:
    """This viewer's "state" frame and the match's "history" frame, read together (the history
    is that of the match the state shows)."""
    key = viewer.key if viewer else None
    ban = silence_of(key)
    silence = None if ban is None else frames.silence_part(ban.until, ban.reason)
    with reading(table_id) as snap:
        state = frames.state_frame(
            snap.table,
            snap.seats,
            snap.engine,
            viewer_key=key,
            name=viewer.name if viewer else None,
            mutes=viewer_mutes(snap.table.pk, key),
            silence=silence,
        )
        # A copy of the list (the engine goes back to the cache, and may finish another hand
        # before this is sent); the entries themselves never change.
        hands = [] if snap.engine is None else list(snap.engine.history)
        return state, frames.history_frame(snap.table.match_id, hands)


def visible_chat(table_id: int, viewer_key: str | None, limit: int = 50) -> list[dict]:
    """The last messages this viewer may see (not hidden, not from a seat they muted)."""
    rows = (
        ChatMessage.objects.filter(table_id=table_id, hidden=False)
        .exclude(position__in=viewer_mutes(table_id, viewer_key))
        .order_by("-created_at", "-pk")[:limit]
    )
    return [m.as_frame_dict() for m in reversed(rows)]


def version_of(table_id: int) -> int | None:
    """The table's state version (None: no such table), for a client asking whether it is behind."""
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()
