"""CPU of a move's broadcast in one web process: the group messages published and each of the
table's four sockets receiving its own, through the site's channel layer (live.layers) and a
real Redis, the database and the frames left out.

    .venv/bin/python bench/layer_cpu.py [--redis-url URL] [--tables 100] [--moves 3000]

Two shapes, rounds alternating: ``seats``, one message per seat and one for the spectators (a
group each, the spectators' without a socket: the site until issue 27's last cut) and ``table``,
one message to the table's group of four sockets carrying the spectators' view and each seat's
(the site now); and ``bare``, the yardstick's one message of a frame's size to the four. Messages of the sizes ``ws_load.py`` reports (facts 1,400 bytes, a view 1,000).
Prints the process's CPU a move (publish, Redis reads, deliveries, msgpack), median of rounds.
Pub/sub channels are shared by every database of a Redis: the layer's prefix is this process's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEATS = ("N", "E", "S", "W")
FACTS = "f" * 1400
VIEW = "v" * 1000


def common(version: int) -> dict:
    """What ``frames.table_update`` carries besides the views, at these sizes."""
    return {
        "type": "table.state",
        "version": version,
        "occupants": {p: "0123456789abcdef01234567" for p in SEATS},
        "standins": [],
        "host": "0123456789abcdef01234567",
        "invitation": True,
        "match": 1,
        "hands": 3,
        "hand_result": None,
        "facts": {"*": FACTS},
    }


def messages(shape: str, table: int, version: int) -> list[tuple[str, dict]]:
    if shape == "seats":
        return [
            (f"table.{table}.{p or 'public'}", {**common(version), "view": VIEW})
            for p in (*SEATS, None)
        ]
    if shape == "bare":
        return [(f"table.{table}.state", {"type": "table.state", "text": FACTS + VIEW})]
    views = {"public": VIEW, **{p: VIEW for p in SEATS}}
    return [(f"table.{table}.state", {**common(version), "views": views})]


async def one_round(shape: str, url: str, tables: int, moves: int) -> float:
    from live.layers import TableChannelLayer

    layer = TableChannelLayer(hosts=[{"address": url}], prefix=f"bench{os.getpid()}{shape}")
    sockets: dict[int, list[str]] = {}
    for t in range(tables):
        sockets[t] = []
        for p in SEATS:
            channel = await layer.new_channel()
            group = f"table.{t}.{p}" if shape == "seats" else f"table.{t}.state"
            await layer.group_add(group, channel)
            sockets[t].append(channel)

    async def move(t: int, version: int) -> None:
        await layer.group_send_many(messages(shape, t, version))
        for channel in sockets[t]:
            await layer.receive(channel)

    for i in range(200):  # warm-up
        await move(i % tables, i)
    started = time.process_time()
    for i in range(moves):
        await move(i % tables, i)
    spent = time.process_time() - started
    await layer.flush()
    return spent / moves * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/8")
    )
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    figures: dict[str, list[float]] = {"seats": [], "table": [], "bare": []}
    for _ in range(args.rounds):
        for shape in figures:
            figures[shape].append(
                asyncio.run(one_round(shape, args.redis_url, args.tables, args.moves))
            )
    out = {
        shape: {"median_ms": round(statistics.median(v), 3), "rounds": [round(x, 3) for x in v]}
        for shape, v in figures.items()
    }
    out["ratio"] = round(out["table"]["median_ms"] / out["seats"]["median_ms"], 2)
    out["load_avg"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
