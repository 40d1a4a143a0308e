"""The tables of bench/ws_load.py: their creation and their rematches (in child processes with
Django, so that the load client stays lean: `python bench/_load_tables.py create-tables COUNT
FIRST TURN_SECONDS [RULES_JSON]`, `python bench/_load_tables.py rematch`) and the client's record
of each table (its four sockets, the move in flight)."""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ws_load import Bench

SEATS = ("N", "E", "S", "W")


# --- table creation (a child process with Django, so the client process stays lean) -----------


def _django() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def create_tables(
    count: int, first: int, turn_seconds: int, rules: dict | None = None, start_hand: int = 1
) -> list[dict]:
    """Create `count` private tables with four guests seated; return ids, cookies and the host
    (who asks for rematches). The host starts each match over its socket once the four are
    connected, so no turn timer runs early.

    `turn_seconds` 0 is a table without turn timer (the private table default); quick tables
    run TURN_SECONDS (30), which queues a deadline with every move. `rules`: the table's options
    (the site's defaults when empty). `start_hand` > 1: the host starts each match here and its
    hands before `start_hand` are played at once (``play_ahead``)."""
    _django()
    from django.contrib.sessions.backends.db import SessionStore

    from games.actions import tables
    from games.viewers import Viewer

    out = []
    for index in range(first, first + count):
        viewers, cookies = {}, {}
        for seat in SEATS:
            guest_id = uuid.uuid4().hex
            name = f"B{index}{seat}"
            session = SessionStore()
            session["guest_id"] = guest_id
            session["nickname"] = name
            session.create()
            viewers[seat] = Viewer(user_id=None, guest_id=guest_id, name=name)
            cookies[seat] = session.session_key
        table = tables.do_create_private_table(
            viewers["N"], rules or {}, "normal", turn_seconds or None
        )
        for seat in SEATS[1:]:
            tables.do_join(table.id, viewers[seat], invite_token=table.invite_token, position=seat)
        host = viewers["N"]
        started = start_hand > 1
        if started:
            tables.do_start(table.id, host)
            play_ahead(table.id, start_hand, random.Random(index))
        out.append(
            {
                "table": table.id,
                "cookies": cookies,
                "host": [host.guest_id, host.name],
                "started": started,
            }
        )
    return out


def play_ahead(table_id: int, start_hand: int, rng: random.Random) -> None:
    """Play the table's match up to the start of hand `start_hand` with the load client's own
    choices, written to the action log in one go (the site rebuilds its engine from that log, as
    after any restart); the table's version counts each action, as if played one by one."""
    from django.db import transaction
    from django.utils import timezone

    from games.models import Action, Match, Table
    from spades.engine.shuffle import new_seed

    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        match = Match.objects.get(pk=table.match_id)
        engine = match.new_engine(fresh=new_seed)
        rows = []
        now = timezone.now()
        while engine.hand_number < start_hand and not engine.is_over:
            seat = engine.to_move
            action = choose(engine.legal_actions(seat), rng)
            engine.apply(seat, action)
            rows.append(
                Action(
                    match=match, seq=len(rows) + 1, seat=seat, payload=action,
                    actor=Action.Actor.HUMAN, created_at=now,
                )
            )  # fmt: skip
        Action.objects.bulk_create(rows)
        seeds = match.deal_seeds if engine.deals is None else engine.deals.seeds
        Match.objects.filter(pk=match.pk).update(action_count=len(rows), deal_seeds=seeds)
        # No turn clock until the next move sets one: the sockets connect later, and a clock
        # started with the match would hand the first seat to a stand-in meanwhile.
        Table.objects.filter(pk=table_id).update(
            version=table.version + len(rows), updated_at=now, turn_deadline=None
        )


def serve_rematches() -> None:
    """Read `[table, guest_id, name]` lines; the host asks for a new match at that table, through
    the site's own use case (as the "Rejouer" button does); answer `{"table", "error"}` lines."""
    _django()
    from games.actions import tables
    from games.errors import ServiceError
    from games.viewers import Viewer

    for line in sys.stdin:
        table_id, guest_id, name = json.loads(line)
        error = None
        try:
            tables.do_rematch(table_id, Viewer(user_id=None, guest_id=guest_id, name=name))
        except ServiceError as exc:
            error = exc.code
        print(json.dumps({"table": table_id, "error": error}), flush=True)


@dataclass
class Step:
    """What one step of N tables recorded inside its measuring window."""

    start: float = math.inf
    end: float = math.inf
    latencies: list[float] = field(default_factory=list)
    samples: list[tuple[float, float, int]] = field(default_factory=list)
    errors: int = 0
    timeouts: int = 0
    skipped: int = 0
    state_bytes: int = 0  # state frames received by the sockets in the window
    state_frames: int = 0

    def counts(self, t: float) -> bool:
        return self.start <= t <= self.end


