"""Live tables under load: move-to-broadcast latency for N tables of four WebSocket players.

Run from the project folder (see bench/README.md):

    .venv/bin/python bench/ws_load.py                      # steps 25,50,100,150,200,250,300
    .venv/bin/python bench/ws_load.py --steps 50,200 --duration 20

It creates a fresh bench database on the machine's PostgreSQL (127.0.0.1:5432, `atout_bench`),
migrates it, starts a redis-server of its own (or uses --redis-url, flushed first), and starts the real system through `config.launcher run`
(Daphne, Celery worker, beat) on a free port. For each step N it creates the missing tables through
the project's use cases (four guests seated, turn timer --turn-seconds), opens four WebSockets per
table with each guest's session cookie, lets the host start the match over its socket, and plays: at every table the seat whose turn it is sends a legal move
every 2 seconds, the tables' phases spread evenly over the 2 s. A move's latency runs from just
before the client sends it to the moment all four sockets have received a state frame with a newer
version. One JSON line per step, then {"largest_n_p99_under_100ms": N}. Loopback only; everything
it starts is stopped at the end.

Then, in the same run, the yardstick (bench/_reference.py): a bare Channels consumer under one
Daphne, on a redis-server of its own, that answers each move with one group message making the
table's four sockets send a frame of the site's mean state-frame size; no database, no engine. It
is driven by the same steps, and the last line sets both side by side (web CPU a move, p50/p99,
the largest N with p99 <= 100 ms, and their ratios). The first line is the machine's speed (a fixed
CPU loop) and load. `--start-hand K` starts the site's tables at hand K of their match (the hands
before played at once, through the engine, into the action log), to measure a move late in a long
match.

`--nodes 2` runs the production layout instead (bench/_cluster.py): two nodes, each
`config.launcher run` with `--web-per-node` Daphnes and its Celery worker, sharing one PostgreSQL
database and one redis-server, nginx in front; every socket connects through nginx. `--soak M`
holds the last step for M minutes and prints each process's memory at its start and end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import _cluster
import _system
from _load_systems import (
    Nodes,
    Single,
    client_pauses,
    memory,
    per_move,
    percentile,
    soak_memory_trail,
    start_py_spy,
)
from _load_tables import SEATS, Conn, Step, TableRun
from _yardstick import ReferenceSystem, compare, machine_speed

LIMIT_MS = 100.0
# Environment variables that change what is measured; echoed in the first line.
KNOBS = (
    "DB_CONN_MAX_AGE", "LIVE_DB_THREADS", "WEB_CONCURRENCY", "CELERY_CONCURRENCY", "CELERY_POOL",
    "LOG_LEVEL",
)  # fmt: skip


# --- the load generator ------------------------------------------------------------------------


class Bench:
    """The client side: all the sockets in one asyncio loop."""

    def __init__(
        self, args: argparse.Namespace, port: int, env: dict[str, str], reference: bool = False
    ) -> None:
        self.args = args
        self.reference = reference  # driving the bare Channels yardstick (bench/_reference.py)
        self.port = port
        self.env = env
        self.tables: list[TableRun] = []
        self.step = Step()
        self.rng = random.Random(1)
        self.error_codes: dict[str, int] = {}
        self.closed = 0
        self.drivers: list[asyncio.Task] = []
        self.readers: list[asyncio.Task] = []
        self.stopping = False
        self.connect_failures = 0
        self.rematcher: asyncio.subprocess.Process | None = None
        self.rematches = {"asked": 0, "refused": 0}

    def open_sockets(self) -> int:
        """Sockets of the bench's tables open now (connected, not closed since)."""
        from websockets.protocol import State

        return sum(
            1
            for table in self.tables
            for conn in table.conns.values()
            if conn.ws is not None and conn.ws.state is State.OPEN
        )

    async def create(self, count: int) -> list[dict]:
        """New tables: the site's, in a child process with Django (started at --start-hand when
        asked); the reference's are only numbers."""
        if self.reference:
            first = len(self.tables) + 1
            return [
                {"table": first + i, "cookies": dict.fromkeys(SEATS, ""), "host": None}
                for i in range(count)
            ]
        proc = await asyncio.create_subprocess_exec(
            _system.PYTHON,
            str(Path(__file__).with_name("_load_tables.py")),
            "create-tables",
            str(count),
            str(len(self.tables)),
            str(self.args.turn_seconds),
            json.dumps(self.rules()),
            str(self.args.start_hand),
            cwd=_system.BASE_DIR,
            env=self.env,
            stdout=asyncio.subprocess.PIPE,
        )
        out, _ = await proc.communicate()
        if proc.returncode:
            raise RuntimeError("creating the tables failed (see above)")
        return json.loads(out.decode().strip().splitlines()[-1])

    async def add_tables(self, count: int) -> None:
        """Create `count` tables, then connect their sockets."""
        from websockets.exceptions import WebSocketException

        created = await self.create(count)
        new = [TableRun(self, item["table"], item["cookies"], item["host"]) for item in created]
        started = {item["table"] for item in created if item.get("started")}
        gate = asyncio.Semaphore(self.args.connect_concurrency)

        async def connect(table: TableRun, seat: str) -> None:
            async with gate:
                # Daphne drops a socket its consumer has not accepted within 5 s (a busy
                # machine), and nginx then counts its node down for 5 s: try again, up to 8
                # times, 1, 2, 4 then 8 s apart.
                for attempt in range(8):
                    try:
                        await self.connect(table, table.conns[seat])
                        return
                    except (TimeoutError, OSError, WebSocketException) as exc:
                        self.connect_failures += 1
                        print(f"connect table {table.id} {seat}: {exc!r}", file=sys.stderr)
                        await asyncio.sleep(min(8, 2**attempt))
                raise RuntimeError(f"could not connect to table {table.id}")

        await asyncio.gather(*(connect(t, s) for t in new for s in SEATS))
        await asyncio.wait_for(asyncio.gather(*(t.first_state.wait() for t in new)), 60)
        for table in new:
            if table.id not in started:
                await table.conns["N"].ws.send('{"type": "start"}')
        await asyncio.wait_for(asyncio.gather(*(t.started.wait() for t in new)), 60)
        self.tables.extend(new)

    def rules(self) -> dict:
        """The tables' options: the site's defaults, or the match's end as --target and
        --loss-floor say (the random moves of this client rarely reach 500 points, and a soak
        must see matches end and new ones start)."""
        rules = {}
        if self.args.target:
            rules["target"] = self.args.target
        if self.args.loss_floor:
            rules["loss_floor"] = self.args.loss_floor
        if self.args.start_hand > 1 and "target" not in rules:
            rules["target"] = 10000  # tables deep into a match must not end during the run
        return rules

    async def ask_rematch(self, table: TableRun) -> None:
        """The host asks for a new match, through a Django child process kept for that."""
        if self.rematcher is None:
            self.rematcher = await asyncio.create_subprocess_exec(
                _system.PYTHON,
                str(Path(__file__).with_name("_load_tables.py")),
                "rematch",
                cwd=_system.BASE_DIR,
                env=self.env,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            self.readers.append(asyncio.create_task(self.read_rematches()))
        self.rematches["asked"] += 1
        self.rematcher.stdin.write((json.dumps([table.id, *table.host]) + "\n").encode())
        await self.rematcher.stdin.drain()

    async def read_rematches(self) -> None:
        while line := await self.rematcher.stdout.readline():
            answer = json.loads(line)
            if answer["error"]:
                self.rematches["refused"] += 1
                print(f"rematch {answer}", file=sys.stderr)

    async def connect(self, table: TableRun, conn: Conn) -> None:
        from websockets.asyncio.client import connect

        # --spread: N and S through node a, E and W through node b (nginx's ?node=), the worst
        # case for the caches; else nginx sends a table's four sockets to one node.
        node = f"?node={'a' if conn.seat in 'NS' else 'b'}" if self.args.spread else ""
        cookie = table.cookies[conn.seat]
        conn.ws = await connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table.id}/{node}",
            origin=f"http://127.0.0.1:{self.port}",
            additional_headers={"Cookie": f"sessionid={cookie}"} if cookie else {},
            compression=None,
            ping_interval=None,
            open_timeout=60,
            max_size=2**22,
        )
        self.readers.append(asyncio.create_task(self.read(table, conn)))

    async def read(self, table: TableRun, conn: Conn) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in conn.ws:
                now = time.perf_counter()
                frame = orjson.loads(raw)
                kind = frame.get("type")
                if kind == "state":
                    if self.step.counts(now):
                        self.step.state_bytes += len(
                            raw if isinstance(raw, bytes) else raw.encode()
                        )
                        self.step.state_frames += 1
                    table.on_state(conn, frame, now)
                elif kind == "error":
                    table.on_error(frame)
        except ConnectionClosed:
            pass
        if not self.stopping:
            self.closed += 1
            if self.step.counts(time.perf_counter()):
                self.step.errors += 1

    def restart_drivers(self) -> None:
        """One loop per table, phases spread evenly over the move interval."""
        for task in self.drivers:
            task.cancel()
        interval = self.args.interval
        base = time.perf_counter() + 0.05
        n = len(self.tables)
        self.drivers = [
            asyncio.create_task(self.drive(t, base + interval * i / n))
            for i, t in enumerate(self.tables)
        ]

    async def drive(self, table: TableRun, first: float) -> None:
        interval = self.args.interval
        next_at = first
        while True:
            delay = next_at - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            next_at += interval
            try:
                await table.tick()
            except Exception as exc:  # a closed socket: counted by its reader
                print(f"table {table.id}: {exc!r}", file=sys.stderr)

    async def close(self) -> None:
        self.stopping = True
        for task in self.drivers:
            task.cancel()
        for table in self.tables:
            for conn in table.conns.values():
                if conn.ws is not None:
                    with contextlib.suppress(Exception):
                        await conn.ws.close()
        for task in self.readers:
            task.cancel()
        if self.rematcher is not None and self.rematcher.returncode is None:
            self.rematcher.stdin.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.rematcher.wait(), 10)


