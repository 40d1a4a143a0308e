"""Benchmark-only bot variants, named on the tournament's command line as ``module:function``.

They isolate one change at a time: Normal with its former nil rules, Hard with Normal's bidding,
and cheaper Hards (a smaller search for the cards, the full one for bids) so that a bidding
comparison fits in the machine's time. Never used at a table.
"""

from __future__ import annotations

import random

from . import hard, normal

FAST_PLAY_BUDGET = 6000  # simulated card plays per card decision (a quarter of the real Hard)


def normal_before(view: dict, rng: random.Random) -> dict | None:
    """Normal with its former nil and blind nil rules."""
    return normal.choose(view, rng, normal.LEGACY)


def hard_fast(view: dict, rng: random.Random) -> dict | None:
    """Hard's own bidding (full budget), a quarter of its card search."""
    return hard.choose(view, rng, budget=FAST_PLAY_BUDGET, bid_budget=hard.WORK_BUDGET)


def hard_fast_normal_bidding(view: dict, rng: random.Random) -> dict | None:
    """The same card search as ``hard_fast``, with Normal's bids."""
    return hard.choose(view, rng, budget=FAST_PLAY_BUDGET, own_bidding=False)
