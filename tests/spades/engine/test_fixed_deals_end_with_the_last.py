"""A match of a fixed set of deals (``FairDeals(final=True)``) is those hands: it ends with the
last one whatever the scores, a tie being a draw, and never draws a fresh seed."""

from __future__ import annotations

import random

from spades.engine import Match, Rules
from spades.engine.shuffle import FairDeals, new_seed


def _play_out(match: Match, rng: random.Random) -> None:
    while not match.is_over:
        match.apply(match.to_move, rng.choice(match.legal_actions()))


def test_a_fixed_set_of_two_deals_ends_after_two_hands():
    seeds = [new_seed(), new_seed()]
    match = Match(Rules(target=10000), "7", FairDeals(1, 1, seeds, new_seed, final=True))
    _play_out(match, random.Random(3))
    assert len(match.history) == 2
    assert match.deals is not None and match.deals.seeds == seeds
    result = match.result
    assert result is not None
    ns, ew = result["scores"]["NS"], result["scores"]["EW"]
    assert result["winner"] == (None if ns == ew else "NS" if ns > ew else "EW")


def test_without_final_the_same_seeds_play_on_to_the_target():
    match = Match(Rules(target=10000), "7", FairDeals(1, 1, [new_seed()], new_seed))
    rng = random.Random(3)
    for _ in range(60):
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    assert len(match.history) == 1 and not match.is_over
