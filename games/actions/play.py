"""Play: a person bids, plays or looks at their cards; a bot (or a stand-in) makes its move.

A bot sees exactly its seat's view, as a person does. Its choice is computed outside the table
lock; the move is applied under the lock after checking that the table is still at the version
the move was planned for, so a late or repeated task does nothing.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from django.conf import settings

from games.actions.turns import plan
from games.errors import ServiceError, refusal
from games.models import Action, BotLevel, Table, is_paused
from games.session import TableSession, reading
from games.viewers import Viewer

if TYPE_CHECKING:
    from spades.engine.actions import Action as EngineAction
    from spades.engine.actions import SeatView

log = logging.getLogger(__name__)

STANDIN_LEVEL = BotLevel.NORMAL


def _after_action(s: TableSession, action: EngineAction) -> None:
    """New version and deadlines; a play that leaves no card on the felt took a trick (and maybe
    ended the hand): everyone gets a moment to see it before the next move."""
    s.bump()
    engine = s.engine
    took_trick = action.get("type") == "play" and engine is not None and engine.hand.trick_len == 0
    pause = settings.TRICK_PAUSE_SECONDS if took_trick else 0.0
    if took_trick and engine is not None and not engine.is_over and engine.hand.bidding:
        pause += settings.HAND_PAUSE_SECONDS  # a new deal: the last hand's result comes first
    plan(s, new_turn=action.get("type") != "look", pause=pause)


def do_act(
    table_id: int, viewer: Viewer | None, action: EngineAction, version: int | None = None
) -> None:
    """``viewer`` bids, plays or looks at their cards. Refused (nothing changes) when it is not
    theirs to do, illegal, or ``version`` is not the table's current version."""
    with TableSession(table_id) as s:
        table = s.table
        seat = s.seat_of(viewer)
        if seat is None:
            raise refusal("not_a_player")
        if version is not None and version != table.version:
            raise refusal("stale_version")
        if table.status != Table.Status.PLAYING or s.engine is None:
            if table.status == Table.Status.FINISHED:
                raise refusal("match_over")
            if table.status == Table.Status.ABANDONED:
                raise refusal("table_closed")
            raise refusal("not_started")
        s.apply(seat.position, action, Action.Actor.HUMAN)
        seat.standin = False  # the person is back: any action of theirs takes the seat back
        _after_action(s, action)


def _choose_bot_action(
    level: str, view: SeatView, rng: random.Random, exact: bool = False
) -> EngineAction | None:
    from spades.bots import choose_action  # the bots load their tables on first use

    return choose_action(level, view, rng=rng, exact=exact)


def _bot_choice(table_id: int, version: int) -> tuple[str, EngineAction] | None:
    """The seat to move and the action its bot chooses from that seat's view, or None when no
    bot is to move at ``version``."""
    with reading(table_id) as snap:
        table, engine, match = snap.table, snap.engine, snap.table.match
        if table.version != version or table.status != Table.Status.PLAYING or engine is None:
            return None
        if match is None:  # never with an engine (it is the match's)
            return None
        position = engine.to_move
        if position is None:
            return None
        seat = snap.seats[position]
        if not (seat.is_bot or seat.standin):
            return None
        view = engine.view(position)  # exactly what that seat sees
        level = seat.bot_level or STANDIN_LEVEL
        # From the match's seed and the moves so far: at tables dealt alike (the daily deals,
        # one seed for the day), the same moves meet the same answers, never cut by the clock.
        rng = random.Random(f"{match.seed}:{match.action_count}")
        exact = table.kind == Table.Kind.DAILY
    action: EngineAction | None
    try:
        action = _choose_bot_action(level, view, rng, exact)
    except Exception:
        log.exception("bot %s failed at table %s", level, table_id)
        action = None
    if action is None or action not in view["legal"]:
        if action is not None:
            log.error("bot %s chose an illegal action %r at table %s", level, action, table_id)
        if not view["legal"]:
            return None
        action = view["legal"][0]
    return position, action


def do_bot_move(table_id: int, version: int) -> bool:
    """The bot (or stand-in bot) to move plays, if the table is still at ``version``. Returns
    whether a move was applied."""
    try:
        choice = _bot_choice(table_id, version)
    except ServiceError:  # the table is gone: nothing to do
        return False
    if choice is None:
        return False
    position, action = choice
    with TableSession(table_id) as s:
        if s.table.version != version or s.table.status != Table.Status.PLAYING:
            return False
        if s.engine is None or s.engine.to_move != position:
            return False
        seat = s.seats[position]
        if is_paused(s.table, s.seats) or not (seat.is_bot or seat.standin):
            return False
        actor = Action.Actor.BOT if seat.is_bot else Action.Actor.STANDIN
        s.apply(position, action, actor)
        _after_action(s, action)
        return True
