"""The coach at the table: a suggested bid or card, with its reason, for the seated player to move.

A read, not a change: the advice comes from the seat's own view (``engine.view(seat)``, exactly
what the player and a bot in that seat see), read through ``games.session.reading`` without a
lock. Never at ranked tables: the refusal is the server's, not only the page's. One answer per
player and table version (the consumer passes the version it last answered).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import refusal
from games.identity import Viewer
from games.models import Table
from games.session import reading


@dataclass(frozen=True)
class TableAdvice:
    """The coach's suggestion for one seat at one table version."""

    version: int
    seat: str
    action: dict
    code: str
    params: dict


def _advise(view: dict):
    from spades.bots.coach import advise  # the bots load their tables on first use

    return advise(view)


def do_advice(table_id: int, viewer: Viewer | None, answered: int | None = None) -> TableAdvice:
    """The coach's suggestion for ``viewer``'s seat. Refused at ranked tables, to anyone not
    seated, out of turn, outside play, and a second time for the same version (``answered``)."""
    with reading(table_id) as snap:
        table, engine = snap.table, snap.engine
        key = viewer.key if viewer else None
        seat = next((s for s in snap.seats.values() if key and s.viewer_key == key), None)
        if table.kind == Table.Kind.RANKED:
            raise refusal("coach_ranked")
        if seat is None:
            raise refusal("not_a_player")
        if table.status != Table.Status.PLAYING or engine is None:
            if table.status == Table.Status.FINISHED:
                raise refusal("match_over")
            if table.status == Table.Status.ABANDONED:
                raise refusal("table_closed")
            raise refusal("not_started")
        if engine.to_move != seat.position:
            raise refusal("not_your_turn")
        if answered is not None and answered == table.version:
            raise refusal("coach_once")
        view = engine.view(seat.position)  # exactly what that seat sees
        version = table.version
    advice = _advise(view)
    if advice is None or advice.action not in view["legal"]:
        raise refusal("not_your_turn")
    return TableAdvice(version, seat.position, advice.action, advice.code, dict(advice.params))
