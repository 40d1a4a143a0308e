"""Two nodes behind nginx, one table played across both: the production layout on one machine.

Run from the project folder (see bench/README.md and docs/deploy.md):

    .venv/bin/python bench/two_nodes.py                 # a whole match (target 300)
    .venv/bin/python bench/two_nodes.py --target 100    # shorter (the slow test's run)
    .venv/bin/python bench/two_nodes.py --faults        # kill a Daphne, a worker, Redis; restart PostgreSQL

It starts one redis-server (own loopback port), recreates the database `atout_nodes` on the
machine's PostgreSQL and migrates it, starts two nodes (`python -m config.launcher run --port P`,
node a with 2 Daphnes, node b with 1, each worker with beat under the Redis lock) and nginx in
front (`?node=a` / `?node=b` picks the node). Four guests sit at one private table: N and S
connect through node a, E and W through node b. They play a whole match; every frame is then
checked in a Django process (tests.support.live.check_frame: no other seat's unplayed card; state
versions never go down per socket; the final state equals the match in the database). Prints one
JSON line of figures and exits 1 on any failure. Loopback only; everything it starts is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import _cluster
import _players
import _system

NODES = {"N": "a", "S": "a", "E": "b", "W": "b"}
DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def django(env: dict[str, str], *args: str, timeout: float = 300) -> dict:
    """One command of bench/_nodes_django.py in a child process; its JSON answer."""
    out = subprocess.run(
        [_system.PYTHON, str(Path(__file__).with_name("_nodes_django.py")), *args],
        cwd=_system.BASE_DIR, env=env, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    if out.returncode:
        raise RuntimeError(f"_nodes_django {args[0]} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


async def sample_beat(cluster: _cluster.Cluster, holders: list, stop: asyncio.Event) -> None:
    """Read the beat lock's holder every half second."""
    while not stop.is_set():
        holders.append(await asyncio.to_thread(cluster.beat_holder))
        await asyncio.sleep(0.5)


async def play(cluster: _cluster.Cluster, created: dict, args: argparse.Namespace) -> dict:
    """Connect the four players, start, play to the end (or run the faults); figures."""
    game = _players.Game(cluster.nginx.port, created["table"], think=args.think)
    for seat, node in NODES.items():
        game.add(seat, node, created["cookies"][seat])
    holders: list = []
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.run()) for p in game.players.values()]
    tasks.append(asyncio.create_task(sample_beat(cluster, holders, stop)))
    if not args.faults:  # with faults, the players must come back as the page does, unaided
        tasks.append(asyncio.create_task(game.watchdog(args.stall)))
    faults: list[dict] = []
    started = time.perf_counter()
    try:
        await game.start()
        if args.faults:
            import _faults

            faults = await _faults.run_faults(cluster, game, lambda *a: django(cluster.env, *a))
        await asyncio.wait_for(game.done.wait(), args.timeout)
    finally:
        elapsed = time.perf_counter() - started
        stop.set()
        await game.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"game": game, "holders": holders, "faults": faults, "seconds": elapsed}