async def run_steps(
    args: argparse.Namespace, system, env: dict[str, str], reference: bool = False
) -> tuple[list[dict], int]:
    """Every step on one system (the site, or the reference); its JSON lines and the largest N
    with p99 <= 100 ms."""
    bench = Bench(args, system.port, env, reference)
    label = "reference" if reference else "site"
    best = 0
    lines: list[dict] = []
    try:
        for n in args.steps:
            soak = bool(args.soak) and n == args.steps[-1]
            duration = 60.0 * args.soak if soak else args.duration
            t0 = time.monotonic()
            if n > len(bench.tables):
                await bench.add_tables(n - len(bench.tables))
            setup_s = time.monotonic() - t0
            # The client's own pauses would count as the server's latency: a collection over
            # its thousands of sockets took 0.3 s at 800 tables, every move late at once. So
            # the client collects between steps, not during one (--client-gc keeps it on).
            gc.enable()
            gc.collect()
            if not args.client_gc:
                gc.freeze()
                gc.disable()
            client_pauses.clear()
            bench.restart_drivers()
            await asyncio.sleep(args.warmup)
            roles = {p.pid: role for role, ps in system.roles().items() for p in ps}
            roles[os.getpid()] = "client"
            memory0 = memory(system.roles()) if soak else None
            snap0 = _system.cpu_snapshot()
            step = Step(start=time.perf_counter())
            step.end = step.start + duration
            bench.step = step
            spies = await start_py_spy(args, system, n, duration)
            if soak:
                trail = await soak_memory_trail(system, duration)
            else:
                await asyncio.sleep(duration)
            for spy in spies:
                await spy.wait()
            wall = time.perf_counter() - step.start
            cpu = _system.cpu_by_role(snap0, _system.cpu_snapshot(), roles, wall)
            await asyncio.sleep(min(args.move_timeout, 2.0))  # let the window's last moves land
            p99 = percentile(step.latencies, 0.99)
            line = {
                "system": label,
                "tables": n,
                "nodes": 1 if reference else args.nodes,
                "sockets": bench.open_sockets(),
                "moves": len(step.latencies),
                "p50_ms": percentile(step.latencies, 0.50),
                "p99_ms": p99,
                "max_ms": percentile(step.latencies, 1.0),
                "errors": step.errors + step.timeouts,
                "timeouts": step.timeouts,
                "skipped": step.skipped,
                "cpu_cores": cpu,
                "cpu_ms_per_move": per_move(cpu, wall, len(step.latencies)),
                # What a move costs on the wire: the state frames' bytes (all sockets) per move.
                "state_bytes_per_frame": round(step.state_bytes / max(1, step.state_frames)),
                "state_bytes_per_move": round(step.state_bytes / max(1, len(step.latencies))),
                "setup_s": round(setup_s, 1),
                "client_gc_pause_max_ms": round(max(client_pauses, default=0.0), 1),
            }
            if soak:
                line["soak_minutes"] = args.soak
                line["memory_mb_start"] = memory0
                line["memory_mb_end"] = memory(system.roles())
                line["web_pss_mb_every_5_min"] = trail
                line["error_codes"] = dict(bench.error_codes)
                line["rematches"] = dict(bench.rematches)
            print(json.dumps(line), flush=True)
            lines.append(line)
            if args.samples:
                with open(args.samples, "a") as out:
                    for at, latency, table_id in step.samples:
                        out.write(f"{n} {at:.3f} {1000 * latency:.1f} {table_id}\n")
            ok = p99 is not None and p99 <= LIMIT_MS and line["errors"] == 0
            if ok:
                best = max(best, n)
            if p99 is None or p99 > args.stop_above_ms:
                stopped = f"{label}: p99 above {args.stop_above_ms:g} ms at {n} tables"
                print(json.dumps({"stopped": stopped}), flush=True)
                break
    finally:
        if bench.error_codes or bench.closed or bench.connect_failures:
            problems = {
                "error_codes": bench.error_codes,
                "sockets_closed": bench.closed,
                "connect_failures": bench.connect_failures,
            }
            print(
                json.dumps(problems),
                file=sys.stderr,
            )
        await bench.close()
    print(json.dumps({"system": label, "largest_n_p99_under_100ms": best}), flush=True)
    return lines, best


