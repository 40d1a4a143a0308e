"""The bots' fixed ratings (openskill mu, sigma) per level: bots never move on the ranked ladder.

The figures are data, in ``bot_ratings.json`` beside this file, written by
``manage.py calibrate_bot_ratings --write`` from the bots' duplicate tournament
(bench/README.md, "Bot ratings" gives the run and its figures)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).with_name("bot_ratings.json")


def load(path: Path = DATA) -> dict[str, tuple[float, float]]:
    return {
        level: (float(mu), float(sigma))
        for level, (mu, sigma) in json.loads(path.read_text()).items()
    }


def save(ratings: dict[str, tuple[float, float]], path: Path = DATA) -> None:
    path.write_text(json.dumps({k: list(v) for k, v in ratings.items()}, indent=2) + "\n")


BOT_RATINGS: dict[str, tuple[float, float]] = load()
