"""Scoring of a hand (rules.md "Scoring"), through the pure function score_hand."""

from __future__ import annotations

import random

import pytest

from spades.engine import Rules, bid_to_int, score_hand, team_hand_ints

STANDARD = Rules()


def score(bids, tricks, rules=STANDARD, before=None):
    """bids / tricks given in seat order N, E, S, W."""
    seats = "NESW"
    return score_hand(
        rules, dict(zip(seats, bids, strict=True)), dict(zip(seats, tricks, strict=True)), before
    )


def totals(ns=(0, 0), ew=(0, 0)):
    return {"NS": {"score": ns[0], "bags": ns[1]}, "EW": {"score": ew[0], "bags": ew[1]}}


def test_bid_six_and_take_eight_scores_62_and_two_bags():
    ns = score([4, 3, 2, 3], [5, 2, 3, 3])["NS"]
    assert (ns["contract"], ns["tricks"], ns["made"]) == (6, 8, True)
    assert (ns["hand"], ns["score"], ns["bags"], ns["overtricks"]) == (62, 62, 2, 2)


def test_bid_six_and_take_five_scores_minus_60_and_no_bag():
    ns = score([4, 3, 2, 3], [3, 4, 2, 4])["NS"]
    assert (ns["made"], ns["hand"], ns["bags"], ns["bags_added"]) == (False, -60, 0, 0)


def test_four_numeric_zeros_score_nothing_and_give_no_bags():
    result = score([0, 0, 0, 0], [4, 3, 3, 3])
    for team in ("NS", "EW"):
        assert result[team]["hand"] == 0
        assert result[team]["bags"] == 0
        assert result[team]["made"] is None
        assert result[team]["nil"] == []


def test_a_successful_nil_scores_100_apart_from_the_partners_contract():
    ns = score(["nil", 3, 4, 3], [0, 3, 5, 5])["NS"]
    assert ns["nil"] == [{"seat": "N", "bid": "nil", "success": True, "points": 100}]
    assert ns["hand"] == 100 + 40 + 1
    assert ns["bags"] == 1


def test_a_failed_nil_costs_100_and_its_tricks_help_the_contract_in_standard_mode():
    ns = score(["nil", 3, 4, 3], [2, 3, 3, 5])["NS"]
    assert ns["nil"][0]["success"] is False and ns["nil"][0]["points"] == -100
    assert (ns["tricks"], ns["made"]) == (5, True)
    assert ns["hand"] == -100 + 40 + 1


def test_blind_nil_scores_200_or_loses_200():
    made = score([3, "blind_nil", 3, 4], [4, 0, 4, 5])["EW"]
    assert made["nil"][0]["points"] == 200 and made["hand"] == 200 + 40 + 1
    failed = score([3, "blind_nil", 3, 4], [4, 1, 4, 4])["EW"]
    assert failed["nil"][0]["points"] == -200 and failed["hand"] == -200 + 40 + 1


def test_when_nil_tricks_do_not_count_they_are_bags_and_points_instead():
    rules = Rules(nil_tricks_count_for_contract=False)
    ns = score(["nil", 3, 4, 3], [2, 3, 3, 5], rules=rules)["NS"]
    # S bid 4 and took 3: set, whatever N took. N's 2 tricks are 2 points and 2 bags.
    assert (ns["tricks"], ns["made"], ns["contract_points"]) == (3, False, -40)
    assert ns["bags_added"] == 2
    assert ns["hand"] == -100 - 40 + 2
    assert ns["bags"] == 2


def test_nil_with_a_numeric_zero_partner_is_a_contract_of_zero_but_the_nil_still_counts():
    ns = score(["nil", 3, 0, 3], [0, 5, 4, 4])["NS"]
    assert (ns["contract"], ns["made"], ns["contract_points"], ns["bags_added"]) == (0, None, 0, 0)
    assert ns["hand"] == 100
    failed = score(["nil", 3, 0, 3], [2, 4, 3, 4])["NS"]
    assert failed["hand"] == -100 and failed["bags"] == 0
    # Under the option, the nil bidder's tricks are bags even with a contract of zero.
    rules = Rules(nil_tricks_count_for_contract=False)
    optional = score(["nil", 3, 0, 3], [2, 4, 3, 4], rules=rules)["NS"]
    assert (optional["hand"], optional["bags"]) == (-100 + 2, 2)


