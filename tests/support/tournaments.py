"""What the tournament tests share: a tournament open for registration, registered players,
and the rounds played out on their real tables (people's moves chosen by the Normal bot, as a
person would send them; bots through the tables' own bot-move path)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Seat, Table
from games.viewers import Viewer
from tests.support.ranked import connect, make_player, play_out
from tournaments import tasks
from tournaments.actions import registration
from tournaments.models import Game, Tournament


def open_tournament(**fields) -> Tournament:
    """A tournament whose registration is open and which starts in an hour."""
    now = timezone.now()
    values = {
        "name": "Test cup",
        "format": "swiss",
        "rounds": 3,
        "target": 60,
        "hand_limit": 1,
        "round_minutes": 0,
        "registration_opens_at": now - timedelta(hours=1),
        "starts_at": now + timedelta(hours=1),
        **fields,
    }
    return Tournament.objects.create(**values)


def players(*names: str) -> list:
    return [make_player(name)[0] for name in names]


def start_now(t: Tournament) -> None:
    """The start time comes; beat's tick starts the first round."""
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    tasks.tick()
    t.refresh_from_db()


def pending_tables(t: Tournament) -> list[int]:
    return list(
        Game.objects.filter(round__tournament=t, outcome=Game.Outcome.PENDING)
        .exclude(table=None)
        .values_list("table_id", flat=True)
    )


def play_round(t: Tournament, **kw) -> None:
    """Play every match of the round in play to its end, the players' table pages open
    (``kw``: see ranked's play_out)."""
    for table_id in pending_tables(t):
        if Table.objects.get(pk=table_id).status == Table.Status.PLAYING:
            seated = Seat.objects.filter(table_id=table_id).exclude(user=None)
            connect(table_id, [_viewer(seat.user) for seat in seated])
            play_out(table_id, **kw)
    t.refresh_from_db()


def _viewer(user) -> Viewer:
    return Viewer(user_id=user.pk, guest_id=None, name=user.public_name())


def keep_everyone_present(t: Tournament) -> None:
    """Every registered player has the tournament's page open."""
    from tournaments.models import Registration

    for user_id in Registration.objects.filter(tournament=t).values_list("user_id", flat=True):
        registration.do_seen(t.pk, user_id)


def run_to_the_end(t: Tournament, rounds: int = 20) -> None:
    for _ in range(rounds):
        keep_everyone_present(t)
        tasks.tick()
        t.refresh_from_db()
        if t.status == Tournament.Status.FINISHED:
            return
        play_round(t)
    raise AssertionError("the tournament did not end")
