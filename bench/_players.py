"""The four players of bench/two_nodes.py: WebSocket clients through nginx, each sent to a given
node (`?node=a`), that act whenever their view has legal actions, keep every frame, and
reconnect by themselves with backoff and a `{"type": "sync"}`, as the table page does."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from spades.bots import choose_action  # pure Python: exactly what a seat's view allows

SYNC = '{"type": "sync"}'
BACKOFF = (0.1, 2.0)  # first pause before reconnecting, longest pause
RETRY_AFTER_ERROR = 0.5  # a server_error: ask for the state again this much later


def choose(view: dict, rng: random.Random) -> dict:
    """The Easy bot's choice from this seat's view. (The first legal action would do for
    cards, but four players all bidding the first offer, 0, collect bags forever: the match
    never reaches its target.)"""
    return choose_action("easy", view, rng) or view["legal"][0]


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[max(0, math.ceil(q * len(ordered)) - 1)], 1)


@dataclass
class Sent:
    """An action a player sent: on which state, through which connection, and what came of it."""

    seat: str
    conn: int
    at: float
    version: int
    actions: int  # the match's actions in the state acted on: applied, it is seq actions + 1
    action: dict
    error: str | None = None


class Player:
    """One seat's socket, through nginx to one node."""

    def __init__(self, game: Game, seat: str, node: str, cookie: str) -> None:
        self.game, self.seat, self.node, self.cookie = game, seat, node, cookie
        self.conn = 0
        self.ws = None
        self.state: dict | None = None
        self.conn_version = -1
        self.acted: int | None = None
        self.rng = random.Random(seat)
        self.last_sent: Sent | None = None
        self.thinking = False
        self.closes: list[tuple[float, int | None, int]] = []  # (at, code, conn)

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException

        game = self.game
        pause = BACKOFF[0]
        url = f"ws://127.0.0.1:{game.port}/ws/tables/{game.table_id}/?node={self.node}"
        while not game.done.is_set():
            try:
                async with connect(
                    url,
                    origin=f"http://127.0.0.1:{game.port}",
                    additional_headers={"Cookie": f"sessionid={self.cookie}"},
                    compression=None, ping_interval=None, open_timeout=5, close_timeout=1,
                    max_size=2**22,
                ) as ws:  # fmt: skip
                    self.conn += 1
                    self.ws, self.conn_version, self.acted = ws, -1, None
                    pause = BACKOFF[0]
                    if self.conn > 1:
                        game.reconnects += 1
                        await self.sync()  # as the page: a full state after reconnecting
                    try:
                        async for raw in ws:
                            await self.on_raw(raw)
                    finally:
                        self.closes.append((time.perf_counter(), ws.close_code, self.conn))
            except (OSError, TimeoutError, WebSocketException) as exc:
                if not game.done.is_set():
                    game.connect_failures[type(exc).__name__] += 1
            finally:
                self.ws = None
            if not game.done.is_set():
                await asyncio.sleep(pause)
                pause = min(2 * pause, BACKOFF[1])

    async def send(self, text: str) -> bool:
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(text)
            return True
        except Exception:  # closed meanwhile: the reconnect loop takes over
            return False

    async def on_raw(self, raw: str) -> None:
        now = time.perf_counter()
        game = self.game
        game.records.append({"seat": self.seat, "conn": self.conn, "t": now, "raw": raw})
        frame = json.loads(raw)
        kind = frame.get("type")
        if kind == "state":
            version = frame["version"]
            if version < self.conn_version:
                game.order_errors += 1
            self.conn_version = version
            if self.state is None or version >= self.state["version"]:
                self.state = frame
            if self.last_sent is not None and version > self.last_sent.version:
                self.last_sent = None  # the table moved on: that move was answered
            game.on_state(self, frame, now)
            if game.think:
                game.tasks.add(asyncio.ensure_future(self.maybe_act()))
                game.tasks = {t for t in game.tasks if not t.done()}
            else:
                await self.maybe_act()
        elif kind == "error":
            code = frame.get("code", "?")
            game.errors[code] += 1
            game.error_frames.append((now, self.seat, frame))
            if self.last_sent is not None and self.last_sent.error is None:
                self.last_sent.error = code
            if code in ("server_error", "too_fast"):
                self.acted = None  # nothing was applied: act again on a fresh state
                asyncio.get_running_loop().call_later(
                    RETRY_AFTER_ERROR if code == "server_error" else 1.0,
                    lambda: asyncio.ensure_future(self.sync()),
                )

    async def maybe_act(self) -> None:
        """Act on the newest state when its view offers a move to this seat (once per version);
        with a thinking time, on the newest state at the end of it."""
        game = self.game
        if game.think:
            if self.thinking:
                return  # the move after this thought reads the newest state anyway
            self.thinking = True
            try:
                await asyncio.sleep(game.think)
            finally:
                self.thinking = False
        state = self.state
        if state is None or game.hold or game.done.is_set():
            return
        view = state.get("view")
        if state["table"]["status"] != "playing" or not view or not view.get("legal"):
            return
        if view.get("to_move") != self.seat or state["version"] == self.acted:
            return  # (a blind-nil candidate's early "look" is left alone)
        self.acted = state["version"]
        await self.send_action(state, choose(view, self.rng))

    async def send_action(self, state: dict, action: dict) -> bool:
        """Send a move on this state, remembered with what becomes of it."""
        game = self.game
        sent = Sent(
            self.seat, self.conn, time.perf_counter(), state["version"],
            (state["table"].get("match") or {}).get("actions", 0), action,
        )  # fmt: skip
        if not await self.send(json.dumps({**action, "version": state["version"]})):
            return False
        self.last_sent = sent
        game.sent.append(sent)
        game.pending.setdefault(sent.version, (sent.at, set()))
        return True

    async def sync(self) -> bool:
        """Ask for the full state (an error after this answers the sync, not a move)."""
        self.last_sent = None
        return await self.send(SYNC)


