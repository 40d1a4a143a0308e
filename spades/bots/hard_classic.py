"""Hard as it was before policy-based inference, kept as a benchmark player.

Its card play samples deals from voids and bids only (uniform under the hard constraints, the bids
as a rejection weight) and plays the best mean (no gate on Normal's card), the rest as today's Hard: ``--ns spades.bots.hard_classic:choose`` in the
duplicate tournament measures the new Hard against it.
"""

from __future__ import annotations

import random

from spades.engine.actions import Action

from . import hard
from .view import View


def choose(view: View, rng: random.Random) -> Action | None:
    """Hard's action with the former deal sampler (no inference from the plays)."""
    return hard.choose(view, rng, infer=False, gate=0.0)


__all__ = ["choose"]
