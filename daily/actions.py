"""The deal of the day's use cases: the day's set, a try, settling it, the ranking.

Locking:
- ``do_open_day``: the unique ``day`` makes one set per day; two workers (or beat and a first
  visitor) racing both end with that one row (``get_or_create`` reads it back after the loser's
  IntegrityError).
- ``do_play``: the person's advisory lock (``games.session.lock_person``) for the whole use
  case, so a double click opens one table; the unique (set, viewer key) is the last word.
- ``settle``: the try's row locked (``select_for_update``); a settled try is never settled
  again. At the end of a match it runs inside the table's session (the table locked first,
  then the try), and elsewhere only on tables no longer in play or closed first through
  ``games.actions.tables.do_leave`` (its own session, before the try is locked): the same order.
- ``do_refresh_ranking``: an advisory lock per set, one ranker at a time; it ranks what was
  settled up to the version it read and records that version, so a repeated or late task does
  nothing.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from datetime import date
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.after_commit import queue_task
from core.locks import advisory_xact_lock
from core.viewers import ViewerKey
from daily import deals
from daily.matchpoints import ranks, set_points, summary
from daily.models import DailyEntry, DailySet
from games.actions.tables import do_leave, do_open_table_alone
from games.errors import ServiceError
from games.models import Action, BotLevel, Match, Table
from games.session import lock_person
from games.viewers import Viewer
from spades.engine import table_rules

log = logging.getLogger(__name__)

REFRESH_TASK = "daily.refresh_ranking"
# A burst of tries settled together is ranked once, a moment later.
REFRESH_DELAY = 2.0
PLAYER_SEAT = "S"


def daily_rules() -> dict[str, Any]:
    """The standard rules with no target that could end the set early: the match is the set's
    hands (``Match.fixed_deals``)."""
    return {**table_rules(), "target": 10000}


def do_open_day(day: date | None = None) -> DailySet:
    """The set of ``day`` (today in DAILY_TIME_ZONE by default), made on first call."""
    from django.conf import settings

    day = day or deals.today()
    found = DailySet.objects.filter(day=day).first()
    if found is not None:
        return found
    try:
        made, created = DailySet.objects.get_or_create(
            day=day, defaults=deals.new_set(day, settings.DAILY_HANDS)
        )
    except IntegrityError:  # pragma: no cover - the other writer's row, read back
        made, created = DailySet.objects.get(day=day), False
    if created:
        log.info("daily set %s made (%s hands)", day, made.hands)
    return made


def entry_of(daily_set: DailySet, viewer: Viewer | None) -> DailyEntry | None:
    if viewer is None:
        return None
    return DailyEntry.objects.filter(daily_set=daily_set, viewer_key=viewer.key).first()


def do_play(viewer: Viewer) -> DailyEntry:
    """Today's try of ``viewer``: their try in progress, or a new one at a table of their own
    (South, three Hard bots). Refused once they have played today."""
    with transaction.atomic():
        lock_person(viewer)
        daily_set = do_open_day()
        entry = entry_of(daily_set, viewer)
        if entry is not None:
            if entry.settled:
                raise ServiceError("daily_played", _("You have already played today's deals."))
            return entry
        table = do_open_table_alone(
            viewer,
            kind=Table.Kind.DAILY,
            position=PLAYER_SEAT,
            rules=daily_rules(),
            bot_level=BotLevel.HARD,
            seed=daily_set.seed,
            deal_seeds=list(daily_set.deal_seeds),
        )
        return DailyEntry.objects.create(
            daily_set=daily_set,
            viewer_key=viewer.key,
            user_id=viewer.user_id,
            nickname=viewer.name,
            table=table,
            match_id=table.match_id,
        )


def deal_result(hand: dict[str, Any]) -> int:
    """One finished hand's result for the player's team (North–South): its points minus the
    opponents', bag penalties left out (they depend on the hands before, and a deal's result
    must stand alone)."""

    def points(team: str) -> int:
        return int(hand[team]["hand"]) + int(hand[team].get("bag_penalty", 0))

    return points("NS") - points("EW")


def _history(match: Match) -> list[dict[str, Any]]:
    """The match's finished hands, replayed from its log (read only)."""
    engine = match.new_engine()
    for seat, payload in (
        Action.objects.filter(match=match).order_by("seq").values_list("seat", "payload")
    ):
        engine.apply(seat, payload)
    return engine.history


def settle(entry: DailyEntry, history: list[dict[str, Any]], finished: bool) -> bool:
    """Record a try's results (the hands in ``history`` within the set) once, and ask for the
    ranking; ``entry`` must be locked. Returns whether it was settled now."""
    if entry.settled:
        return False
    hands = entry.daily_set.hands
    entry.scores = [deal_result(h) for h in history[:hands]]
    done = finished and len(entry.scores) == hands
    entry.status = DailyEntry.Status.FINISHED if done else DailyEntry.Status.LEFT
    entry.finished_at = timezone.now()
    entry.save(update_fields=["scores", "status", "finished_at"])
    DailySet.objects.filter(pk=entry.daily_set_id).update(results_version=F("results_version") + 1)
    queue_task(REFRESH_TASK, (entry.daily_set_id,), REFRESH_DELAY)
    return True


def on_match_ended(sender: Any, *, table: Table, match: Match, history: list, **kw: Any) -> None:
    """A daily match played to its last deal: its try is settled in the same transaction."""
    if table.kind != Table.Kind.DAILY:
        return
    entry = (
        DailyEntry.objects.select_for_update()
        .select_related("daily_set")
        .filter(match_id=match.pk)
        .first()
    )
    if entry is not None:
        settle(entry, history, finished=True)