def figures(
    cluster: _cluster.Cluster, played: dict, check: dict, faults: bool
) -> tuple[dict, list[str]]:
    """The JSON line, and what failed."""
    game: _players.Game = played["game"]
    log = check["log"]
    match = log["match"] or {}
    holders = [h for h in played["holders"] if h]
    times = {name: node.beat_sends() for name, node in cluster.nodes.items()}
    sends = {name: len(t) for name, t in times.items()}
    # Sends of one beat less than half a period from a send of the other: both sending at once.
    both = sum(1 for t in times["a"] if any(abs(t - u) < 0.5 for u in times["b"]))
    upstreams = {
        node: sorted({cluster.node_of_port(a) for a in addrs if a and a != "-"})
        for node, addrs in cluster.nginx.upstreams().items()
        if node in ("a", "b")
    }
    out = {
        "moves": match.get("actions"),
        "seconds": round(played["seconds"], 1),
        "frames": check["frames"],
        "state_frames": check["states"],
        "p50_ms": _players.percentile(game.latencies, 0.5),
        "p99_ms": _players.percentile(game.latencies, 0.99),
        "max_ms": _players.percentile(game.latencies, 1.0),
        "leaks": check["leaks"],
        "order_errors": check["order_errors"] + game.order_errors,
        "gapless_log": match.get("gapless"),
        "sends": check["sends"],
        "final_matches_log": all(f["matches_log"] for f in check["final"].values()),
        "result": match.get("result"),
        "error_frames": dict(game.errors),
        "reconnects": game.reconnects,
        "stall_syncs": game.stall_syncs,
        "nginx_routes": upstreams,
        "beat_lock_holder": max(set(holders), key=holders.count) if holders else None,
        "beat_lock_reads": {h: holders.count(h) for h in sorted(set(holders))},
        "beat_sends_by_node": sends,
        "beat_sends_together": both,
        "web_per_node": {name: node.web for name, node in cluster.nodes.items()},
    }
    failures = []
    if out["leaks"]:
        failures.append(f"leaks: {check['leak_samples']}")
    if out["order_errors"]:
        failures.append("a socket saw a state version go down")
    if check["sends"]["lost"] or check["sends"]["applied_and_refused"]:
        failures.append(f"actions lost or applied though refused: {check['sends']}")
    if not out["gapless_log"]:
        failures.append("the action log has a gap or a duplicate")
    if not faults and (log["status"] != "finished" or not match.get("result")):
        failures.append(f"the match did not finish (status {log['status']})")
    if not out["final_matches_log"] or len(check["final"]) != 4:
        failures.append(f"a player's last state differs from the log: {check['final']}")
    if upstreams.get("a") != ["a"] or upstreams.get("b") != ["b"]:
        failures.append(f"nginx did not route by node: {upstreams}")
    if any(h.startswith("other") for h in holders) or (not faults and len(set(holders)) != 1):
        failures.append(f"beat lock holders: {out['beat_lock_reads']}")
    if cluster.debug_log and (both or (not faults and sorted(sends.values())[0] != 0)):
        failures.append(f"both beats sent the schedule: {sends}, {both} at the same time")
    return out, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", type=int, default=300, help="the match's target score")
    parser.add_argument("--faults", action="store_true", help="kill and restart the services")
    parser.add_argument("--web", default="2,1", help="Daphnes of node a and node b")
    parser.add_argument(
        "--think",
        type=float,
        default=0.05,
        help="seconds before each move (the rate limit: 6 a second per socket)",
    )
    parser.add_argument(
        "--stall", type=float, default=3.0, help="no move for this long: a failure (all resync)"
    )
    parser.add_argument("--timeout", type=float, default=300.0, help="give up on the match")
    parser.add_argument("--database", default="atout_nodes", help="recreated, dropped at the end")
    parser.add_argument("--admin-url", default=os.environ.get("NODES_ADMIN_URL", DEFAULT_ADMIN_URL))
    parser.add_argument("--keep", action="store_true", help="keep the logs and the database")
    parser.add_argument("--info-log", action="store_true", help="LOG_LEVEL=INFO (no beat count)")
    args = parser.parse_args(argv)
    if args.faults and args.target == 300:
        args.target = 2000  # long enough for every fault
    web = tuple(int(n) for n in args.web.split(","))
    cluster = _cluster.Cluster(
        args.database, args.admin_url, web=web, debug_log=not args.info_log,
        workdir=Path(tempfile.mkdtemp(prefix="atout-nodes-")),
    )  # fmt: skip
    failed = True
    # A SIGTERM (timeout, CI) still stops everything started here.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        cluster.start()
        created = django(cluster.env, "create", json.dumps({"target": args.target}))
        played = asyncio.run(play(cluster, created, args))
        frames = cluster.workdir / "frames.jsonl"
        with frames.open("w") as handle:
            for record in played["game"].records:
                handle.write(json.dumps(record) + "\n")
        sends = cluster.workdir / "sends.jsonl"
        sends.write_text("".join(json.dumps(s) + "\n" for s in played["game"].sends()))
        check = django(cluster.env, "check", str(created["table"]), str(frames), str(sends))
        out, failures = figures(cluster, played, check, args.faults)
        if played["faults"]:
            out["faults"] = played["faults"]
            failures += [f"{f['fault']}: {p}" for f in played["faults"] for p in f["failures"]]
        if not args.faults and (out["stall_syncs"] or out["reconnects"]):
            failures.append("a stall or a reconnect without any fault")
        out["failures"] = failures
        print(json.dumps(out), flush=True)
        failed = bool(failures)
        return 1 if failed else 0
    finally:
        cluster.stop(keep_db=args.keep)
        if args.keep or failed:
            print(f"logs: {cluster.workdir}", file=sys.stderr)
        else:
            import shutil

            shutil.rmtree(cluster.workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