@dataclass
class Game:
    """The table seen by its four players: every frame, move latencies, errors, progress."""

    port: int
    table_id: int
    players: dict[str, Player] = field(default_factory=dict)
    records: list[dict] = field(default_factory=list)
    sent: list[Sent] = field(default_factory=list)
    pending: dict[int, tuple[float, set[str]]] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    error_frames: list[tuple[float, str, dict]] = field(default_factory=list)
    connect_failures: Counter = field(default_factory=Counter)
    reconnects: int = 0
    order_errors: int = 0
    stall_syncs: int = 0
    top_version: int = -1
    progress_at: float = field(default_factory=time.perf_counter)
    seen_by_all: list[tuple[float, int]] = field(default_factory=list)
    hold: bool = False
    think: float = 0.0
    tasks: set = field(default_factory=set)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def add(self, seat: str, node: str, cookie: str) -> None:
        self.players[seat] = Player(self, seat, node, cookie)

    def on_state(self, player: Player, frame: dict, now: float) -> None:
        version = frame["version"]
        if version > self.top_version:
            self.top_version, self.progress_at = version, now
        for acted, (sent_at, seen) in list(self.pending.items()):
            if version > acted:
                seen.add(player.seat)
                if len(seen) == len(self.players):
                    self.latencies.append(now - sent_at)
                    del self.pending[acted]
        low = min((p.state or {"version": -1})["version"] for p in self.players.values())
        if not self.seen_by_all or low > self.seen_by_all[-1][1]:
            self.seen_by_all.append((now, low))
        if all(p.state and p.state["table"]["status"] == "finished" for p in self.players.values()):
            self.done.set()

    def sends(self) -> list[dict]:
        """Every action sent, with its answer and whether its connection closed afterwards."""
        out = []
        for sent in self.sent:
            closes = self.players[sent.seat].closes
            closed = any(conn == sent.conn and at >= sent.at for at, _code, conn in closes)
            out.append({**sent.__dict__, "closed": closed})
        return out

    def everyone_saw_after(self, moment: float, version: int) -> float | None:
        """When all four players first had a state newer than ``version`` (after ``moment``)."""
        for at, low in self.seen_by_all:
            if at >= moment and low > version:
                return at
        return None

    async def release(self) -> None:
        """Let the players act again (after a hold) on the state they have."""
        self.hold = False
        for player in self.players.values():
            await player.maybe_act()

    async def watchdog(self, stall_seconds: float) -> None:
        """No new version anywhere for ``stall_seconds`` while playing: everyone asks for the
        state again (counted: in a run without faults it must never be needed)."""
        while not self.done.is_set():
            await asyncio.sleep(0.25)
            if self.hold or time.perf_counter() - self.progress_at < stall_seconds:
                continue
            self.stall_syncs += 1
            self.progress_at = time.perf_counter()
            for player in self.players.values():
                await player.sync()

    async def start(self, timeout: float = 30) -> None:
        """Connect the four, wait for their first state, then the host (N) starts."""
        deadline = time.perf_counter() + timeout
        while any(p.state is None for p in self.players.values()):
            if time.perf_counter() > deadline:
                raise RuntimeError("the players did not all get their first state")
            await asyncio.sleep(0.05)
        await self.players["N"].send('{"type": "start"}')

    async def close(self) -> None:
        self.done.set()
        for player in self.players.values():
            if player.ws is not None:
                with contextlib.suppress(Exception):
                    await player.ws.close()
