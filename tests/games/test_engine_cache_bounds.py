"""The process's engine cache: a finished match's engine goes to a small cache of its own, so that
a server playing match after match keeps a flat memory and the engines of matches in play are not
crowded out."""

from __future__ import annotations

import random

from games import caches
from spades.engine import Match, Rules


def finished_match(seed: int) -> Match:
    match = Match(Rules(target=50, loss_floor=-50), seed)  # random play ends either way
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    return match


def test_finished_engines_are_kept_apart_and_bounded(monkeypatch):
    monkeypatch.setattr(caches, "FINISHED_CACHE_SIZE", 2)
    caches.clear()
    in_play = Match(Rules(), 99)
    caches.store(1, in_play)
    for match_id in (10, 11, 12):
        caches.store(match_id, finished_match(match_id))
    assert list(caches._finished) == [11, 12]  # the oldest finished one is gone
    assert list(caches._engines) == [1]  # the match in play stays
    caches.clear()


def test_a_match_that_ends_leaves_the_cache_of_matches_in_play():
    caches.clear()
    match = finished_match(7)
    caches.store(5, Match(Rules(target=50, loss_floor=-50), 7))  # earlier, in play
    caches.store(5, match)  # the same match, now over
    assert 5 not in caches._engines and caches._finished[5] is match
    caches.clear()
