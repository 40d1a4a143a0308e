"""`bench/two_nodes.py --faults`: while the four play across both nodes, in turn kill -9 one
Daphne of node a, node a's worker, the Redis (started again on its port after a second), and
restart PostgreSQL (stopped, a move tried while it is down, started again).

For each fault: how long until play resumed (every player saw a new move) after the service was
back, whether every player came back by itself (reconnect with backoff, then `sync`), and, with
the players held still, whether the action log is gapless and every player's last state is the
log's. While PostgreSQL is down, the player to move acts: the error frame it gets is reported.
"""

from __future__ import annotations

import asyncio
import pickle
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import _cluster
import _players

SWEEP_KEY = "atout:1:games:sweep:last"  # live.server_health.SWEEP_KEY as the cache stores it
RESUME_TIMEOUT = 30.0


async def wait_for(predicate: Callable[[], object], timeout: float, step: float = 0.02):
    """The predicate's first true value, or None after ``timeout`` seconds."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(step)
    return None


def sweep_stamp(cluster: _cluster.Cluster) -> float:
    """Wall time of the last finished sweep (live.server_health), 0 when unknown."""
    try:
        raw = cluster.redis.client().get(SWEEP_KEY)
    except Exception:
        return 0.0
    if raw is None:
        return 0.0
    try:
        return float(raw)
    except ValueError:
        return float(pickle.loads(raw))


async def replaced(node: _cluster.Node, role: str, old_pid: int) -> float:
    """When the launcher has started a new process of this role (its pid differs)."""
    got = await wait_for(
        lambda: (
            any(p.pid != old_pid for p in node.processes(role))
            and all(p.pid != old_pid for p in node.processes(role))
        ),
        RESUME_TIMEOUT,
    )
    return time.perf_counter() if got else float("nan")


async def kill_daphne(cluster: _cluster.Cluster, game: _players.Game) -> dict:
    node = cluster.nodes["a"]
    victim = node.processes("web")[0]
    victim.send_signal(signal.SIGKILL)
    at = time.perf_counter()
    again = await replaced(node, "web", victim.pid)
    # Node a's other Daphne serves the same listening socket all along: the service is up.
    return {"back_at": at, "restarted_after_s": round(again - at, 2)}


async def kill_worker(cluster: _cluster.Cluster, game: _players.Game) -> dict:
    node = cluster.nodes["a"]
    holder = cluster.beat_holder()
    victim = node.processes("worker")[0]
    victim.send_signal(signal.SIGKILL)
    at = time.perf_counter()
    back = await replaced(node, "worker", victim.pid)
    version = game.top_version
    wall = time.time()
    swept = await wait_for(lambda: sweep_stamp(cluster) > wall, RESUME_TIMEOUT, 0.1)
    return {
        "back_at": back,
        "back_version": version,
        "restarted_after_s": round(back - at, 2),
        "sweep_again_after_back_s": round(time.perf_counter() - back, 2) if swept else None,
        "beat_holder_before": holder,
        "beat_holder_after": cluster.beat_holder(),
    }


async def kill_redis(cluster: _cluster.Cluster, game: _players.Game) -> dict:
    closes = sum(len(p.closes) for p in game.players.values())
    cluster.redis.kill()
    await asyncio.sleep(1.0)
    cluster.redis.start()
    back = time.perf_counter()
    codes: dict[str, int] = {}
    await asyncio.sleep(0.5)
    for player in game.players.values():
        for _at, code, _conn in player.closes:
            codes[str(code)] = codes.get(str(code), 0) + 1
    return {
        "back_at": back,
        "down_s": 1.0,
        "sockets_closed": sum(len(p.closes) for p in game.players.values()) - closes,
        "close_codes_so_far": codes,
    }


def pg_ctl(action: str) -> None:
    version = sorted(p.name for p in Path("/etc/postgresql").iterdir())[0]
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action],
        check=True, timeout=120, capture_output=True,
    )  # fmt: skip


async def restart_postgres(cluster: _cluster.Cluster, game: _players.Game) -> dict:
    """Stop, act while it is down, start: a restart with a known window for the probe."""
    port = 5432
    game.hold = True  # only the probe acts while it is down
    await asyncio.to_thread(pg_ctl, "stop")
    stopped = time.perf_counter()
    probe = await act_now(game)
    await asyncio.sleep(max(0.0, 2.0 - (time.perf_counter() - stopped)))
    await asyncio.to_thread(pg_ctl, "start")
    up = await asyncio.to_thread(_cluster.wait_port, port, 60)
    back = time.perf_counter()
    await game.release()
    return {"back_at": back, "down_s": round(back - stopped, 2), "up": up, "probe": probe}


async def act_now(game: _players.Game) -> dict:
    """The player to move sends its move on its last state; the first frame it gets back."""
    player = next(
        (
            p
            for p in game.players.values()
            if p.state and (p.state.get("view") or {}).get("to_move") == p.seat
        ),
        None,
    )
    if player is None:
        return {"sent": False}
    state = player.state
    action = _players.choose(state["view"], player.rng)
    sent_at = time.perf_counter()
    count = len(game.error_frames)
    await player.send_action(state, action)
    got = await wait_for(
        lambda: next((f for f in game.error_frames[count:] if f[1] == player.seat), None), 10
    )
    if not got:
        return {"sent": True, "seat": player.seat, "answer": None}
    at, _seat, frame = got
    return {
        "sent": True,
        "seat": player.seat,
        "answer": frame,
        "after_ms": round(1000 * (at - sent_at)),
    }


async def settle(game: _players.Game, quiet: float = 1.0, timeout: float = 20.0) -> bool:
    """With the players held: no new version for ``quiet`` s and all four on the same one."""

    def still() -> bool:
        versions = {p.state["version"] for p in game.players.values() if p.state}
        return len(versions) == 1 and time.perf_counter() - game.progress_at >= quiet

    return bool(await wait_for(still, timeout, 0.05))


async def one_fault(cluster, game, django, name: str, inject) -> dict:
    errors_before, reconnects_before = dict(game.errors), game.reconnects
    started = time.perf_counter()
    info = await inject(cluster, game)
    back = info.pop("back_at")
    version = info.pop("back_version", game.top_version)
    resumed = await wait_for(lambda: game.everyone_saw_after(back, version), RESUME_TIMEOUT)
    out = {"fault": name, **info}
    out["resume_after_back_s"] = round(resumed - back, 2) if resumed else None
    out["resume_after_fault_s"] = round(resumed - started, 2) if resumed else None
    game.hold = True
    settled = await settle(game)
    log = await asyncio.to_thread(django, "log", str(game.table_id))
    match = log["match"] or {}
    states = {
        seat: (p.state["version"], (p.state["table"].get("match") or {}).get("actions"))
        for seat, p in game.players.items()
    }
    out["log_actions"] = match.get("actions")
    out["gapless"] = match.get("gapless")
    out["players_match_log"] = all(
        v == log["version"] and a == match.get("actions") for v, a in states.values()
    )
    out["reconnects"] = game.reconnects - reconnects_before
    out["error_frames"] = {
        k: v - errors_before.get(k, 0)
        for k, v in game.errors.items()
        if v > errors_before.get(k, 0)
    }
    failures = []
    if not resumed:
        failures.append(f"play did not resume within {RESUME_TIMEOUT:.0f} s")
    elif out["resume_after_back_s"] > 5:
        failures.append(f"play resumed {out['resume_after_back_s']} s after the service was back")
    if not settled or not out["players_match_log"]:
        failures.append(f"players {states} against the log {log['version']}/{match.get('actions')}")
    if not out["gapless"]:
        failures.append("the action log has a gap or a duplicate")
    out["failures"] = failures
    await game.release()
    return out


async def run_faults(cluster: _cluster.Cluster, game: _players.Game, django) -> list[dict]:
    """The four faults in turn, once play is well under way; then the players are held."""
    await wait_for(lambda: game.top_version >= 30, 60)
    out = []
    for name, inject in (
        ("kill -9 a Daphne of node a", kill_daphne),
        ("kill -9 node a's worker", kill_worker),
        ("kill -9 Redis, started again 1 s later", kill_redis),
        ("restart PostgreSQL (stop, a move, start)", restart_postgres),
    ):
        cluster.say(f"fault: {name}")
        out.append(await one_fault(cluster, game, django, name, inject))
        await asyncio.sleep(2.0)  # a little play between faults
    game.hold = True
    await settle(game)
    game.done.set()
    return out
