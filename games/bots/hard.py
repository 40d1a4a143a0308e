"""Hard (placeholder until the search lands): Normal."""

from __future__ import annotations

import random

from . import normal


def choose(view: dict, rng: random.Random) -> dict | None:
    return normal.choose(view, rng)
