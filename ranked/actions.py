"""Ranked play: the queue (join, cancel, state), matchmaking, and the wait after abandonments.

The queue lives in the database (``QueueEntry``); ``do_matchmake`` (after each join, and every
2 s from beat: ``games.matchmake``) groups the waiting players (``ranked.matchmaking``) and opens
one ranked table per group through a ``TableSession``: the standard rules, the turn timer on,
bots of the level closest to the players' ratings in the free seats; never two accounts that
share an address or a browser at one table (``ranked.origins``).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _

from core.locks import advisory_xact_lock
from core.viewers import user_key
from games.actions.chat import When
from games.actions.tables import OPEN_STATUSES
from games.actions.turns import start_match
from games.errors import refusal
from games.models import Table
from games.sanctions import in_force
from games.session import TableSession, lock_person
from games.viewers import Viewer
from ranked import origins
from ranked.bot_ratings import BOT_RATINGS
from ranked.matchmaking import Waiting, form_groups, seating
from ranked.models import MatchPlayer, PlayerRating, QueueEntry, RankedSuspension
from ranked.ratings import START_MU, matching_points
from spades.engine import Rules, table_rules

# One matchmaker at a time (``core.locks``).
MATCHMAKER_LOCK = "ranked:matchmaker"


def ranked_rules() -> dict:
    """The standard rules; tests shorten the match with RANKED_TARGET_SCORE."""
    rules = table_rules()
    if settings.RANKED_TARGET_SCORE:
        rules["target"] = settings.RANKED_TARGET_SCORE
    return Rules.from_dict(rules).to_dict()


def suspension_of(user_id: int | None) -> RankedSuspension | None:
    """The suspension from ranked play in force on this account, if any (a moderator's,
    ``moderation.actions.do_suspend_ranked``)."""
    if not user_id:
        return None
    return RankedSuspension.objects.filter(in_force()).filter(user_id=user_id).first()


def purge_expired_suspensions() -> int:
    """Delete the suspensions that are over (expiry needs no moderator; beat, every minute)."""
    count, _detail = RankedSuspension.objects.filter(until__lte=timezone.now()).delete()
    return count


def _abandonments(user_id: int) -> list:
    """When this person's abandonments within RANKED_ABANDON_WINDOW_DAYS ended, newest first."""
    return list(
        MatchPlayer.objects.filter(
            user_id=user_id,
            ranked=True,
            abandoned=True,
            finished_at__gte=timezone.now() - timedelta(days=settings.RANKED_ABANDON_WINDOW_DAYS),
        )
        .order_by("-finished_at")
        .values_list("finished_at", flat=True)
    )


def _nth_wait(n: int) -> timedelta:
    waits = settings.RANKED_ABANDON_WAITS
    return timedelta(seconds=waits[min(n, len(waits)) - 1])


def next_abandonment_wait(user_id: int) -> timedelta:
    """The wait one more abandonment would cost this person now (what leaving a ranked table
    warns of)."""
    return _nth_wait(len(_abandonments(user_id)) + 1)


def abandonment_wait(user_id: int) -> timedelta:
    """How long this person must still wait before a ranked match (zero when free): the n-th
    abandonment within RANKED_ABANDON_WINDOW_DAYS costs the n-th wait of RANKED_ABANDON_WAITS
    (the last one for any later), counted from the end of that match."""
    now = timezone.now()
    marks = _abandonments(user_id)
    if not marks:
        return timedelta(0)
    wait = _nth_wait(len(marks))
    last = marks[0]
    assert last is not None  # (finished_at__gte leaves out the unfinished)
    return max(timedelta(0), last + wait - now)


def ranked_table_of(viewer: Viewer) -> Table | None:
    """The unfinished ranked table where this person sits, if any."""
    return (
        Table.objects.filter(
            kind=Table.Kind.RANKED, status__in=OPEN_STATUSES, seats__viewer_key=viewer.key
        )
        .order_by("-created_at")
        .first()
    )


def suspended(user_id: int) -> None:
    """Refuse a person a moderator suspended from ranked play, saying why and until when."""
    suspension = suspension_of(user_id)
    if suspension is None:
        return
    reason = suspension.reason or _("no reason given")
    if suspension.until is None:
        raise refusal("ranked_suspended_for_good", reason=reason)
    raise refusal("ranked_suspended_until", reason=reason, until=When(suspension.until))