def test_two_nils_in_one_partnership_are_scored_each_on_its_own():
    ns = score(["nil", 3, "blind_nil", 3], [0, 6, 1, 6])["NS"]
    assert [n["points"] for n in ns["nil"]] == [100, -200]
    assert ns["hand"] == -100 and ns["bags"] == 0


def test_ten_bags_cost_100_points_and_the_rest_carries_over():
    ns = score([3, 3, 3, 3], [7, 1, 0, 5], before=totals(ns=(200, 8)))["NS"]
    # Contract 6 made with 7: +61, 1 bag: 8 + 1 = 9, no penalty yet.
    assert (ns["hand"], ns["bags"], ns["bag_penalty"]) == (61, 9, 0)
    ns = score([3, 3, 3, 3], [10, 0, 0, 3], before=totals(ns=(200, 8)))["NS"]
    # Made with 10: +64 and 4 bags: 8 + 4 = 12 -> -100, 2 bags carried over.
    assert (ns["bags_added"], ns["bag_penalty"], ns["bags"]) == (4, 100, 2)
    assert (ns["hand"], ns["score"]) == (64 - 100, 200 + 64 - 100)


def test_reaching_the_bag_limit_exactly_costs_the_penalty_and_leaves_no_bag():
    ns = score([3, 3, 3, 3], [4, 0, 3, 6], before=totals(ns=(0, 9)))["NS"]
    assert (ns["bags"], ns["bag_penalty"], ns["hand"]) == (0, 100, 61 - 100)


def test_bags_may_cross_more_than_one_cycle_in_a_hand():
    rules = Rules(bag_limit=5, bag_penalty=50)
    ns = score([1, 0, 0, 0], [13, 0, 0, 0], rules=rules, before=totals(ns=(0, 4)))["NS"]
    # 12 overtricks + 4 = 16 bags = 3 cycles of 5, 1 left.
    assert (ns["bags"], ns["bag_penalty"], ns["hand"]) == (1, 150, 10 + 12 - 150)


def test_a_bag_limit_of_zero_turns_the_penalty_off():
    rules = Rules(bag_limit=0)
    ns = score([1, 0, 0, 0], [13, 0, 0, 0], rules=rules, before=totals(ns=(0, 45)))["NS"]
    assert (ns["bags"], ns["bag_penalty"], ns["hand"]) == (57, 0, 22)


def test_the_bag_penalty_option_sets_the_points_lost():
    rules = Rules(bag_penalty=50)
    ns = score([3, 3, 3, 3], [4, 0, 3, 6], rules=rules, before=totals(ns=(0, 9)))["NS"]
    assert ns["hand"] == 61 - 50


def test_scores_start_from_the_totals_before_the_hand():
    result = score([3, 3, 3, 3], [3, 3, 3, 4], before=totals(ns=(120, 7), ew=(95, 2)))
    assert (result["NS"]["score"], result["NS"]["bags"]) == (180, 7)
    assert (result["EW"]["score"], result["EW"]["bags"]) == (95 + 61, 3)


@pytest.mark.parametrize(
    "before",
    [
        {"NS": {"score": 0, "bags": 0}},
        {"NS": {"score": 0, "bags": 0}, "EW": {"score": "1", "bags": 0}},
        {"NS": {"score": 0, "bags": -1}, "EW": {"score": 0, "bags": 0}},
        {"NS": {"score": 0}, "EW": {"score": 0, "bags": 0}},
        [0, 0],
    ],
)
def test_totals_before_a_hand_must_be_well_formed(before):
    with pytest.raises(ValueError):
        score([3, 3, 3, 3], [3, 3, 3, 4], before=before)


def test_the_fast_team_scoring_agrees_with_score_hand():
    rng = random.Random(3)
    choices = [*range(14), "nil", "blind_nil"]
    for _ in range(2000):
        rules = Rules(nil_tricks_count_for_contract=rng.random() < 0.5)
        bids = [rng.choice(choices) for _ in range(4)]
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        detail = score(bids, tricks, rules=rules)
        bid_ints = [bid_to_int(b) for b in bids]
        for team, name in enumerate(("NS", "EW")):
            points, bags = team_hand_ints(rules, bid_ints, tricks, team)
            before_penalty = detail[name]["hand"] + detail[name]["bag_penalty"]
            assert (points, bags) == (before_penalty, detail[name]["bags_added"])
