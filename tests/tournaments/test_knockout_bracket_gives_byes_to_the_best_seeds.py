"""The knock-out bracket: seeds placed so that the best two meet only in the final, the byes
(up to the next power of two) to the best seeds and never two in one game; and a knock-out of
six bot pairs played on real tables leaves one winner after three rounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.management.commands.simulate_tournament import run
from tournaments.models import Game, Pair, Tournament
from tournaments.pairing import (
    bracket_size,
    knockout_first_round,
    knockout_next_round,
    knockout_rounds,
    seed_order,
)


def test_eight_seeds_are_placed_one_against_eight_and_one_and_two_apart():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@given(st.integers(min_value=2, max_value=100))
def test_byes_fill_the_bracket_go_to_the_best_seeds_and_never_meet(count):
    seeds = list(range(1, count + 1))
    games = knockout_first_round(seeds)
    size = bracket_size(count)
    assert len(games) == size // 2
    byes = sorted(a for a, b in games if b is None)
    assert byes == seeds[: size - count]
    assert all(a is not None for a, _b in games)
    placed = [p for game in games for p in game if p is not None]
    assert sorted(placed) == seeds
    assert knockout_rounds(count) == size.bit_length() - 1


@given(st.integers(min_value=2, max_value=64))
def test_the_two_best_seeds_can_only_meet_in_the_final(count):
    games = knockout_first_round(list(range(1, count + 1)))
    half = len(games) // 2 or 1
    top = [p for game in games[:half] for p in game]
    assert 1 in top and (count < 2 or 2 not in top or len(games) == 1)


def test_the_winners_meet_in_bracket_order():
    assert knockout_next_round([1, 4, 2, 3]) == [(1, 4), (2, 3)]


@pytest.mark.django_db
@pytest.mark.slow
def test_a_knockout_of_six_bot_pairs_ends_with_one_winner_after_three_rounds():
    result = run(6, 1, "knockout", target=50, hand_limit=1)
    t = Tournament.objects.get(pk=result["tournament"])
    assert t.status == Tournament.Status.FINISHED
    assert t.rounds == 3
    first = Game.objects.filter(round__tournament=t, round__number=1)
    byes = first.filter(outcome=Game.Outcome.BYE)
    assert sorted(byes.values_list("pair_a__number", flat=True)) == [1, 2]
    assert Game.objects.filter(round__tournament=t, round__number=3).count() == 1
    alive = Pair.objects.filter(tournament=t, eliminated=False)
    assert alive.count() == 1
    assert result["standings"][0]["points"] == 3  # a bye and two wins, or three wins
    assert t.standings[0]["pair_id"] == alive.get().pk
