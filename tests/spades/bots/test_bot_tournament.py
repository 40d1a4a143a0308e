"""The duplicate tournament: its statistics, its CLI, and a smoke run Easy < Normal < Hard."""

from __future__ import annotations

import json

import pytest

from spades.bots.tournament import main, run_tournament, sprt_llr, wilson


def test_the_wilson_interval_brackets_the_observed_rate_and_narrows_with_more_matches():
    lo, hi = wilson(60, 100)
    assert lo < 0.6 < hi
    lo2, hi2 = wilson(600, 1000)
    assert lo < lo2 < 0.6 < hi2 < hi
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_the_sequential_test_leans_to_the_hypothesis_the_results_favour():
    assert sprt_llr(70, 30, 0.5, 0.6) > 0 > sprt_llr(45, 55, 0.5, 0.6)


def test_the_cli_prints_one_json_summary_with_the_promised_figures(capsys):
    assert main(["tournament", "--ns", "normal", "--ew", "easy", "--matches", "2", "--quiet"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["duplicate_matches"] == 2 and summary["matches"] == 4
    assert summary["A"]["matches_won"] + summary["B"]["matches_won"] == 4
    lo, hi = summary["A_win_rate_ci95"]
    assert 0 <= lo <= summary["A_match_win_rate"] <= hi <= 1
    for side in ("A", "B"):
        for key in ("contracts_made", "sets", "nil_success_rate", "bags_per_hand"):
            assert key in summary[side]
    assert set(summary["decision_ms"]) == {"normal", "easy"}
    assert set(summary["decision_ms"]["easy"]) >= {"p50", "p95", "max"}


def test_a_partnership_may_mix_levels_and_name_any_bot_function():
    summary = run_tournament(
        ("normal", "tests.support.bots:hard_quick"),
        ("easy", "spades.bots.easy:choose"),
        1,
        seed=3,
        progress=False,
        max_hands=1,
    )
    assert summary["A"]["bots"] == ["normal", "tests.support.bots:hard_quick"]
    assert set(summary["decision_ms"]) == {
        "normal",
        "tests.support.bots:hard_quick",
        "easy",
        "spades.bots.easy:choose",
    }


def test_the_benchmark_hards_shown_every_hand_or_the_partners_play_whole_hands():
    summary = run_tournament(
        ("hard_lite_cheat", "hard_lite_partner"),
        ("normal", "normal"),
        1,
        seed=5,
        progress=False,
        max_hands=1,
    )
    assert summary["A"]["contracts_made"] + summary["B"]["contracts_made"] > 0
    for name in ("hard_lite_cheat", "hard_lite_partner"):
        assert summary["decision_ms"][name]["decisions"] >= 26  # two hands' worth of cards


def test_an_unknown_bot_name_is_refused():
    with pytest.raises(ValueError):
        run_tournament(("expert", "expert"), ("easy", "easy"), 1, progress=False)


@pytest.mark.slow
def test_a_fixed_seed_smoke_tournament_ranks_easy_below_normal_and_below_a_quick_hard():
    # Two hands per match keep it short; each deal is played twice with the seats swapped. Hard
    # at a test's budget is no match for its tables' strength (Hard against Normal is measured
    # by bench/bots_tournament.py, hundreds of matches): against Easy it must win by far.
    normal_vs_easy = run_tournament(
        ("normal", "normal"), ("easy", "easy"), 40, seed=0, progress=False, max_hands=2
    )
    hard_vs_easy = run_tournament(
        ("tests.support.bots:hard_quick",) * 2, ("easy", "easy"), 8, seed=0, progress=False,
        max_hands=2,
    )  # fmt: skip
    assert normal_vs_easy["mean_paired_score_diff_per_hand"] > 10
    assert hard_vs_easy["mean_paired_score_diff_per_hand"] > 10
    assert hard_vs_easy["A_match_win_rate"] > 0.5


def test_hard_before_its_inference_stays_a_benchmark_player_of_the_same_summary():
    summary = run_tournament(
        ("spades.bots.hard_classic:choose", "spades.bots.hard_classic:choose"),
        ("normal", "normal"),
        1,
        seed=5,
        progress=False,
        max_hands=1,
    )
    assert summary["A"]["bots"] == ["spades.bots.hard_classic:choose"] * 2
    assert summary["A"]["matches_won"] + summary["B"]["matches_won"] == 2
    assert set(summary["decision_ms"]) == {"spades.bots.hard_classic:choose", "normal"}
    assert "spades.bots.hard_classic:choose" in summary["partner_faults_per_100_hands"]
