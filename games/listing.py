"""The lobby's read model: the tables a visitor can join, as the lobby page and socket show them.

Reads rows only (no engine, no lock), so the unit of work can call it after a commit to refresh
the lobby without an import circle.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from games.models import POSITIONS, Seat, Table
from games.rule_text import rules_summary


def table_url(table_id: int) -> str | None:
    try:
        return reverse("games:table", kwargs={"pk": table_id})
    except NoReverseMatch:
        return None


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
                "url": table_url(table.pk),
            }
        )
    return out


def lobby_tables() -> dict[str, list[dict]]:
    """``open_quick_tables`` once per language (names, summaries and URLs are translated)."""
    tables = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            tables[lang] = open_quick_tables()
    return tables
