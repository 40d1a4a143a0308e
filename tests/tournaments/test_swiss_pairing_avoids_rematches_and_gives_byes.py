"""Swiss pairing (a pure module): no two pairs meet twice while a pairing without a rematch
exists, every pair plays once a round, and an odd count gives one bye, to a pair that has not
had one whenever that is possible without a rematch. Checked against a brute force."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import met, swiss


def _perfect(pairs: list[int], encounters: set[frozenset[int]]) -> bool:
    """Brute force: can ``pairs`` (an even count) all be paired without a rematch?"""
    if not pairs:
        return True
    first, rest = pairs[0], pairs[1:]
    return any(
        frozenset((first, other)) not in encounters
        and _perfect([p for p in rest if p != other], encounters)
        for other in rest
    )


def _exists_without_rematch(pairs, encounters, bye_pool) -> bool:
    if len(pairs) % 2 == 0:
        return _perfect(pairs, encounters)
    return any(_perfect([p for p in pairs if p != bye], encounters) for bye in bye_pool)


@st.composite
def tournaments_so_far(draw):
    """A field of 2-10 pairs after some random earlier rounds (random games, not Swiss ones:
    any history at all)."""
    n = draw(st.integers(min_value=2, max_value=10))
    pairs = list(range(1, n + 1))
    rng = random.Random(draw(st.integers(0, 10**6)))
    history, byes = [], []
    for _ in range(draw(st.integers(min_value=0, max_value=n))):
        order = pairs[:]
        rng.shuffle(order)
        if len(order) % 2:
            byes.append(order.pop())
        history += [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    standing = pairs[:]
    rng.shuffle(standing)
    return standing, history, byes


@settings(max_examples=300, deadline=None)
@given(tournaments_so_far())
def test_no_two_pairs_meet_twice_while_a_pairing_without_rematch_exists(case):
    standing, history, byes = case
    result = swiss(standing, history, byes)
    encounters = met(history)
    rematches = sum(frozenset(g) in encounters for g in result.games)
    assert rematches == result.rematches
    if _exists_without_rematch(standing, encounters, standing):
        assert rematches == 0


@settings(max_examples=300, deadline=None)
@given(tournaments_so_far())
def test_every_pair_plays_once_and_an_odd_count_gives_one_bye(case):
    standing, history, byes = case
    result = swiss(standing, history, byes)
    seen = [p for game in result.games for p in game]
    if result.bye is not None:
        seen.append(result.bye)
    assert sorted(seen) == sorted(standing)
    assert (result.bye is None) == (len(standing) % 2 == 0)


@settings(max_examples=300, deadline=None)
@given(tournaments_so_far())
def test_the_bye_goes_to_a_pair_without_one_whenever_that_needs_no_rematch(case):
    standing, history, byes = case
    if len(standing) % 2 == 0:
        return
    result = swiss(standing, history, byes)
    encounters = met(history)
    fresh = [p for p in standing if p not in byes]
    if fresh and _exists_without_rematch(standing, encounters, fresh):
        assert result.bye not in byes
        assert result.rematches == 0


def test_the_lowest_placed_pair_gets_the_bye_in_the_first_round():
    result = swiss([5, 4, 3, 2, 1], [], [])
    assert result.bye == 1
    assert result.games == [(5, 4), (3, 2)]


def test_the_nearest_pair_not_met_yet_is_chosen_and_a_dead_end_is_undone():
    # 1 met 2, so 1 plays 3; then 2 cannot play 4 (met), so the search goes back: 1-3 would
    # leave 2-4, a rematch; 1-4 and 2-3 pair everyone anew.
    result = swiss([1, 2, 3, 4], [(1, 2), (2, 4)], [])
    assert result.games == [(1, 4), (2, 3)]
    assert result.rematches == 0


def test_rematches_are_as_few_as_possible_once_every_pairing_needs_one():
    # Four pairs after a full round robin: any pairing is all rematches, and still complete.
    history = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]
    result = swiss([1, 2, 3, 4], history, [])
    assert result.rematches == 2
    assert sorted(p for g in result.games for p in g) == [1, 2, 3, 4]


def test_sixty_four_pairs_are_paired_over_six_rounds_without_a_rematch():
    standing = list(range(64))
    history: list[tuple[int, int]] = []
    rng = random.Random(3)
    for _ in range(6):
        result = swiss(standing, history, [])
        assert result.rematches == 0
        history += result.games
        rng.shuffle(standing)
