"""Rounds: a round started when it is due (pairs, byes, forfeits of absent pairs, a table for
each game), a game's result recorded when its match ends, the tournament finished. Each use
case locks the tournament (``locking``); idempotent, for beat and its catch-ups."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core.after_commit import queue_task
from core.viewers import user_key
from games.actions.turns import start_match
from games.models import Match, Table
from games.session import TableSession
from spades.engine import Rules, table_rules
from tournaments import pairing
from tournaments.actions.locking import changed, lock
from tournaments.actions.seeding import form_pairs
from tournaments.models import Format, Game, Pair, Registration, Round, Tournament
from tournaments.standings import standing_rows

log = logging.getLogger(__name__)

START_ROUND_TASK = "tournaments.start_round"
TEAM_SEATS = {"a": ("N", "S"), "b": ("E", "W")}


def _present(t: Tournament, now: datetime) -> set[int]:
    """The players seen on the tournament's page lately (TOURNAMENT_PRESENCE_SECONDS), and the
    bot accounts registered: a program keeps no page open; the bot API names its table
    (``GET /api/bot/ranked/``) and a program that never connects is a dead connection, which
    ranked abandonment already handles."""
    since = now - timedelta(seconds=settings.TOURNAMENT_PRESENCE_SECONDS)
    return set(
        Registration.objects.filter(tournament=t)
        .filter(Q(seen_at__gte=since) | Q(user__is_bot=True))
        .values_list("user_id", flat=True)
    )


def _is_absent(pair: Pair, present: set[int]) -> bool:
    """A pair is absent when it withdrew, or when none of its players is here (a pair of bots
    is always here)."""
    if pair.withdrawn_at is not None:
        return True
    users = pair.user_ids()
    return bool(users) and not any(u in present for u in users)


@dataclass
class _Planned:
    a: Pair
    b: Pair | None


def _plan_round(t: Tournament, number: int, pairs: dict[int, Pair]) -> list[_Planned]:
    games = list(
        Game.objects.filter(round__tournament=t)
        .order_by("round__number", "board")
        .values("round__number", "pair_a_id", "pair_b_id", "outcome", "winner_id")
    )
    if t.format == Format.KNOCKOUT:
        if number == 1:
            seeds = sorted(pairs.values(), key=lambda p: p.number)
            return [_Planned(a, b) for a, b in pairing.knockout_first_round(seeds)]
        last = [g for g in games if g["round__number"] == number - 1]
        winners = [pairs[g["winner_id"]] for g in last if g["winner_id"]]
        return [_Planned(a, b) for a, b in pairing.knockout_next_round(winners)]
    active = [p for p in pairs.values() if p.withdrawn_at is None]
    active.sort(key=lambda p: (-p.points, -p.rating, p.number))
    history = [(g["pair_a_id"], g["pair_b_id"]) for g in games if g["pair_b_id"]]
    byes = [g["pair_a_id"] for g in games if g["outcome"] == Game.Outcome.BYE]
    plan = pairing.swiss([p.pk for p in active], history, byes)
    out = [_Planned(pairs[a], pairs[b]) for a, b in plan.games]
    if plan.bye is not None:
        out.append(_Planned(pairs[plan.bye], None))
    return out


def tournament_rules(t: Tournament) -> dict:
    """A round's short match: the standard rules with the tournament's target and hand
    limit."""
    rules = {**table_rules(), "target": t.target, "hand_limit": t.hand_limit or None}
    return Rules.from_dict(rules).to_dict()


def _open_table(t: Tournament, a: Pair, b: Pair, present: set[int]) -> Table:
    """A table for one game: pair A North–South, pair B East–West; a player who is not here
    and every bot seat get a bot of the tournament's level (``start_match`` fills the empty
    seats), and the match is dealt at once."""
    users = get_user_model().objects.in_bulk([*a.user_ids(), *b.user_ids()])
    fields = {
        "kind": Table.Kind.RANKED if t.rated else Table.Kind.PRIVATE,
        "rules": tournament_rules(t),
        "bot_level": t.bot_level,
        "turn_seconds": settings.TURN_SECONDS or 30,
        "chat_enabled": True,
    }
    with TableSession.new(**fields) as s:
        now = timezone.now()
        for side, pair in (("a", a), ("b", b)):
            for position, uid in zip(
                TEAM_SEATS[side], (pair.player_a_id, pair.player_b_id), strict=True
            ):
                user = users.get(uid) if uid is not None else None
                if user is None or uid not in present:
                    continue  # a bot plays this seat
                seat = s.seats[position]
                seat.clear()
                seat.user_id = user.pk
                seat.viewer_key = user_key(user.pk)
                seat.nickname = user.public_name()
                seat.disconnected_at = now  # until their table page opens its socket
        start_match(s)
        return s.table


def _decide(game: Game, winner: Pair | None, outcome: str, now: datetime) -> None:
    game.outcome = outcome
    game.winner = winner
    game.decided_at = now
    game.save(update_fields=["outcome", "winner", "decided_at", "score_a", "score_b"])
    played = [p for p in (game.pair_a, game.pair_b) if p is not None]
    for pair in played:
        pair.played += 1
        if winner is not None and pair.pk == winner.pk:
            pair.points += 1
        pair.save(update_fields=["points", "played"])


def do_start_round(tournament_id: int, number: int) -> bool:
    """Start round ``number`` if it is due: the first forms the pairs and closes registration.
    Pairs the round, gives the bye, makes an absent pair lose its game (both absent: neither
    wins; in a knock-out the better seed goes on), and opens a table for every other game.
    Idempotent: returns False, changing nothing, unless round ``number`` is the next one, its
    time has come and the previous round is over. Locks the tournament."""
    with transaction.atomic():
        t = lock(tournament_id)
        now = timezone.now()
        if t.status == Tournament.Status.FINISHED or number != t.current_round + 1:
            return False
        if number == 1:
            if t.status != Tournament.Status.SCHEDULED or now < t.starts_at:
                return False
            form_pairs(t)
            pairs = {p.pk: p for p in Pair.objects.filter(tournament=t)}
            t.status = Tournament.Status.RUNNING
            if t.format == Format.KNOCKOUT:
                t.rounds = pairing.knockout_rounds(len(pairs))
            if len(pairs) < 2:
                _finish(t, now)
                return True
        else:
            if t.next_round_at is None or now < t.next_round_at:
                return False
            pairs = {p.pk: p for p in Pair.objects.filter(tournament=t)}
        present = _present(t, now)
        planned = _plan_round(t, number, pairs)
        rnd = Round.objects.create(tournament=t, number=number)
        for board, plan in enumerate(planned, 1):
            game = Game(round=rnd, board=board, pair_a=plan.a, pair_b=plan.b)
            if plan.b is None:
                game.save()
                _decide(game, plan.a, Game.Outcome.BYE, now)
                continue
            absent_a, absent_b = _is_absent(plan.a, present), _is_absent(plan.b, present)
            if absent_a or absent_b:
                game.save()
                if absent_a and absent_b:
                    winner = plan.a if t.format == Format.KNOCKOUT else None
                else:
                    winner = plan.b if absent_a else plan.a
                _decide(game, winner, Game.Outcome.FORFEIT, now)
                continue
            game.table = _open_table(t, plan.a, plan.b, present)
            game.save()
        t.current_round = number
        t.next_round_at = None
        changed(t, "status", "rounds", "current_round", "next_round_at")
        _close_round_if_done(t, rnd, now)
        log.info("tournament %s: round %s started (%s games)", t.pk, number, len(planned))
        return True


def _close_round_if_done(t: Tournament, rnd: Round, now: datetime) -> None:
    """Once every game of the round is decided: the knock-out's losers are out, and either the
    tournament ends or the next round is due at its slot (``round_minutes`` after the previous
    start) or now if that has passed."""
    games = list(Game.objects.filter(round=rnd))
    if any(g.outcome == Game.Outcome.PENDING for g in games):
        return
    rnd.finished_at = now
    rnd.save(update_fields=["finished_at"])
    if t.format == Format.KNOCKOUT:
        losers = [
            p
            for g in games
            for p in (g.pair_a_id, g.pair_b_id)
            if p is not None and p != g.winner_id
        ]
        Pair.objects.filter(pk__in=losers).update(eliminated=True)
        alive = Pair.objects.filter(tournament=t, eliminated=False).count()
        if alive <= 1 or rnd.number >= t.rounds:
            _finish(t, now)
            return
    elif rnd.number >= t.rounds:
        _finish(t, now)
        return
    slot = t.starts_at + timedelta(minutes=t.round_minutes * rnd.number)
    t.next_round_at = max(slot, now)
    changed(t, "next_round_at")
    delay = (t.next_round_at - now).total_seconds()
    queue_task(START_ROUND_TASK, (t.pk, rnd.number + 1), countdown=delay)


def _finish(t: Tournament, now: datetime) -> None:
    t.status = Tournament.Status.FINISHED
    t.finished_at = now
    t.next_round_at = None
    t.standings = standing_rows(t)
    changed(t, "status", "finished_at", "next_round_at", "standings")
    log.info("tournament %s finished", t.pk)


def do_finish(tournament_id: int) -> bool:
    """End a tournament now (staff): the standing as it is is kept. Idempotent. Locks the
    tournament."""
    with transaction.atomic():
        t = lock(tournament_id)
        if t.status == Tournament.Status.FINISHED:
            return False
        _finish(t, timezone.now())
        return True


def do_record_result(game_id: int, result: dict | None = None) -> bool:
    """The match of a game ended (or its table was closed, abandoned by everyone: neither pair
    wins, in a knock-out the better seed goes on): the winner scores, and the round closes
    when it was the last. ``result``: the match's, when the unit of work that ends it tells
    (its rows are written when that unit of work closes); else read from the match's row.
    Idempotent: a decided game is left alone. Locks the tournament."""
    tournament_id = (
        Game.objects.filter(pk=game_id).values_list("round__tournament_id", flat=True).first()
    )
    if tournament_id is None:
        return False
    with transaction.atomic():
        t = lock(tournament_id)
        game = Game.objects.select_related("round", "pair_a", "pair_b").get(pk=game_id)
        if game.outcome != Game.Outcome.PENDING or game.table_id is None:
            return False
        table = Table.objects.filter(pk=game.table_id).only("status", "match_id").first()
        if result is None and table is not None and table.match_id:
            match = Match.objects.filter(pk=table.match_id).first()
            result = match.result if match is not None else None
        now = timezone.now()
        if result:
            game.score_a = result["scores"]["NS"]
            game.score_b = result["scores"]["EW"]
            winner = game.pair_a if result["winner"] == "NS" else game.pair_b
        elif table is None or table.status == Table.Status.ABANDONED:
            winner = game.pair_a if t.format == Format.KNOCKOUT else None
        else:
            return False  # still in play
        _decide(game, winner, Game.Outcome.PLAYED, now)
        changed(t)
        _close_round_if_done(t, game.round, now)
        return True


def on_match_ended(sender, *, table: Table, match: Match, **kw) -> None:
    """A match ended (inside the unit of work's transaction, the table locked): if it was a
    tournament game, its result is recorded in the same transaction."""
    game_id = (
        Game.objects.filter(table_id=table.pk, outcome=Game.Outcome.PENDING)
        .values_list("pk", flat=True)
        .first()
    )
    if game_id is not None:
        do_record_result(game_id, match.result)


def due_tournaments(now: datetime | None = None) -> list[tuple[int, int]]:
    """(tournament, round) of every round whose start is due."""
    now = now or timezone.now()
    rows = Tournament.objects.filter(
        Q(status=Tournament.Status.SCHEDULED, starts_at__lte=now)
        | Q(status=Tournament.Status.RUNNING, next_round_at__lte=now)
    ).values_list("pk", "current_round")
    return [(pk, current + 1) for pk, current in rows]


def undecided_games() -> list[int]:
    """Games whose table is over but whose result was not recorded (a catch-up)."""
    return list(
        Game.objects.filter(
            outcome=Game.Outcome.PENDING,
            table__status__in=(Table.Status.FINISHED, Table.Status.ABANDONED),
        ).values_list("pk", flat=True)
    )
