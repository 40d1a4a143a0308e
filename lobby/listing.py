"""The lobby's read model: the tables a visitor can join or watch, as the lobby page and socket
show them.

Reads rows only (no engine, no lock). The unit of work tells when a table's listing changed
(``games.signals.listing_changed``, after the commit); ``on_listing_changed`` then sends the
lobby's sockets the new list of quick tables.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from games.broadcast import send_many
from games.models import POSITIONS, Seat, Table
from games.texts import rules_summary

LOBBY_GROUP = "lobby"


def table_url(table_id: int) -> str | None:
    try:
        return reverse("games:table", kwargs={"pk": table_id})
    except NoReverseMatch:
        return None


def _seats_by_table(tables: list[Table]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table__in=tables):
        seats.setdefault(seat.table_id, []).append(seat)
    for row in seats.values():
        row.sort(key=lambda seat: POSITIONS.index(seat.position))
    return seats


def open_quick_tables() -> list[dict]:
    """Quick tables waiting for players (with at least one person seated), oldest first."""
    tables = list(
        Table.objects.filter(kind=Table.Kind.QUICK, status=Table.Status.WAITING)
        .exclude(bots_at=None)
        .order_by("created_at")[:50]
    )
    seats = _seats_by_table(tables)
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
                "url": table_url(table.pk),
                "join_url": _reverse("lobby:join", table.pk),
            }
        )
    return out


def playing_tables(limit: int = 20) -> list[dict]:
    """Public tables in play with a person seated, the most recently active first: anyone may
    watch them."""
    tables = list(
        Table.objects.filter(kind=Table.Kind.QUICK, status=Table.Status.PLAYING)
        .filter(seats__viewer_key__gt="")
        .distinct()
        .order_by("-updated_at")[:limit]
    )
    seats = _seats_by_table(tables)
    return [
        {
            "id": table.pk,
            "players": [s.display_name() for s in seats.get(table.pk, [])],
            "rules": rules_summary(table.rules),
            "url": table_url(table.pk),
        }
        for table in tables
    ]


def _reverse(name: str, table_id: int) -> str | None:
    try:
        return reverse(name, args=[table_id])
    except NoReverseMatch:
        return None


def lobby_frame() -> dict[str, Any]:
    """The lobby socket's frame (docs/protocol.md): open tables and tables in play."""
    return {"type": "tables", "tables": open_quick_tables(), "playing": playing_tables()}


def lobby_frames() -> dict[str, dict]:
    """``lobby_frame`` once per language (names, summaries and URLs are translated)."""
    frames = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            frames[lang] = lobby_frame()
    return frames


def publish_lobby(frames_by_language: dict[str, dict]) -> None:
    """The lobby's frame (its lists of tables), one per language."""
    send_many([(LOBBY_GROUP, {"type": "lobby.tables", "frames": frames_by_language})])


def on_listing_changed(sender: Any, *, table: Table, **kw: Any) -> None:
    """Only quick tables are listed: a change to one sends the lobby its list again."""
    if table.kind == Table.Kind.QUICK:
        publish_lobby(lobby_frames())