def do_join_queue(viewer: Viewer | None) -> Table | None:
    """Put a logged-in person in the ranked queue (once); returns their ranked table when they
    already sit at one, or when matchmaking seats them at once. Refused for guests and while an
    abandonment's wait runs."""
    if viewer is None or viewer.is_guest:
        raise refusal("ranked_login")
    user_id = viewer.user_id
    assert user_id is not None  # not a guest
    with transaction.atomic():
        lock_person(viewer)
        table = ranked_table_of(viewer)
        if table is not None:
            return table
        wait = abandonment_wait(user_id)
        if wait:
            raise refusal("ranked_wait", time=timeuntil(timezone.now() + wait))
        suspended(user_id)
        mu = PlayerRating.objects.filter(user_id=user_id).values_list("mu", flat=True).first()
        QueueEntry.objects.get_or_create(
            user_id=user_id,
            defaults={
                "points": matching_points(mu if mu is not None else START_MU),
                "joined_at": timezone.now(),
                "seen_at": timezone.now(),
            },
        )
    do_matchmake()
    return ranked_table_of(viewer)


def do_leave_queue(viewer: Viewer | None) -> bool:
    """Leave the ranked queue; returns whether the person was in it."""
    if viewer is None or viewer.is_guest:
        return False
    assert viewer.user_id is not None  # not a guest
    deleted, _ = QueueEntry.objects.filter(user_id=viewer.user_id).delete()
    return bool(deleted)


def queue_state(viewer: Viewer | None, *, seen: bool = False) -> dict:
    """What the lobby shows: "seated" (with the table), "waiting" (seconds so far) or "idle".
    ``seen``: the lobby page asks, so the player is still there (keeps their place)."""
    if viewer is None or viewer.is_guest:
        return {"state": "guest"}
    table = ranked_table_of(viewer)
    if table is not None:
        return {"state": "seated", "table": table.pk}
    assert viewer.user_id is not None  # not a guest
    entry = QueueEntry.objects.filter(user_id=viewer.user_id)
    joined = entry.values_list("joined_at", flat=True).first()
    if joined is not None and seen:
        entry.update(seen_at=timezone.now())
    if joined is None:
        return {"state": "idle"}
    waited = max(0, int((timezone.now() - joined).total_seconds()))
    return {"state": "waiting", "waited": waited}


def do_matchmake() -> int:
    """Seat the queue's groups that are ready (see ranked.matchmaking); returns how many tables
    were opened. Idempotent: a player leaves the queue in the transaction that seats them."""
    opened = 0
    with transaction.atomic():
        advisory_xact_lock(MATCHMAKER_LOCK)
        stale = timezone.now() - timedelta(seconds=settings.RANKED_QUEUE_STALE_SECONDS)
        QueueEntry.objects.filter(seen_at__lt=stale).delete()  # they closed the lobby page
        entries = list(QueueEntry.objects.order_by("joined_at", "pk"))
        queue = [Waiting(e.user_id, e.points, e.joined_at) for e in entries]
        groups = form_groups(
            queue,
            timezone.now(),
            base=settings.RANKED_WINDOW_POINTS,
            growth=settings.RANKED_WINDOW_GROWTH,
            wait_seconds=settings.RANKED_WAIT_SECONDS,
            apart=origins.apart(w.user_id for w in queue),
        )
        for group in groups:
            QueueEntry.objects.filter(user_id__in=[w.user_id for w in group]).delete()
            _open_table(group)
            opened += 1
    return opened


def _bot_level(group: list[Waiting]) -> str:
    """The bots' level whose fixed rating is closest to the players' mean."""
    mean = sum(w.points for w in group) / len(group)
    return min(BOT_RATINGS, key=lambda level: abs(matching_points(BOT_RATINGS[level][0]) - mean))


def _open_table(group: list[Waiting]) -> None:
    users = get_user_model().objects.in_bulk([w.user_id for w in group])
    ranked = {
        "kind": Table.Kind.RANKED,
        "rules": ranked_rules(),
        "bot_level": _bot_level(group),
        "turn_seconds": settings.TURN_SECONDS or 30,
        "chat_enabled": True,
    }
    with TableSession.new(**ranked) as s:
        now = timezone.now()
        for position, waiting in seating(group).items():
            user = users.get(waiting.user_id)
            if user is None:
                continue  # the account was deleted meanwhile: a bot plays there
            seat = s.seats[position]
            seat.clear()
            seat.user_id = user.pk
            seat.viewer_key = user_key(user.pk)
            seat.nickname = user.seat_name()  # "BOT …" for a bot account
            seat.disconnected_at = now  # until their page opens its socket
        start_match(s)
