"""Who played each match: recorded when a match is dealt, completed when it ends (the team's
result, the stand-in's share, abandonment, the seat's bidding figures).

The unit of work tells of both (``games.signals.match_dealt`` and ``match_ended``, connected in
``RankedConfig.ready``), inside the transaction that deals or ends the match, so these rows
commit with it; a ranked match's rating task is queued once that transaction commits.

A person's seat is an **abandonment** (``abandoned``) when, from what the site records of it:

- they left the table (a bot had their seat for good at the end), or
- a stand-in made more than half of the seat's actions (``Action.actor``: their turns timed out,
  or they had no socket past the grace period on their turn), or
- they were away at the end: no socket for longer than ``DISCONNECT_GRACE_SECONDS``, or none and
  a stand-in playing for them (a page closed a moment before the last card is forgiven, as the
  table forgives it).

An abandoned seat never gains rating (``ranked.ratings``: it takes the loss's change whatever its
team's result) and its match counts as abandoned, not won (``ranked.stats``)."""

from __future__ import annotations

import logging
from collections import Counter
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from core.after_commit import queue_task
from core.viewers import user_key
from games.models import Action, Match, Seat, Table
from ranked.models import MatchPlayer
from spades.engine.cards import team_of

log = logging.getLogger(__name__)

NIL_BIDS = ("nil", "blind_nil")


def record_start(table: Table, match: Match, seats: dict[str, Seat]) -> None:
    """One row per seat, as seated when the match is dealt."""
    ranked = table.kind == Table.Kind.RANKED
    MatchPlayer.objects.bulk_create(
        MatchPlayer(
            match=match,
            position=position,
            team=team_of(position),
            user_id=seat.user_id if seat.is_human else None,
            guest_key=seat.viewer_key if seat.is_human and not seat.user_id else "",
            bot_level=seat.bot_level,
            name=seat.display_name(),
            ranked=ranked,
        )
        for position, seat in seats.items()
    )


def _seat_figures(history: list[dict], position: str) -> dict[str, int]:
    """Bidding figures of one seat over the match's hands (engine.history entries)."""
    team = team_of(position)
    figures = {"hands": len(history), "nil_bids": 0, "nil_made": 0, "bids": 0, "bid_error": 0}
    bags = 0
    for hand in history:
        bid = hand["bids"][position]
        if bid in NIL_BIDS:
            figures["nil_bids"] += 1
            made = any(n["seat"] == position and n["success"] for n in hand[team]["nil"])
            figures["nil_made"] += int(made)
        else:
            figures["bids"] += 1
            figures["bid_error"] += abs(int(bid) - hand["tricks_won"][position])
        bags += hand[team]["bags_added"]
    figures["bags"] = bags
    return figures


def record_end(match: Match, seats: dict[str, Seat], history: list[dict]) -> None:
    """Complete the rows of a match that just ended (inside the same unit of work)."""
    winner = (match.result or {}).get("winner")
    counts = Counter(Action.objects.filter(match=match).values_list("seat", "actor").iterator())
    now = timezone.now()
    grace = timedelta(seconds=settings.DISCONNECT_GRACE_SECONDS)
    for player in MatchPlayer.objects.filter(match=match):
        seat = seats[player.position]
        total = sum(n for (pos, _actor), n in counts.items() if pos == player.position)
        standin = counts[(player.position, Action.Actor.STANDIN)]
        share = standin / total if total else 0.0
        person = bool(player.user_id or player.guest_key)
        key = user_key(player.user_id) if player.user_id else player.guest_key
        left = seat.viewer_key != key
        away = seat.disconnected_at is not None and (
            seat.standin or now - seat.disconnected_at >= grace
        )
        gone = person and (left or away)
        MatchPlayer.objects.filter(pk=player.pk).update(
            result=MatchPlayer.Result.WIN if winner == player.team else MatchPlayer.Result.LOSS,
            standin_share=share,
            abandoned=person and (share > 0.5 or gone),
            finished_at=now,
            **_seat_figures(history, player.position),
        )


RATE_MATCH_TASK = "ranked.rate_match"


def on_match_dealt(
    sender: Any, *, table: Table, match: Match, seats: dict[str, Seat], **kw: Any
) -> None:
    record_start(table, match, seats)


def on_match_ended(
    sender: Any,
    *,
    table: Table,
    match: Match,
    seats: dict[str, Seat],
    history: list[dict],
    **kw: Any,
) -> None:
    record_end(match, seats, history)
    if table.kind == Table.Kind.RANKED:  # the beat's rate_missed catches a lost one
        queue_task(RATE_MATCH_TASK, (match.pk,))
