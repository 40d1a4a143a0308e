"""Helpers for the live-table tests: guests with real sessions, WebSocket clients that check every
frame they receive for leaked cards, and the engine state rebuilt from the database log."""

from __future__ import annotations

import asyncio
import json
import uuid

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from config.asgi import application
from games import reading
from games.actions import presence, tables
from games.models import Action, Match, Seat, Table
from games.viewers import Viewer
from spades.engine import SEATS
from spades.engine import Match as EngineMatch

ORIGIN = (b"origin", b"http://127.0.0.1")


def make_guest(nickname: str) -> tuple[Viewer, str]:
    """A guest with a nickname in a real saved session; returns (viewer, session key)."""
    session = SessionStore()
    session["guest_id"] = uuid.uuid4().hex
    session["nickname"] = nickname
    session.create()
    viewer = Viewer(user_id=None, guest_id=session["guest_id"], name=nickname)
    return viewer, session.session_key


def make_invited_visitor(table_id: int) -> str:
    """A visitor without a nickname who opened a private table's invitation link: returns the
    session key."""
    session = SessionStore()
    session["invitations"] = [table_id]
    session.create()
    return session.session_key


def open_invitation(session_key: str, table_id: int) -> None:
    """This guest opened the private table's invitation link (as the page records it)."""
    session = SessionStore(session_key=session_key)
    session["invitations"] = [*session.get("invitations", []), table_id]
    session.save()


def engine_at(match_id: int, actions: int | None = None) -> EngineMatch:
    """The match rebuilt from the database log (its first ``actions`` actions), no cache."""
    match = Match.objects.get(pk=match_id)
    rows = Action.objects.filter(match=match).order_by("seq")
    if actions is not None:
        rows = rows[:actions]
    engine = match.new_engine()
    for seat, payload in rows.values_list("seat", "payload"):
        engine.apply(seat, payload)
    return engine


def hidden_cards(engine: EngineMatch, seat: str | None) -> set[str]:
    """Every card still unplayed in the hands of the seats other than ``seat``."""
    cards: set[str] = set()
    for i, other in enumerate(SEATS):
        if other != seat:
            cards.update(engine.hand.hand_codes(i))
    return cards


def secret_seeds(engine: EngineMatch) -> list[str]:
    """The hands' seeds nobody may see at the engine's point: that of the hand in progress and
    any later one the database already holds (fair-deals.md: revealed once the hand ends)."""
    if engine.deals is None or engine.is_over:
        return []
    return engine.deals.seeds[engine.hand_number - 1 :]


def _revealed_seed(frame: dict) -> str | None:
    """The seed a ``hand_result`` frame reveals, checked against the database: its hand is over
    there, and the ``shuffle`` object is the one the match's log gives."""
    if frame.get("type") != "hand_result" or "shuffle" not in frame["hand"]:
        return None
    number = frame["hand"]["hand_number"]
    ended = engine_at(frame["match"])
    assert len(ended.history) >= number, f"hand {number} revealed before its end"
    assert frame["hand"]["shuffle"] == ended.history[number - 1]["shuffle"]
    seed: str = frame["hand"]["shuffle"]["seed"]
    return seed


def check_frame(frame: dict, raw: str, context: dict) -> None:
    """Assert that a frame shows no card another seat still holds, and no seed of a hand not
    over.

    A state frame's view must be exactly the engine's view for the frame's seat at the frame's
    point of the match (rebuilt from the database log, no cache), and the whole text of the frame
    must not contain, as a JSON string, any card still held by another seat, nor anywhere the
    seed of the hand in progress (or of a later hand). Other frames are checked against the last
    state frame's point (a ``hand_result``, sent before the state frame of the move that ended
    its hand, may reveal that hand's seed once the database has the hand over).
    """
    if frame.get("type") == "state":
        table = frame["table"]
        context["seat"] = table["me"]["seat"]
        match = table["match"]
        context["engine"] = None if match is None else engine_at(match["id"], match["actions"])
        engine = context["engine"]
        if engine is None:
            assert frame["view"] is None
        else:
            assert frame["view"] == json.loads(json.dumps(engine.view(context["seat"])))
            if context["seat"] is None:
                assert frame["view"]["hand"] is None
    engine = context.get("engine")
    if engine is not None:
        view = frame.get("view")
        if view and (view.get("last_trick") or {}).get("hand_number") != view["hand_number"]:
            # The last trick of the previous hand: its cards belong to another deal.
            frame = {**frame, "view": {**view, "last_trick": None}}
            raw = json.dumps(frame)
        for card in hidden_cards(engine, context.get("seat")):
            assert f'"{card}"' not in raw, f"{card} leaked in {raw[:300]}"
        revealed = _revealed_seed(frame)
        for seed in secret_seeds(engine):
            if seed != revealed:
                assert seed not in raw, f"the seed of a hand in play leaked in {raw[:300]}"
    context["checked"] = context.get("checked", 0) + 1


