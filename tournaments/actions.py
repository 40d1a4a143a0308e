"""The tournaments' use cases: register, accept or decline a partner, withdraw, start a round,
record a match's result, finish.

**Locking.** Every use case that changes a tournament runs in one transaction that first locks
the tournament's row (``SELECT … FOR UPDATE``; on SQLite every transaction is a write lock), so
two workers starting the same round, or a result arriving while the round starts, are
serialized: the second one sees the first one's change and does nothing (``current_round``, a
game's ``outcome``). The lock order is always a table's row (when a match ends, the unit of work
holds it), then the tournament's; a round's start opens new tables only, never waits on an
existing one. Each change moves ``Tournament.version``, which the page's script polls; the task
of the next round is queued after the commit (``core.after_commit``), and beat's
``tournaments.tick`` catches any that is lost.

A round's tables are opened through the unit of work (``games.session.TableSession``) as ranked
play opens its own: a rated tournament's tables are ranked tables, so their matches move the
ratings and ranked play's abandonment rules apply (``ranked.participation``); an unrated one's
are private tables nobody can join (no invitation token, no host).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.timesince import timeuntil

from core.after_commit import queue_task
from core.viewers import user_key
from games.actions.turns import start_match
from games.errors import refusal as ranked_refusal
from games.models import Match, Table
from games.session import TableSession
from ranked.actions import abandonment_wait, suspended
from ranked.bot_ratings import BOT_RATINGS
from ranked.models import PlayerRating
from ranked.ratings import START_MU, matching_points
from spades.engine import Rules, table_rules
from tournaments import pairing
from tournaments.errors import refusal
from tournaments.models import (
    Format,
    Game,
    Pair,
    RecurringTournament,
    Registration,
    Round,
    Tournament,
)
from tournaments.standings import standing_rows

log = logging.getLogger(__name__)

START_ROUND_TASK = "tournaments.start_round"
TEAM_SEATS = {"a": ("N", "S"), "b": ("E", "W")}


def _lock(tournament_id: int) -> Tournament:
    """The tournament's row, locked until the transaction ends."""
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise refusal("no_tournament") from None


def _changed(t: Tournament, *fields: str) -> None:
    t.version += 1
    t.save(update_fields=["version", *fields])


