"""An account closing (``accounts.signals.account_closing``): it gives up the seats it holds at
the tables not over yet, and its name is erased from what the tables keep of it: its chat lines,
the seats it still holds at tables that are over, its chat bans. The matches it played are
renamed by ranked play, which records who sat where (``ranked.closing``)."""

from __future__ import annotations

import contextlib
from typing import Any

from accounts.models import deleted_name
from core.viewers import user_key
from games.actions.tables import do_leave
from games.errors import ServiceError
from games.models import ChatMessage, Seat, Silence, Table
from games.session import TableSession, rename_match_players
from games.viewers import Viewer

LIVE = (Table.Status.WAITING, Table.Status.PLAYING)


def do_erase_seat_names(table_id: int, key: str, name: str) -> None:
    """Write ``name`` on the seats ``key`` still holds at a table (one over: nobody plays them)."""
    with TableSession(table_id) as s:
        for seat in s.seats.values():
            if seat.viewer_key == key:
                seat.nickname = name


def on_account_closing(sender: Any, *, user: Any, **kw: Any) -> None:
    """Give up the live seats (the use case of the table's Leave button: a bot takes a started
    match's seat), then erase the name. Chat lines and bans are not table rows: plain updates."""
    key, name = user_key(user.pk), deleted_name(user.pk)
    viewer = Viewer(user_id=user.pk, guest_id=None, name=user.public_name())
    live = Seat.objects.filter(viewer_key=key, table__status__in=LIVE)
    for table_id in live.values_list("table_id", flat=True).distinct():
        with contextlib.suppress(ServiceError):  # already gone from that seat
            do_leave(table_id, viewer)
    held = Seat.objects.filter(viewer_key=key).exclude(nickname=name)
    for table_id in held.values_list("table_id", flat=True).distinct():
        do_erase_seat_names(table_id, key, name)
    ChatMessage.objects.filter(author_key=key).update(author_name=name)
    Silence.objects.filter(viewer_key=key).update(viewer_name=name)


def erase_match_names(seats_played: dict[int, set[str]], name: str) -> None:
    """Write ``name`` for the seats an account played in these matches (match id -> positions;
    ranked play knows them: ``ranked.closing``), in the matches' ``players``."""
    rename_match_players(seats_played, name)