def run_reference(args: argparse.Namespace, frame_bytes: int) -> tuple[list[dict], int]:
    """The yardstick (bench/_yardstick.py) driven by the same steps."""
    system = ReferenceSystem.start(Path(args.log).with_name("bench-ws-reference.log"), frame_bytes)
    try:
        print(json.dumps({"reference": {"frame_bytes": frame_bytes, "log": str(system.log)}}),
              flush=True)  # fmt: skip
        return asyncio.run(run_steps(args, system, system.env, reference=True))
    finally:
        system.stop()


def finish(args: argparse.Namespace, site: list[dict], best: int) -> int:
    """After the site's steps: the reference's with frames of the site's mean size, then both
    side by side."""
    if args.no_reference or not site:
        return 0
    frames = [line["state_bytes_per_frame"] for line in site if line["state_bytes_per_frame"]]
    frame_bytes = round(sum(frames) / len(frames)) if frames else 3000
    reference, ref_best = run_reference(args, frame_bytes)
    print(json.dumps(compare(site, reference, {"site": best, "reference": ref_best})), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="25,50,100,150,200,250,300")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds per step")
    parser.add_argument("--warmup", type=float, default=6.0, help="seconds before measuring")
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="let the load client collect garbage during a step (the former behaviour)",
    )
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between moves")
    parser.add_argument(
        "--turn-seconds", type=int, default=30, help="turn timer of the tables (0: none)"
    )
    parser.add_argument("--move-timeout", type=float, default=5.0)
    parser.add_argument("--target", type=int, help="the tables' target score (default: the site's)")
    parser.add_argument("--loss-floor", type=int, help="the tables' loss floor, e.g. -500")
    parser.add_argument(
        "--rematch", action="store_true", help="the host asks for a new match when one ends"
    )
    parser.add_argument("--stop-above-ms", type=float, default=1000.0, help="stop when p99 > this")
    parser.add_argument("--database", default="atout_bench", help="bench database (recreated)")
    parser.add_argument(
        "--redis-url",
        default="",
        help="a Redis to use (flushed); default: a redis-server of its own",
    )
    parser.add_argument(
        "--connect-concurrency", type=int, default=8, help="sockets being opened at once"
    )
    parser.add_argument(
        "--nodes", type=int, choices=(1, 2), default=1, help="2: two nodes behind nginx"
    )
    parser.add_argument(
        "--web-per-node",
        type=int,
        default=int(os.environ.get("WEB_CONCURRENCY") or 1),
        help="Daphnes of each node with --nodes 2 (default WEB_CONCURRENCY or 1)",
    )
    parser.add_argument(
        "--spread",
        action="store_true",
        help="with --nodes 2: each table's N/S on node a, E/W on node b (default: one node a table)",
    )
    parser.add_argument(
        "--soak", type=float, default=0.0, metavar="MINUTES", help="hold the last step so long"
    )
    parser.add_argument("--py-spy", metavar="DIR", help="profile the web processes into DIR")
    parser.add_argument(
        "--start-hand",
        type=int,
        default=1,
        metavar="K",
        help="the site's tables start their match at hand K (its hands before played at once)",
    )
    parser.add_argument(
        "--no-reference", action="store_true", help="skip the bare Channels yardstick"
    )
    parser.add_argument(
        "--only-reference", action="store_true", help="run the yardstick alone (--frame-bytes)"
    )
    parser.add_argument("--frame-bytes", type=int, default=3000, help="with --only-reference")
    parser.add_argument("--samples", help="append every measured move to this file")
    parser.add_argument("--keep-db", action="store_true", help="do not drop the bench database")
    parser.add_argument("--log", default=str(_system.BASE_DIR / ".run" / "bench-ws-load.log"))
    args = parser.parse_args(argv)
    args.steps = sorted({int(s) for s in args.steps.split(",") if s.strip()})
    print(json.dumps({"machine": machine_speed()}), flush=True)
    if args.only_reference:
        run_reference(args, args.frame_bytes)
        return 0

    if args.nodes == 2:
        return run_nodes(args)
    import redis

    # Pub/sub channels are the same in every database of a Redis: on a shared Redis another
    # user's tables 1, 2 … would send their frames to these. A redis-server of its own by default.
    own_redis = None
    if not args.redis_url:
        own_redis = _cluster.RedisServer(Path(tempfile.mkdtemp(prefix="atout-ws-load-")))
        own_redis.start()
        args.redis_url = own_redis.url
    redis.Redis.from_url(args.redis_url).flushdb()
    db_url = _system.prepare_database(args.database)
    env = {**os.environ, "DATABASE_URL": db_url, "REDIS_URL": args.redis_url}
    system = Single(env, _system.free_port(), Path(args.log), own_redis)
    try:
        system.start()
        roles = {role: len(ps) for role, ps in system.roles().items()}
        knobs = {k: v for k, v in env.items() if k in KNOBS}
        knobs["turn_seconds"] = args.turn_seconds
        print(json.dumps({"system": roles, "env": knobs, "log": args.log}), flush=True)
        site, best = asyncio.run(run_steps(args, system, env))
    finally:
        system.stop()
        if own_redis is not None:
            own_redis.stop()
        if not args.keep_db:
            _system.drop_database(args.database)
    return finish(args, site, best)


def run_nodes(args: argparse.Namespace) -> int:
    """The same steps through nginx in front of two nodes (bench/_cluster.py)."""
    system = Nodes(args)
    try:
        system.start()
        roles = {role: len(ps) for role, ps in system.roles().items()}
        knobs = {k: v for k, v in system.env.items() if k in KNOBS}
        knobs.update(
            turn_seconds=args.turn_seconds, web_per_node=args.web_per_node, spread=args.spread
        )
        print(json.dumps({"system": roles, "env": knobs, "logs": str(system.cluster.workdir)}),
              flush=True)  # fmt: skip
        site, best = asyncio.run(run_steps(args, system, system.env))
    finally:
        system.stop()
    return finish(args, site, best)


def _exit_on_sigterm(signum, frame) -> None:
    """`kill` stops the bench as Ctrl-C does: the `finally` blocks stop every process it started."""
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    sys.exit(main())
