"""CPU of one move in process: ``play.do_act`` and the frames it builds after its commit, the
channel layer left out, on the database DATABASE_URL names (a scratch one: it migrates it and
opens tables there).

    createdb -h 127.0.0.1 -U postgres atout_move_cpu
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_move_cpu \\
        .venv/bin/python bench/move_cpu.py [TABLES] [MOVES]

Four guests a table (turn timer 30 s), a random legal move at each table in turn; prints the
thread CPU of ``do_act`` a move (mean, median, best and first-quartile 100-move batch), the first
200 moves left out. Run main and a change alternately: the figure moves with the machine's load.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DB_CONN_MAX_AGE", "60")


def main(argv: list[str]) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from games import broadcast
    from games.actions import play, presence, tables
    from games.session import reading
    from games.viewers import Viewer

    call_command("migrate", verbosity=0)
    broadcast.send_many = lambda messages: None  # type: ignore[assignment]  # frames still built
    count = int(argv[0]) if argv else 20
    moves = int(argv[1]) if len(argv) > 1 else 1500
    seated = []
    for i in range(count):
        viewers = {
            p: Viewer(user_id=None, guest_id=uuid.uuid4().hex, name=f"P{i}{p}") for p in "NESW"
        }
        table = tables.do_create_private_table(viewers["N"], {}, "normal", 30)
        for p in "ESW":
            tables.do_join(table.id, viewers[p], invite_token=table.invite_token, position=p)
        for p in "NESW":
            presence.do_connect(table.id, viewers[p], f"bench.channel!{table.id}{p}")
        tables.do_start(table.id, viewers["N"])
        seated.append((table.id, viewers))
    rng = random.Random(1)
    samples: list[float] = []
    while len(samples) < moves:
        for table_id, viewers in seated:
            with reading(table_id) as snap:
                engine = snap.engine
                if engine is None or engine.is_over or engine.to_move is None:
                    continue
                position = engine.to_move
                action = rng.choice(engine.legal_actions())
            start = time.thread_time()
            play.do_act(table_id, viewers[position], action)
            samples.append(time.thread_time() - start)
    kept = samples[200:]
    batches = sorted(statistics.mean(kept[i : i + 100]) for i in range(0, len(kept) - 99, 100))
    print(
        f"moves {len(kept)}: mean {statistics.mean(kept) * 1e3:.3f} ms, median "
        f"{statistics.median(kept) * 1e3:.3f}, best 100 {batches[0] * 1e3:.3f}, "
        f"first quartile of 100 {batches[len(batches) // 4] * 1e3:.3f}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