def viewer_of_entry(entry: DailyEntry) -> Viewer:
    key = ViewerKey.parse(entry.viewer_key)
    return Viewer(user_id=key.user_id, guest_id=key.guest_id, name=entry.nickname)


def do_settle(entry_id: int) -> bool:
    """Settle a try whose table is no longer in play (left, closed after everyone went away),
    or any try once its day is over (its table is closed first: the rest is not played).
    Idempotent: does nothing to a try in play on a day still open, or already settled."""
    entry = DailyEntry.objects.select_related("daily_set", "table").filter(pk=entry_id).first()
    if entry is None or entry.settled:
        return False
    table = entry.table
    playing = table is not None and table.status in (Table.Status.WAITING, Table.Status.PLAYING)
    if playing and not entry.daily_set.is_closed:
        return False
    if playing and table is not None:
        # (a refusal: the table moved on meanwhile, and is settled from what it holds)
        with suppress(ServiceError):
            do_leave(table.pk, viewer_of_entry(entry))
    with transaction.atomic():
        entry = DailyEntry.objects.select_for_update().select_related("daily_set").get(pk=entry_id)
        match = None if entry.match_id is None else Match.objects.filter(pk=entry.match_id).first()
        history = _history(match) if match is not None else []
        finished = match is not None and match.result is not None
        return settle(entry, history, finished)


def do_leave_try(viewer: Viewer) -> DailyEntry | None:
    """The player stops today's try half-way: their table closes, what was played counts."""
    daily_set = do_open_day()
    entry = entry_of(daily_set, viewer)
    if entry is None or entry.settled:
        return entry
    if entry.table_id is not None:
        with suppress(ServiceError):
            do_leave(entry.table_id, viewer)
    do_settle(entry.pk)
    entry.refresh_from_db()
    return entry


def unsettled_ids() -> list[int]:
    """The tries the beat sweep should look at: in play on a table no longer playing, or on a
    day that is over."""
    now = timezone.now()
    stale = DailyEntry.objects.filter(status=DailyEntry.Status.PLAYING).exclude(
        table__status__in=(Table.Status.WAITING, Table.Status.PLAYING),
        daily_set__closes_at__gt=now,
    )
    return list(stale.values_list("pk", flat=True)[:500])


def _write_ranks(changes: list[tuple[float, int, int]]) -> None:
    """(matchpoints, rank, try id) rows: on PostgreSQL one UPDATE joined to the three columns
    sent as arrays, elsewhere one prepared statement run for each row. ``bulk_update`` built a
    CASE per row in Python: 4 s for 500 tries here."""
    if not changes:
        return
    table = connection.ops.quote_name(DailyEntry._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            points = [float(change[0]) for change in changes]  # (a sum of nothing is int 0)
            ranks_ = [change[1] for change in changes]
            ids = [change[2] for change in changes]
            cursor.execute(
                f"UPDATE {table} AS e SET matchpoints = v.points, rank = v.rank "
                "FROM (SELECT unnest(%s::float8[]) AS points, unnest(%s::int[]) AS rank, "
                "unnest(%s::bigint[]) AS id) AS v WHERE e.id = v.id",
                [points, ranks_, ids],
            )
        else:
            cursor.executemany(
                f"UPDATE {table} SET matchpoints = %s, rank = %s WHERE id = %s", changes
            )


def do_refresh_ranking(set_id: int) -> bool:
    """Give every settled try of the set its matchpoints and rank (accounts and guests ranked
    apart, compared with everyone), and the set its spread and best result per deal. Returns
    whether anything was ranked."""
    with transaction.atomic():
        advisory_xact_lock(f"daily:rank:{set_id}")
        daily_set = DailySet.objects.filter(pk=set_id).first()
        if daily_set is None:
            return False
        version = daily_set.results_version
        if daily_set.ranked_version >= version and daily_set.spread:
            return False
        rows = list(
            DailyEntry.objects.filter(daily_set_id=set_id)
            .exclude(status=DailyEntry.Status.PLAYING)
            .order_by("pk")
            .values_list("pk", "scores", "user_id", "match_id", "status", "matchpoints", "rank")
        )
        hands = daily_set.hands
        totals, _per_deal = set_points([r[1] for r in rows], hands)
        rank_of: dict[int, int] = {}
        for accounts in (True, False):
            group = [i for i, r in enumerate(rows) if (r[2] is not None) == accounts]
            for i, rank in zip(group, ranks([totals[i] for i in group]), strict=True):
                rank_of[i] = rank
        _write_ranks(
            [(round(totals[i], 6), rank_of[i], r[0]) for i, r in enumerate(rows)
             if (round(totals[i], 6), rank_of[i]) != (r[5], r[6])]
        )  # fmt: skip
        spreads, best = [], []
        for k in range(hands):
            results = [r[1][k] if k < len(r[1]) else None for r in rows]
            spreads.append(summary(results))
            replayable = [
                (r[1][k], r[3]) for r in rows if k < len(r[1]) and r[4] == "finished" and r[3]
            ]
            top = max(replayable, key=lambda x: (x[0], -x[1]), default=None)
            best.append(None if top is None else {"score": top[0], "match_id": top[1]})
        DailySet.objects.filter(pk=set_id).update(ranked_version=version, spread=spreads, best=best)
        return True
