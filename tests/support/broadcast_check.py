"""Every broadcast equals a fresh read: the frame a seat's socket last received is the state that
seat reads from the database once the test is over.

Used by every test that commits (``django_db(transaction=True)``: only a commit broadcasts),
through the autouse fixture ``broadcasts_equal_fresh_reads`` in conftest.py. The frames are still
sent; each table's newest one (the highest version, the last sent of it: a consumer drops an older
one) is compared, in every language it carries, with ``reading.table_state``: each seat's view
with the person seated there, the spectators' with an anonymous spectator. A person seated now
whose seat has no view in it was not told; seats with no person (a bot, nobody) have no socket to
hear them and are passed over, as are tables deleted meanwhile. Tests
whose site runs in other processes (browser, system, ``live_site``) are not checked: their
broadcasts are not this process's. No broadcast may carry a viewer key or a token of its table
(the seats' keys, the host's, the invitation's) as they are now.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils import translation

from core.viewers import BadViewerKey, ViewerKey
from games import frames, reading
from games.models import Seat, Table
from games.viewers import Viewer


class BroadcastLog:
    def __init__(self) -> None:
        self.newest: dict[str, dict[str, Any]] = {}
        self.sent: dict[str, list[str]] = {}  # every table.state message of a table, as JSON

    def record(self, messages: list[tuple[str, dict]]) -> None:
        for group, message in messages:
            if message.get("type") != "table.state":
                continue
            self.sent.setdefault(group.split(".")[1], []).append(json.dumps(message))
            old = self.newest.get(group)
            if old is None or message["version"] >= old["version"]:
                self.newest[group] = message

    def mismatches(self) -> list[str]:
        found = []
        for group, message in sorted(self.newest.items()):
            _table, table_id, _state = group.split(".")
            table = Table.objects.filter(pk=table_id).first()
            if table is None:
                continue
            seats = {seat.position: seat for seat in Seat.objects.filter(table_id=table_id)}
            secrets = {table.invite_token, table.host_key} | {
                seat.viewer_key for seat in seats.values()
            }
            texts = self.sent.get(table_id, [])
            leaked = sorted(s for s in secrets - {""} if any(s in text for text in texts))
            if leaked:
                found.append(f"{group}: a broadcast carries secrets {leaked}")
            viewers: dict[str, Viewer | None] = {frames.PUBLIC_VIEW: None}
            for position, seat in sorted(seats.items()):
                viewer = _viewer(seat)
                if viewer is not None:
                    viewers[position] = viewer
            for position, viewer in viewers.items():
                view = message["views"].get(position)
                if view is None:
                    found.append(f"{group} v{message['version']}: no view for {position}")
                    continue
                found += _compare(group, position, message, view, viewer)
        return found


def _compare(group: str, position: str, message: dict, view: str, viewer: Viewer | None):
    found = []
    table_id = int(group.split(".")[1])
    for language, facts in message["facts"].items():  # "*": the same in every one
        with translation.override("fr" if language == "*" else language):
            expected = reading.table_state(table_id, viewer)
        me = expected["table"]["me"]
        sent = json.loads(frames.frame_text(message["version"], facts, me, view))
        if sent != expected:
            diff = sorted(
                f"{part}.{key}"
                for part in ("table", "view")
                for key in {*(sent[part] or {}), *(expected[part] or {})}
                if (sent[part] or {}).get(key) != (expected[part] or {}).get(key)
            )
            found.append(f"{group} {position} ({language}) v{sent['version']}: {', '.join(diff)}")
    return found


def _viewer(seat: Seat) -> Viewer | None:
    if seat.bot_level or not seat.viewer_key:
        return None
    try:
        key = ViewerKey.parse(seat.viewer_key)
    except BadViewerKey:
        return None
    return Viewer(user_id=key.user_id, guest_id=key.guest_id, name=seat.nickname)
