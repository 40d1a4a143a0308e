"""Benchmark-only bot variants, named on the tournament's command line as ``module:function``.

They isolate one change at a time (Normal with its former nil rules is ``normal.choose_before``):
Hard with Normal's bidding, and cheaper Hards (a smaller search for the cards, the full one for bids) so that a bidding
comparison fits in the machine's time. Never used at a table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from spades.bots import hard, normal
from spades.bots.tournament import NO_DEADLINE_S
from spades.bots.view import View
from spades.engine.actions import Action, is_play

FAST_PLAY_BUDGET = 6000  # simulated card plays per card decision (a quarter of the real Hard)
LITE_PLAY_BUDGET = 1500  # a sixteenth: full matches of the peeking gap in the machine's time
LITE_POOL = 32  # deals the lite inferring Hard weighs (the tables' Hard: sampler.POOL_SIZE)


def hard_fast(view: View, rng: random.Random) -> Action | None:
    """Hard's own bidding (full budget), a quarter of its card search."""
    return hard.choose(
        view,
        rng,
        budget=FAST_PLAY_BUDGET,
        bid_budget=hard.WORK_BUDGET,
        time_budget=NO_DEADLINE_S,
    )


def hard_fast_normal_bidding(view: View, rng: random.Random) -> Action | None:
    """The same card search as ``hard_fast``, with Normal's bids."""
    return hard.choose(
        view, rng, budget=FAST_PLAY_BUDGET, own_bidding=False, time_budget=NO_DEADLINE_S
    )


def hard_unhurried(view: View, rng: random.Random) -> Action | None:
    """The real Hard bounded by its work budget only (tournaments on a loaded machine)."""
    return hard.choose(view, rng, time_budget=NO_DEADLINE_S)


def normal_plain_variant_bids(view: View, rng: random.Random) -> Action | None:
    """Normal bidding the variants with the standard reasoning only (no Whiz or Suicide
    judgement, variant_bids.py): it is shown the rules with no variant when it bids."""
    legal: list[Action] = view.get("legal") or []
    if any(is_play(a) for a in legal):
        return normal.choose(view, rng)
    plain = {**view, "rules": {**(view.get("rules") or {}), "variant": "none"}}
    return normal.choose(plain, rng)


def _lite(doc: str, **options: Any) -> Callable[[View, random.Random], Action | None]:
    """A Hard with Normal's bids, a sixteenth of the card search and no deadline, with
    ``options`` on top (``hard.choose``'s keywords); each is named at module level below, for
    the tournament's ``module:function``."""
    settings: dict[str, Any] = {
        "budget": LITE_PLAY_BUDGET,
        "own_bidding": False,
        "time_budget": NO_DEADLINE_S,
        **options,
    }

    def choose(view: View, rng: random.Random) -> Action | None:
        return hard.choose(view, rng, **settings)

    choose.__doc__ = doc
    return choose


hard_lite = _lite(
    "Sampling with the plays' signals (inferences.py; the peeking gap's honest side).",
    signals=True,
    infer=False,
    gate=0.0,
)
hard_lite_no_signals = _lite(
    "``hard_lite`` sampling from voids and bids only, as the tables' Hard did before "
    "policy-based inference (``hard_classic``).",
    infer=False,
    gate=0.0,
)
hard_lite_own_bidding = _lite(
    "Hard's own bidding (full bid budget) with ``hard_lite``'s card search, no signals.",
    own_bidding=True,
    bid_budget=hard.WORK_BUDGET,
    infer=False,
    gate=0.0,
)
hard_lite_infer = _lite(
    "``hard_lite_no_signals`` drawing its deals by policy-based inference (sampler.py "
    "``infer``, play_model.py), weighing a pool of ``LITE_POOL`` deals: the tables' Hard of "
    "issue 30 before the gate on Normal's card (``hard_lite_gated``).",
    pool_size=LITE_POOL,
    gate=0.0,
)
hard_lite_ismcts = _lite(
    "``hard_lite_infer`` playing its cards by information-set MCTS (ismcts.py) on the same "
    "deals and budget (issue 30).",
    pool_size=LITE_POOL,
    tree=True,
)
hard_lite_gated = _lite(
    "``hard_lite_infer`` keeping Normal's card unless another beats it by one standard error "
    "of the paired gain over the same deals (measured, then the gate of two was kept).",
    pool_size=LITE_POOL,
    gate=1.0,
)
hard_lite_gated2 = _lite(
    "``hard_lite_gated`` with a gate of two standard errors (``hard.GATE``): the tables' Hard "
    "at a sixteenth of its card search.",
    pool_size=LITE_POOL,
    gate=2.0,
)
hard_lite_gated3 = _lite(
    "``hard_lite_gated`` with a gate of three standard errors.", pool_size=LITE_POOL, gate=3.0
)


def hard_ungated(view: View, rng: random.Random) -> Action | None:
    """The tables' Hard (inference, the whole search, its deadline) with no gate on Normal's
    card: the best mean, as Hard before inference played (issue 30, which part of the tables'
    Hard against ``hard_classic`` costs the matches)."""
    return hard.choose(view, rng, gate=0.0)


def hard_classic_gated(view: View, rng: random.Random) -> Action | None:
    """Hard before inference (``hard_classic``) with the tables' gate on Normal's card."""
    return hard.choose(view, rng, infer=False, gate=hard.GATE)


def hard_ungated_soft(view: View, rng: random.Random) -> Action | None:
    """``hard_ungated`` trusting a third as much that the other seats play as Normal would
    (``follow_alpha`` 0.2 against 0.6): is the inference's cost its confidence? (issue 30)"""
    return hard.choose(view, rng, gate=0.0, follow_alpha=0.2)
