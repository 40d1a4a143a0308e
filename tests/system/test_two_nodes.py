"""Two nodes behind nginx play one whole match (bench/two_nodes.py): N and S connected to node
a, E and W to node b, moves alternating between the nodes on one table. Every frame holds no
other seat's unplayed card, no socket sees a version go down, the log is gapless, the players'
last states are the finished match in the database, and one beat alone sends the sweep."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
)
DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(240),
    pytest.mark.skipif(
        NGINX is None,
        reason="nginx is not installed (apt-get install nginx-light): the two nodes sit behind it",
    ),
]


def admin_url() -> str:
    """The PostgreSQL server of DATABASE_URL when it is one (CI), else the machine's."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return url.rsplit("/", 1)[0] + "/postgres"
    return DEFAULT_ADMIN_URL


def reachable(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=3):
            return True
    except psycopg.Error:
        return False


def test_two_nodes_behind_nginx_play_a_whole_match_without_a_leak_or_a_lost_move():
    admin = admin_url()
    if not reachable(admin):
        pytest.skip(f"no PostgreSQL at {admin.rsplit('/', 1)[0]}: the two nodes share one")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    run = subprocess.run(
        [sys.executable, "bench/two_nodes.py", "--target", "100", "--timeout", "90",
         "--admin-url", admin],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=220,
    )  # fmt: skip
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no figures; stderr:\n{run.stderr[-3000:]}"
    figures = json.loads(lines[-1])
    assert run.returncode == 0, (figures["failures"], run.stderr[-3000:])
    assert figures["failures"] == []

    assert figures["leaks"] == 0 and figures["order_errors"] == 0
    assert figures["gapless_log"] and figures["final_matches_log"]
    # Every action a player sent is in the log, once, at the place it was sent for.
    assert figures["sends"]["applied"] == figures["moves"]
    assert figures["sends"]["lost"] == figures["sends"]["refused"] == 0
    result = figures["result"]
    assert result["winner"] in ("NS", "EW") and max(result["scores"].values()) >= 100
    assert figures["moves"] >= 56  # at least a whole hand: 4 bids and 52 cards
    assert figures["frames"] >= 4 * figures["moves"]  # each move reached all four sockets
    assert figures["stall_syncs"] == 0 and figures["reconnects"] == 0
    assert figures["error_frames"] == {}
    # nginx sent each socket to its node; the two nodes' processes wrote to one table.
    assert figures["nginx_routes"] == {"a": ["a"], "b": ["b"]}
    # One beat sent the sweep: the lock holder never changed, the other beat sent nothing.
    holder = figures["beat_lock_holder"]
    assert holder in ("a", "b") and list(figures["beat_lock_reads"]) == [holder]
    sends = figures["beat_sends_by_node"]
    assert sends[holder] > 0 and sends["b" if holder == "a" else "a"] == 0
    assert figures["beat_sends_together"] == 0