class Client:
    """A WebSocket client at a table; every frame it receives goes through ``check_frame``."""

    def __init__(self, path: str, session_key: str | None = None) -> None:
        headers = [ORIGIN]
        if session_key:
            headers.append((b"cookie", f"sessionid={session_key}".encode()))
        self.comm = WebsocketCommunicator(application, path, headers=headers)
        self.frames: list[dict] = []
        self.context: dict = {}
        self.state: dict | None = None

    async def connect(self) -> None:
        connected, _code = await self.comm.connect(timeout=10)
        assert connected

    async def send(self, message) -> None:
        if isinstance(message, str):
            await self.comm.send_to(text_data=message)
        else:
            await self.comm.send_json_to(message)

    async def receive(self, timeout: float = 10) -> dict:
        raw = await self.comm.receive_from(timeout=timeout)
        frame = json.loads(raw)
        await database_sync_to_async(check_frame)(frame, raw, self.context)
        self.frames.append(frame)
        # Frames from two publishers (a socket's own action, a worker's bot move) may cross:
        # like the page, keep the newest version.
        if frame["type"] == "state" and (
            self.state is None or frame["version"] >= self.state["version"]
        ):
            self.state = frame
        return frame

    async def receive_until(self, predicate, timeout: float = 10) -> dict:
        """Frames until one satisfies ``predicate`` (all of them are checked and kept)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            left = deadline - loop.time()
            assert left > 0, f"no matching frame; last: {self.frames[-1:]}"
            frame = await self.receive(timeout=left)
            if predicate(frame):
                return frame

    async def drain(self, quiet: float = 0.3) -> list[dict]:
        """Every frame that arrives until none comes for ``quiet`` seconds."""
        got = []
        while not await self.comm.receive_nothing(timeout=quiet, interval=0.02):
            got.append(await self.receive())
        return got

    async def close(self) -> None:
        await self.comm.disconnect()


def is_state(frame: dict) -> bool:
    return frame["type"] == "state"


def table_counts(table_id: int) -> tuple[int, int]:
    """(table version, number of actions in the log) — both unchanged after a refused request."""
    table = Table.objects.get(pk=table_id)
    return table.version, Action.objects.filter(match__table=table).count()


def is_error(frame: dict) -> bool:
    return frame.get("type") == "error"


def guest(name: str) -> Viewer:
    return Viewer(user_id=None, guest_id=uuid.uuid4().hex, name=name)


def seats_of(table_id: int) -> dict[str, Seat]:
    return {s.position: s for s in Seat.objects.filter(table_id=table_id)}


def private_table(humans: int = 1, **options) -> tuple[Table, list[Viewer]]:
    """A private table with ``humans`` guests (host first, at N), each with the table open,
    started: bots fill the rest."""
    people = [guest(name) for name in ("Léa", "Hugo", "Zoé", "Nina")[:humans]]
    table = tables.do_create_private_table(
        people[0], options.get("rules", {}), options.get("bot_level", "normal"),
        options.get("turn_seconds"),
    )  # fmt: skip
    for person in people[1:]:
        tables.do_join(table.pk, person, invite_token=table.invite_token)
    for i, person in enumerate(people):
        presence.do_connect(table.pk, person, f"test.channel!{table.pk}.{i}")
    tables.do_start(table.pk, people[0])
    return Table.objects.get(pk=table.pk), people


def to_move(table_id: int) -> str:
    return reading.table_state(table_id, None)["view"]["to_move"]


def legal_of(table_id: int, viewer: Viewer) -> list[dict]:
    return reading.table_state(table_id, viewer)["view"]["legal"]