def registration_open(t: Tournament, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    return t.status == Tournament.Status.SCHEDULED and t.registration_opens_at <= now < t.starts_at


# ---------------------------------------------------------------------------- registration


def _user_named(name: str):
    """The account a player named (their shown name, or their username when they have none)."""
    name = (name or "").strip()
    if not name or len(name) > 150:
        return None
    return (
        get_user_model()
        .objects.filter(Q(display_name__iexact=name) | Q(display_name="", username__iexact=name))
        .order_by("pk")
        .first()
    )


def _may_play(t: Tournament, user) -> None:
    """Refuse who may not play this tournament: a bot account when it takes none, and in a
    rated one whoever ranked play refuses (a suspension, an abandonment's wait)."""
    if getattr(user, "is_bot", False) and not t.allows_bot_accounts:
        raise refusal("bot_account")
    if t.rated:
        suspended(user.pk)
        wait = abandonment_wait(user.pk)
        if wait:
            raise ranked_refusal("ranked_wait", time=timeuntil(timezone.now() + wait))


def confirmed(reg: Registration, regs: dict[int, Registration]) -> bool:
    other = regs.get(reg.partner_id) if reg.partner_id else None
    return other is not None and other.partner_id == reg.user_id


def do_register(tournament_id: int, user, mode: str, partner_name: str = "") -> Registration:
    """Register ``user`` alone (``mode`` "alone") or with the player named ``partner_name``
    (``mode`` "pair"): the partner accepts by registering naming them back (``do_accept``); if
    that partner already invited ``user``, this accepts at once. Locks the tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    if mode not in ("alone", "pair"):
        raise refusal("bad_mode")
    with transaction.atomic():
        t = _lock(tournament_id)
        _refuse_unless_open(t)
        if Registration.objects.filter(tournament=t, user=user).exists():
            raise refusal("registered")
        _may_play(t, user)
        partner = None
        if mode == "pair":
            partner = _user_named(partner_name)
            if partner is None:
                raise refusal("no_partner")
            if partner.pk == user.pk:
                raise refusal("partner_self")
            regs = {r.user_id: r for r in Registration.objects.filter(tournament=t)}
            theirs = regs.get(partner.pk)
            taken = theirs is not None and theirs.partner_id not in (None, user.pk)
            if taken and theirs is not None and confirmed(theirs, regs):
                raise refusal("partner_taken")
        reg = Registration.objects.create(
            tournament=t, user=user, partner=partner, seen_at=timezone.now()
        )
        _changed(t)
        return reg


def _refuse_unless_open(t: Tournament) -> None:
    if t.status == Tournament.Status.FINISHED:
        raise refusal("finished")
    if t.status != Tournament.Status.SCHEDULED or timezone.now() >= t.starts_at:
        raise refusal("closed")
    if timezone.now() < t.registration_opens_at:
        raise refusal("not_open")


def do_accept(tournament_id: int, user, inviter_id: int) -> Registration:
    """``user`` accepts the invitation of the player ``inviter_id``: registered (or their
    registration changed) as that player's partner. Locks the tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    with transaction.atomic():
        t = _lock(tournament_id)
        _refuse_unless_open(t)
        regs = {r.user_id: r for r in Registration.objects.filter(tournament=t)}
        inviter = regs.get(inviter_id) if isinstance(inviter_id, int) else None
        if inviter is None or inviter.partner_id != user.pk:
            raise refusal("no_invitation")
        mine = regs.get(user.pk)
        if mine is not None and confirmed(mine, regs):
            raise refusal("partner_taken")
        if mine is None:
            _may_play(t, user)
            mine = Registration.objects.create(
                tournament=t, user=user, partner_id=inviter_id, seen_at=timezone.now()
            )
        else:
            mine.partner_id = inviter_id
            mine.save(update_fields=["partner"])
        _changed(t)
        return mine


def do_decline(tournament_id: int, user, inviter_id: int) -> None:
    """``user`` declines the invitation of ``inviter_id``, who stays registered alone. Locks
    the tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    with transaction.atomic():
        t = _lock(tournament_id)
        _refuse_unless_open(t)
        updated = Registration.objects.filter(
            tournament=t, user_id=inviter_id, partner_id=user.pk
        ).update(partner=None)
        if not updated:
            raise refusal("no_invitation")
        _changed(t)


def do_withdraw(tournament_id: int, user) -> None:
    """``user`` leaves the tournament. Before the start their registration goes (a partner who
    named them counts as alone). Once it runs their pair withdraws: it is not paired again
    (in a knock-out it forfeits its next game), its results so far stay in the standing, and a
    match in play goes on (leaving that table is ranked play's abandonment). Locks the
    tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    with transaction.atomic():
        t = _lock(tournament_id)
        if t.status == Tournament.Status.FINISHED:
            raise refusal("finished")
        if t.status == Tournament.Status.SCHEDULED:
            deleted, _detail = Registration.objects.filter(tournament=t, user=user).delete()
            if not deleted:
                raise refusal("not_registered")
            _changed(t)
            return
        pair = pair_of(t, user.pk)
        if pair is None:
            raise refusal("not_registered")
        if pair.withdrawn_at is not None:
            raise refusal("withdrawn")
        pair.withdrawn_at = timezone.now()
        pair.save(update_fields=["withdrawn_at"])
        _changed(t)


def pair_of(t: Tournament, user_id: int) -> Pair | None:
    return (
        Pair.objects.filter(tournament=t)
        .filter(Q(player_a_id=user_id) | Q(player_b_id=user_id))
        .first()
    )


def do_seen(tournament_id: int, user_id: int) -> None:
    """The player's tournament page is open (its script asks every few seconds): they are
    present for the next round. One row of their own, no lock needed."""
    Registration.objects.filter(tournament_id=tournament_id, user_id=user_id).update(
        seen_at=timezone.now()
    )


def do_add_bot_pair(tournament_id: int) -> Pair:
    """A pair of two bots joins a tournament (staff, the simulation); before its start only.
    Locks the tournament."""
    with transaction.atomic():
        t = _lock(tournament_id)
        if t.status != Tournament.Status.SCHEDULED:
            raise refusal("closed")
        pair = _new_pair(t, None, None)
        _changed(t)
        return pair


# ---------------------------------------------------------------------------- pairs


def _points_of(user_ids: list[int]) -> dict[int, float]:
    mus = dict(PlayerRating.objects.filter(user_id__in=user_ids).values_list("user_id", "mu"))
    return {u: matching_points(mus.get(u, START_MU)) for u in user_ids}


def _bot_points(level: str) -> float:
    return matching_points(BOT_RATINGS.get(level, (START_MU, 0.0))[0])


def _new_pair(t: Tournament, a, b) -> Pair:
    users = [u for u in (a, b) if u is not None]
    points = _points_of([u.pk for u in users])
    values = [points[u.pk] for u in users] + [_bot_points(t.bot_level)] * (2 - len(users))
    number = (Pair.objects.filter(tournament=t).order_by("-number").values_list("number", flat=True).first() or 0) + 1  # fmt: skip
    return Pair.objects.create(
        tournament=t,
        number=number,
        name=" & ".join(u.public_name() for u in users),  # (shown by Pair.label)
        player_a=a,
        player_b=b,
        rating=sum(values) / 2,
    )


def _form_pairs(t: Tournament) -> None:
    """The registrations become pairs: partners who confirmed each other, then those alone (and
    those whose invitation was not accepted) two by two in rating order, a bot beside the one
    left over. Fewer than two pairs: bots make up the second, so that the tournament runs.
    Seeds are then numbered by rating, best first."""
    regs = {r.user_id: r for r in Registration.objects.filter(tournament=t).select_related("user")}
    done: set[int] = set()
    loners = []
    for uid, reg in regs.items():
        if uid in done:
            continue
        partner_id = reg.partner_id
        if partner_id is not None and confirmed(reg, regs):
            _new_pair(t, reg.user, regs[partner_id].user)
            done |= {uid, partner_id}
        else:
            loners.append(reg.user)
            done.add(uid)
    points = _points_of([u.pk for u in loners])
    loners.sort(key=lambda u: (-points[u.pk], u.pk))
    for i in range(0, len(loners), 2):
        _new_pair(t, loners[i], loners[i + 1] if i + 1 < len(loners) else None)
    existing = Pair.objects.filter(tournament=t).count()
    if existing == 1:
        _new_pair(t, None, None)
    pairs = list(Pair.objects.filter(tournament=t).order_by("-rating", "number"))
    for pair in pairs:  # renumbered in two passes: the numbers are unique per tournament
        pair.number += 1000
    Pair.objects.bulk_update(pairs, ["number"])
    for seed, pair in enumerate(pairs, 1):
        pair.number = seed
    Pair.objects.bulk_update(pairs, ["number"])


# ---------------------------------------------------------------------------- rounds


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
        t = _lock(tournament_id)
        now = timezone.now()
        if t.status == Tournament.Status.FINISHED or number != t.current_round + 1:
            return False
        if number == 1:
            if t.status != Tournament.Status.SCHEDULED or now < t.starts_at:
                return False
            _form_pairs(t)
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
        _changed(t, "status", "rounds", "current_round", "next_round_at")
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
    _changed(t, "next_round_at")
    delay = (t.next_round_at - now).total_seconds()
    queue_task(START_ROUND_TASK, (t.pk, rnd.number + 1), countdown=delay)


def _finish(t: Tournament, now: datetime) -> None:
    t.status = Tournament.Status.FINISHED
    t.finished_at = now
    t.next_round_at = None
    t.standings = standing_rows(t)
    _changed(t, "status", "finished_at", "next_round_at", "standings")
    log.info("tournament %s finished", t.pk)


def do_finish(tournament_id: int) -> bool:
    """End a tournament now (staff): the standing as it is is kept. Idempotent. Locks the
    tournament."""
    with transaction.atomic():
        t = _lock(tournament_id)
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
        t = _lock(tournament_id)
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
        _changed(t)
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


# ---------------------------------------------------------------------------- recurring


def next_occurrence(recurring: RecurringTournament, now: datetime) -> datetime:
    """The next start of a daily tournament after ``now``, at its time of day in the site's
    time zone."""
    local = timezone.localtime(now)
    start = local.replace(
        hour=recurring.time_of_day.hour,
        minute=recurring.time_of_day.minute,
        second=0,
        microsecond=0,
    )
    if start <= local:
        start = timezone.make_aware(
            datetime.combine(start.date() + timedelta(days=1), recurring.time_of_day)
        )
    return start


def do_schedule_recurring(now: datetime | None = None) -> int:
    """Create the next tournament of each active recurring one (beat, every minute). Idempotent
    and safe with two workers: one tournament per occurrence (a unique constraint on the
    recurring row and the start), created under the recurring row's lock."""
    now = now or timezone.now()
    created = 0
    for recurring_id in RecurringTournament.objects.filter(active=True).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            recurring = RecurringTournament.objects.select_for_update().get(pk=recurring_id)
            starts = next_occurrence(recurring, now)
            if Tournament.objects.filter(recurring=recurring, starts_at=starts).exists():
                continue
            Tournament.objects.create(
                recurring=recurring,
                starts_at=starts,
                registration_opens_at=starts - timedelta(hours=recurring.registration_hours),
                **{name: getattr(recurring, name) for name in SHARED_FIELDS},
            )
            created += 1
    return created


SHARED_FIELDS = (
    "name", "format", "rounds", "target", "hand_limit", "round_minutes", "bot_level", "rated",
    "allows_bot_accounts",
)  # fmt: skip
