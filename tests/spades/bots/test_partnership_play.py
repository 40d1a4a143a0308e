"""Partnership play the field complains about (issue 30), from positions, for each level.

Each test names the fault it guards against; the same faults are counted by the tournament
(spades/bots/quality.py) and printed per 100 hands in its summary.
"""

from __future__ import annotations

import random

import pytest

from spades.bots import choose_action
from spades.bots.knowledge import Knowledge
from spades.bots.quality import FaultTracker, bags_to_duck
from tests.support.bots import bidding_view, cards, make_view

SEARCHING = ("normal", "hard")


def decide(level: str, view: dict, seed: int) -> str:
    if level == "hard":
        from spades.bots import hard

        action = hard.choose(view, random.Random(seed), budget=4000)
    else:
        action = choose_action(level, view, random.Random(seed))
    assert action is not None
    return action["card"]


def partner_holds_a_sure_trick() -> dict:
    # W led the 7 of clubs, N's king holds it, E followed; S plays last with the ace and the 4.
    return make_view(
        "S",
        cards("AC 4C 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="S",
        trick_leader="W",
        trick=["7C", "KC", "8C"],
    )


def partner_nil_on_top() -> dict:
    # N bid nil and its king of hearts holds the trick; S, last, holds the ace.
    return make_view(
        "S",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S KS"),
        bids={"N": "nil", "E": 4, "S": 5, "W": 3},
        dealer="S",
        trick_leader="W",
        trick=["5H", "KH", "3H"],
    )


def own_nil_can_stay_under() -> dict:
    # S bid nil; N's 9 of hearts holds the trick, S, last, holds the ace and the 4.
    return make_view(
        "S",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S 2S"),
        bids={"N": 4, "E": 4, "S": "nil", "W": 3},
        dealer="S",
        trick_leader="W",
        trick=["5H", "9H", "3H"],
    )


def bags_near_ten_contract_made(bags: int = 7, ew_bids: tuple[int, int] = (1, 1)) -> dict:
    """N/S bid 3 + 2 and took 6 (one overtrick) on ``bags`` bags; E/W took their 2 tricks. W
    leads the queen of hearts to the ninth trick, S, last, holds the ace and the 4."""
    tricks = [
        ("N", ["AC", "2C", "3C", "4C"], "N"),
        ("N", ["KC", "5C", "6C", "7C"], "N"),
        ("N", ["QC", "8C", "9C", "TC"], "N"),
        ("N", ["AD", "2D", "3D", "4D"], "N"),
        ("N", ["KD", "5D", "6D", "7D"], "N"),
        ("N", ["QD", "8D", "9D", "TD"], "N"),
        ("N", ["2H", "KH", "3H", "5H"], "E"),
        ("E", ["6H", "7H", "JH", "8H"], "W"),
    ]
    return make_view(
        "S",
        cards("AH 4H 2S 5S 7S"),
        bids={"N": 3, "E": ew_bids[0], "S": 2, "W": ew_bids[1]},
        dealer="W",
        tricks=tricks,
        trick_leader="W",
        trick=["QH", "9H", "TH"],
        scores={"NS": {"score": 250, "bags": bags}, "EW": {"score": 180, "bags": 2}},
    )


@pytest.mark.parametrize("level", SEARCHING)
def test_no_level_over_trumps_or_overtakes_a_partners_sure_winner(level):
    for seed in range(3):
        assert decide(level, partner_holds_a_sure_trick(), seed) == "4C"


@pytest.mark.parametrize("level", SEARCHING)
def test_a_partners_nil_left_on_top_is_covered_whenever_a_legal_card_can(level):
    for seed in range(3):
        assert decide(level, partner_nil_on_top(), seed) == "AH"


@pytest.mark.parametrize("level", SEARCHING)
def test_with_its_own_nil_alive_no_level_takes_a_trick_a_lower_legal_card_ducks(level):
    for seed in range(3):
        assert decide(level, own_nil_can_stay_under(), seed) == "4H"


@pytest.mark.parametrize("level", SEARCHING)
def test_bags_near_ten_are_ducked_once_the_contract_is_made(level):
    view = bags_near_ten_contract_made()
    assert bags_to_duck(Knowledge.from_view(view))
    for seed in range(3):
        assert decide(level, view, seed) == "4H"


def test_bags_are_not_ducked_by_rule_while_a_set_of_the_opponents_is_in_reach():
    # E/W bid 4 + 3 and have 2 tricks: they need 5 of the last 5, one trick of ours sets them.
    view = bags_near_ten_contract_made(ew_bids=(4, 3))
    assert not bags_to_duck(Knowledge.from_view(view))


def test_bags_far_from_the_limit_are_not_a_fault():
    view = bags_near_ten_contract_made(bags=2)
    assert not bags_to_duck(Knowledge.from_view(view))
    t = FaultTracker()
    t.on_play("x", view, "AH")
    assert t.counts.get("x", {}).get("bag_taken_near_limit", 0) == 0


def test_taking_a_bag_near_the_limit_counts_once_the_trick_is_won():
    view = bags_near_ten_contract_made()
    bad, good = FaultTracker(), FaultTracker()
    bad.on_play("x", view, "AH")
    good.on_play("x", view, "4H")
    assert bad.counts["x"]["bag_taken_near_limit"] == 1
    assert good.counts.get("x", {}).get("bag_taken_near_limit", 0) == 0


def far_behind_blind_nil_offered() -> dict:
    """S, hand not seen, 350 behind with the opponents at 450: the old rule's blind nil."""
    view = bidding_view("S", None, bids={"E": 3}, dealer="N")
    view["scores"] = {"NS": {"score": 100, "bags": 3}, "EW": {"score": 450, "bags": 4}}
    return view


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_no_level_bids_a_blind_nil_whose_chance_does_not_pay_for_its_risk(level):
    # A blind nil is made about one time in four against Normal (bench/nil_odds.py --blind):
    # far below the 45% that pays for its -200, so every level looks at its cards.
    for seed in range(3):
        action = choose_action(level, far_behind_blind_nil_offered(), random.Random(seed))
        assert action == {"type": "look"}


def test_a_blind_nil_that_does_not_pay_is_counted_as_a_fault():
    t = FaultTracker()
    t.on_bid("x", far_behind_blind_nil_offered(), {"type": "bid", "bid": "blind_nil"})
    t.on_bid("y", far_behind_blind_nil_offered(), {"type": "look"})
    assert t.counts["x"]["blind_nil_below_value"] == 1
    assert t.counts.get("y", {}).get("blind_nil_below_value", 0) == 0
