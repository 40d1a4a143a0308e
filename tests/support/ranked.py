"""What the ranked tests share: registered players, the queue, and playing a ranked match out
(people's moves chosen by the Normal bot, as a person would send them)."""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from games.actions import play, presence, tables
from games.models import Table
from games.session import reading
from games.viewers import Viewer
from ranked.actions import do_join_queue, do_matchmake
from spades.bots import choose_action


def make_player(name: str):
    """A registered player and their viewer."""
    user = get_user_model().objects.create_user(username=name, password="pw-" + name * 2)
    return user, Viewer(user_id=user.pk, guest_id=None, name=user.public_name())


def seat_four(settings, names=("ana", "bob", "cyd", "dee")) -> tuple[int, dict[str, Viewer]]:
    """Four players queue and are seated together; returns the table and viewers by name."""
    settings.RANKED_TARGET_SCORE = 60
    viewers = {}
    for name in names:
        _user, viewer = make_player(name)
        viewers[name] = viewer
        do_join_queue(viewer)
    settings.RANKED_WAIT_SECONDS = 0  # fewer than four: they start with bots now
    do_matchmake()
    table = Table.objects.get(kind=Table.Kind.RANKED, seats__viewer_key=viewers[names[0]].key)
    connect(table.pk, viewers.values())
    return table.pk, viewers


def connect(table_id: int, viewers) -> None:
    """The players' table pages open their sockets."""
    for i, viewer in enumerate(viewers):
        presence.do_connect(table_id, viewer, f"chan-{table_id}-{i}")


def play_out(table_id: int, *, standin: set[str] = frozenset(), leave: set[str] = frozenset()):
    """Play the table's current match to its end. People in ``standin`` (viewer keys) run out of
    time on each of their turns (a stand-in plays); those in ``leave`` leave at their first
    turn."""
    rng = random.Random(7)
    for _ in range(5000):
        with reading(table_id) as snap:
            table, engine = snap.table, snap.engine
            if table.status != Table.Status.PLAYING:
                return
            position = engine.to_move
            seat = snap.seats[position]
            view = engine.view(position)
            version = table.version
            key, human = seat.viewer_key, seat.is_human and not seat.standin
        if human and key in leave:
            tables.do_leave(table_id, _viewer(key))
            continue
        if human and key in standin:
            Table.objects.filter(pk=table_id).update(
                turn_deadline=timezone.now() - timedelta(seconds=1)
            )
            presence.do_expire_turn(table_id)
            continue
        if human:
            play.do_act(table_id, _viewer(key), choose_action("normal", view, rng=rng), version)
        else:
            play.do_bot_move(table_id, version)
    raise AssertionError("the match did not end")


def _viewer(key: str) -> Viewer:
    user = get_user_model().objects.get(pk=int(key[2:]))
    return Viewer(user_id=user.pk, guest_id=None, name=user.public_name())