@dataclass
class Conn:
    seat: str
    ws: object = None
    version: int = -1
    view: dict | None = None


class TableRun:
    """One table: four sockets, the move in flight, and who has seen its result."""

    def __init__(
        self, bench: Bench, table_id: int, cookies: dict[str, str], host: list[str]
    ) -> None:
        self.bench = bench
        self.id = table_id
        self.cookies = cookies
        self.host = host
        self.status = ""
        self.rematch_asked = False
        self.conns = {seat: Conn(seat) for seat in SEATS}
        self.version = -1
        self.latest: Conn | None = None
        self.pending: tuple[float, int] | None = None  # (sent at, version acted on)
        self.seen: set[str] = set()
        self.first_state = asyncio.Event()
        self.started = asyncio.Event()
        self.ready_count = 0
        self.finished = False

    def on_state(self, conn: Conn, frame: dict, now: float) -> None:
        version = frame.get("version", -1)
        if version <= conn.version:
            return
        if conn.version < 0:
            self.ready_count += 1
            if self.ready_count == 4:
                self.first_state.set()
        conn.version = version
        conn.view = frame.get("view")
        self.status = (frame.get("table") or {}).get("status", self.status)
        if self.status == "playing":
            self.rematch_asked = False
        if conn.view is not None:
            self.started.set()
        if version > self.version:
            self.version = version
            self.latest = conn
        if self.pending and version > self.pending[1]:
            self.seen.add(conn.seat)
            if len(self.seen) == 4:
                sent, _ = self.pending
                step = self.bench.step
                if step.counts(sent):
                    step.latencies.append(now - sent)
                    step.samples.append((time.time() - (now - sent), now - sent, self.id))
                self.pending = None

    def on_error(self, frame: dict) -> None:
        step = self.bench.step
        if step.counts(time.perf_counter()):
            step.errors += 1
        self.bench.error_codes[frame.get("code", "?")] = (
            self.bench.error_codes.get(frame.get("code", "?"), 0) + 1
        )
        self.pending = None  # refused: nothing changed

    async def tick(self) -> None:
        """Send the legal move of the seat to play, unless the last move is still in flight."""
        now = time.perf_counter()
        step = self.bench.step
        if self.pending:
            if now - self.pending[0] > self.bench.args.move_timeout:
                if step.counts(self.pending[0]):
                    step.timeouts += 1
                self.pending = None
                for conn in self.conns.values():
                    await conn.ws.send('{"type": "sync"}')
            elif step.counts(now):
                step.skipped += 1
            return
        if self.latest is None or self.latest.view is None:
            return
        seat = self.latest.view.get("to_move")
        if seat is None:
            self.finished = self.status == "finished"
            if self.finished and self.bench.args.rematch and not self.rematch_asked:
                self.rematch_asked = True
                await self.bench.ask_rematch(self)
            return
        mover = self.conns[seat]
        if mover.version != self.version or not mover.view:
            if step.counts(now):
                step.skipped += 1
            return
        action = choose(mover.view.get("legal") or [], self.bench.rng)
        if action is None:
            return
        message = json.dumps({**action, "version": self.version})
        self.seen = set()
        self.pending = (time.perf_counter(), self.version)
        await mover.ws.send(message)


def choose(legal: list[dict], rng: random.Random) -> dict | None:
    """A plausible legal action: a numeric bid or a card; "look" and blind nil only if nothing else."""
    plays = [a for a in legal if a.get("type") == "play"]
    if plays:
        return rng.choice(plays)
    bids = [a for a in legal if a.get("type") == "bid" and isinstance(a.get("bid"), int)]
    if bids:
        low = [a for a in bids if 1 <= a["bid"] <= 4] or bids
        return rng.choice(low)
    others = [a for a in legal if a.get("type") != "look"] or legal
    return others[0] if others else None


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    if sys.argv[1:2] == ["rematch"]:
        serve_rematches()
    elif sys.argv[1:2] == ["create-tables"]:
        rules = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
        start_hand = int(sys.argv[6]) if len(sys.argv) > 6 else 1
        count, first, turn_seconds = (int(a) for a in sys.argv[2:5])
        print(json.dumps(create_tables(count, first, turn_seconds, rules, start_hand)))
    else:
        sys.exit(
            "usage: _load_tables.py create-tables COUNT FIRST TURN_SECONDS [RULES_JSON [HAND]]"
            " | _load_tables.py rematch"
        )
