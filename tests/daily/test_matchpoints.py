"""Matchpoints: the share of the other results on a deal that a result beats, ties half."""

from __future__ import annotations

from daily.matchpoints import deal_points, ranks, set_points, spread, summary


def test_the_best_of_five_scores_one_and_the_worst_zero():
    assert deal_points([50, 10, 30, 20, 40]) == [1.0, 0.0, 0.5, 0.25, 0.75]


def test_a_tie_counts_half():
    # two equal best: each beats the three others and ties the other best
    assert deal_points([90, 90, 10, 20, 30]) == [0.875, 0.875, 0.0, 0.25, 0.5]
    assert deal_points([7, 7]) == [0.5, 0.5]


def test_a_result_alone_on_its_deal_scores_half():
    assert deal_points([120]) == [0.5]


def test_a_deal_not_played_scores_nothing_and_is_no_comparison():
    assert deal_points([None, 10, 20]) == [None, 0.0, 1.0]


def test_a_try_sums_its_deals_and_one_left_half_way_counts_what_it_played():
    totals, per_try = set_points([[10, 100], [20, 50], [30]], hands=2)
    # deal 1: 10 < 20 < 30; deal 2: only the first two played it
    assert per_try == [[0.0, 1.0], [0.5, 0.0], [1.0, None]]
    assert totals == [1.0, 0.5, 1.0]


def test_equal_totals_share_a_rank():
    assert ranks([1.0, 0.5, 1.0, 0.25]) == [1, 3, 1, 4]
    assert ranks([0.1 + 0.2, 0.3]) == [1, 1]


def test_the_spread_counts_each_result_best_first():
    assert spread([10, None, 30, 10]) == [(30, 1), (10, 2)]


def test_a_deals_summary_says_how_many_and_where_the_results_lie():
    found = summary([10, None, 30, 10, -20, 50, 10, 30, 0])
    assert found is not None
    assert found["count"] == 8
    assert (found["best"], found["median"], found["worst"]) == (50, 10, -20)
    assert found["common"][:2] == [[50, 1], [30, 2]]
    assert [10, 3] in found["common"]
    assert summary([None, None]) is None
