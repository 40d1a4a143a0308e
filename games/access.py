"""Who may follow a table: quick and ranked tables are public; a private table is seen only by
its seated players, its host and those who opened its invitation link (the link's table is then
remembered in their session); a daily table only by its player (watching it would show the
day's deals to someone yet to play them). Table ids are sequential, so the id alone must open
nothing."""

from __future__ import annotations

from typing import Any

from games.errors import refusal
from games.models import Seat, Table
from games.viewers import Viewer

INVITATIONS_KEY = "invitations"


def remember_invitation(session: Any, table_id: int) -> None:
    """The visitor opened a valid invitation link: they may follow that table from now on."""
    known = list(session.get(INVITATIONS_KEY, []))
    if table_id not in known:
        session[INVITATIONS_KEY] = [*known[-49:], table_id]


def may_follow(table: Table, viewer: Viewer | None, session: Any) -> bool:
    """Whether this visitor may see the table's page and open its socket."""
    if table.kind not in (Table.Kind.PRIVATE, Table.Kind.DAILY):
        return True
    if table.kind == Table.Kind.PRIVATE and table.pk in (session.get(INVITATIONS_KEY) or []):
        return True
    if viewer is None:
        return False
    if viewer.key == table.host_key:
        return True
    return Seat.objects.filter(table=table, viewer_key=viewer.key).exists()


def check_follow(table_id: int, viewer: Viewer | None, session: Any) -> None:
    """Refuse (``no_table``, ``private_table``) a socket that may not follow this table."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise refusal("no_table")
    if not may_follow(table, viewer, session):
        raise refusal("private_table")
