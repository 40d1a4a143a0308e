"""A daily try played through the use cases, the player's own turns chosen as a Normal bot
would (tests/daily, tests/browser)."""

from __future__ import annotations

import random

from daily.models import DailyEntry
from games.actions.play import do_act, do_bot_move
from games.actions.presence import do_connect
from games.models import Table
from games.reading import table_state
from games.viewers import Viewer
from spades.bots import choose_action


def connect(entry: DailyEntry, viewer: Viewer) -> None:
    """The player's table page is open (the match is paused while nobody is there)."""
    do_connect(entry.table_id, viewer, f"test.channel!{entry.table_id}.daily")


def play_try(entry: DailyEntry, viewer: Viewer, hands: int | None = None, seed: int = 1) -> None:
    """Play ``entry``'s table until its match ends, or until ``hands`` hands are done."""
    connect(entry, viewer)
    rng = random.Random(seed)
    for _ in range(5000):
        table = Table.objects.get(pk=entry.table_id)
        if table.status != Table.Status.PLAYING:
            return
        state = table_state(table.pk, viewer)
        view = state["view"]
        if hands is not None and view["hand_number"] > hands:
            return
        if view["to_move"] == view["seat"]:
            do_act(table.pk, viewer, choose_action("normal", view, rng=rng) or view["legal"][0])
        else:
            assert do_bot_move(table.pk, table.version)
    raise AssertionError("the try never ended")
