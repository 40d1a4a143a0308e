"""A table in play under `make run` plays on through the death of each process, and its action
log keeps every move: one guest (connected, out of time at each turn: a stand-in plays for
them) and three bots, while the worker, Redis and Daphne are killed -9 in turn."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.support.launcher import ROOT, child_env, children, free_port, http_ok, migrate, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

FAST_TABLE = {
    "QUICK_TABLE_BOT_DELAY": "0",
    "BOT_MOVE_DELAY": "0.2",
    "TRICK_PAUSE_SECONDS": "0",
    "TURN_SECONDS": "1",
}
SEAT_A_GUEST = """
from games.actions.presence import do_connect
from games.actions.tables import do_quick_play
from tests.support.live import make_guest
viewer, _key = make_guest("Léa")
table = do_quick_play(viewer)
do_connect(table.pk, viewer, "test-socket")
print(table.pk)
"""


def actions(database) -> int:
    with sqlite3.connect(database, timeout=10) as db:
        return db.execute("SELECT COUNT(*) FROM games_action").fetchone()[0]


def gaps(database) -> list[tuple[int, int, int]]:
    """Matches whose log is not exactly 1..n."""
    with sqlite3.connect(database, timeout=10) as db:
        rows = db.execute(
            "SELECT match_id, COUNT(*), MIN(seq), MAX(seq) FROM games_action GROUP BY match_id"
        ).fetchall()
    return [row for row in rows if not (row[2] == 1 and row[3] == row[1])]


def test_a_table_plays_on_through_each_kill_and_keeps_every_action(tmp_path):
    database = tmp_path / "site.sqlite3"
    migrate(database)
    env = child_env(database, **FAST_TABLE)
    port = free_port()
    log = tmp_path / "launcher.log"
    with log.open("w") as out:
        launcher = subprocess.Popen(
            [sys.executable, "-m", "config.launcher", "run", "--port", str(port),
             "--run-dir", str(tmp_path / "run")],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    report = []
    try:
        wait_for(lambda: http_ok(port), 60, step=0.2)
        subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", SEAT_A_GUEST],
            cwd=ROOT, env=env, check=True, timeout=120, capture_output=True,
        )  # fmt: skip
        wait_for(lambda: actions(database) >= 8, 60, step=0.2)
        for name in ("worker", "redis", "web"):
            victim = children(launcher.pid)[name]
            before = actions(database)
            killed_at = time.monotonic()
            victim.send_signal(signal.SIGKILL)
            wait_for(lambda n=before: actions(database) >= n + 4, 60, step=0.1)
            report.append(f"{name}: 4 more moves {time.monotonic() - killed_at:.2f} s after kill")
    finally:
        launcher.terminate()
        launcher.wait(timeout=30)
    assert gaps(database) == []
    assert "Unrecoverable error" not in log.read_text()
    print("\n" + "\n".join(report))
