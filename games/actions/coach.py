"""Every route to the bots' advice: the coach's suggested bid or card with its reason (the socket's
``advice``), and the bidding estimate of one's own hand (the page's ``GET …/estimation/``).

Reads, not changes: the advice comes from the seat's own view (``engine.view(seat)``, exactly
what the player and a bot in that seat see), read through ``games.session.reading`` without a
lock. Both pass one gate, ``_advised_seat``: never at ranked or daily tables (the refusal is the
server's, not only the page's), only to the person seated, only while the table plays. The coach
answers once per player and table version (the consumer passes the version it last answered).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.errors import refusal
from games.models import Seat, Table
from games.session import Snapshot, reading
from games.viewers import Viewer

if TYPE_CHECKING:
    from spades.bots.coach import Advice
    from spades.engine.actions import Action as EngineAction
    from spades.engine.actions import SeatView


@dataclass(frozen=True)
class TableAdvice:
    """The coach's suggestion for one seat at one table version."""

    version: int
    seat: str
    action: EngineAction
    code: str
    params: dict[str, Any]


def _advise(view: SeatView) -> Advice | None:
    from spades.bots.coach import advise  # the bots load their tables on first use

    return advise(view)


def _advised_seat(snap: Snapshot, viewer: Viewer | None) -> Seat:
    """The one gate of bot advice: the viewer's seat at a table in play that is not ranked."""
    table, engine = snap.table, snap.engine
    key = viewer.key if viewer else None
    seat = next((s for s in snap.seats.values() if key and s.viewer_key == key), None)
    if table.kind == Table.Kind.RANKED:
        raise refusal("coach_ranked")
    if table.kind == Table.Kind.DAILY:
        raise refusal("coach_daily")  # everyone meets the day's deals on their own
    if seat is None:
        raise refusal("not_a_player")
    if table.status != Table.Status.PLAYING or engine is None:
        if table.status == Table.Status.FINISHED:
            raise refusal("match_over")
        if table.status == Table.Status.ABANDONED:
            raise refusal("table_closed")
        raise refusal("not_started")
    return seat


def do_estimate(table_id: int, viewer: Viewer | None) -> dict[str, Any]:
    """The bots' trick estimate of ``viewer``'s own hand while it is face up during the
    bidding: ``{"hand_number", "bid", "total", "nil_risk", …}``, ``bid`` None once the bidding
    is over (a late request). An infinite nil risk (the ace of spades) is None: strict JSON."""
    from spades.bots import estimate_tricks
    from spades.bots.cards import has_jokers

    with reading(table_id) as snap:
        seat = _advised_seat(snap, viewer)
        view = snap.engine.view(seat.position)  # type: ignore[union-attr]
    if view.get("phase") != "bidding":
        return {"hand_number": view.get("hand_number"), "bid": None}
    hand = view.get("hand")
    if not hand or view.get("hand_hidden"):
        raise refusal("no_hand")
    estimate = estimate_tricks(hand, has_jokers(view.get("rules"))).to_dict()
    clean = {
        k: v if not isinstance(v, float) or math.isfinite(v) else None for k, v in estimate.items()
    }
    return {"hand_number": view.get("hand_number"), **clean}


def do_advice(table_id: int, viewer: Viewer | None, answered: int | None = None) -> TableAdvice:
    """The coach's suggestion for ``viewer``'s seat. Refused at ranked tables, to anyone not
    seated, out of turn, outside play, and a second time for the same version (``answered``)."""
    with reading(table_id) as snap:
        table, engine = snap.table, snap.engine
        seat = _advised_seat(snap, viewer)
        assert engine is not None
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
