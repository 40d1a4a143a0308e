"""Nil and blind nil from their chance at the score; Hard's own bids; Hard keeps its deadline."""

from __future__ import annotations

import random
import time

import pytest

from spades.bots import choose_action, hard, normal
from spades.bots.odds import nil_chance, win_chance
from spades.engine import Match, Rules
from tests.support.bots import bidding_view, cards, make_view


def scored(view: dict, ours: int, theirs: int) -> dict:
    team = "NS" if view["seat"] in "NS" else "EW"
    other = "EW" if team == "NS" else "NS"
    view["scores"] = {team: {"score": ours, "bags": 0}, other: {"score": theirs, "bags": 0}}
    return view


LOW_HAND = cards("2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C")
STRONG_HAND = cards("AS KS QS 5S AH KH 4H 3D 2D 9C 8C 7C 6C")


def test_a_nil_chance_falls_as_the_hand_gets_riskier_and_is_zero_with_the_ace_of_spades():
    assert nil_chance(0.2, 0.3, 2) > nil_chance(1.5, 1.0, 2) > nil_chance(4.0, 2.0, 3)
    assert nil_chance(float("inf"), 1.0, 1) == 0.0


def test_the_win_chance_is_even_at_equal_scores_and_certain_past_the_target():
    assert win_chance(200, 200, 500) == pytest.approx(0.5)
    assert win_chance(510, 480, 500) == 1.0 and win_chance(300, 520, 500) == 0.0
    assert win_chance(300, 100, 500) > 0.8


@pytest.mark.parametrize("ours,theirs", [(0, 0), (300, 100), (200, 250), (450, 300)])
def test_normal_looks_at_its_cards_instead_of_a_blind_nil_that_cannot_pay(ours, theirs):
    view = scored(bidding_view("N", None, bids={}, dealer="W"), ours, theirs)
    assert normal.choose_bid(view, view["legal"]) == {"type": "look"}


def test_normal_no_longer_gambles_on_a_blind_nil_even_when_the_match_is_otherwise_lost():
    # Its former rule bid blind nil here; made about one time in four (issue 30), it never pays.
    view = scored(bidding_view("N", None, bids={}, dealer="W"), 0, 450)
    assert normal.choose_bid(view, view["legal"]) == {"type": "look"}


@pytest.mark.parametrize("ours,theirs", [(0, 0), (0, 450), (400, 100)])
def test_normal_never_bids_nil_on_a_hand_that_takes_tricks(ours, theirs):
    view = scored(bidding_view("N", STRONG_HAND, bids={}, dealer="W"), ours, theirs)
    assert normal.choose_bid(view, view["legal"])["bid"] != "nil"


def test_normal_bids_nil_on_a_hand_of_small_cards_at_an_even_score():
    view = scored(bidding_view("N", LOW_HAND, bids={}, dealer="W"), 0, 0)
    assert normal.choose_bid(view, view["legal"]) == {"type": "bid", "bid": "nil"}


def test_the_former_rules_remain_available_for_the_benchmark():
    view = scored(bidding_view("N", None, bids={}, dealer="W"), 0, 450)
    assert normal.choose_bid(view, view["legal"], normal.LEGACY)["bid"] == "blind_nil"
    view = scored(bidding_view("N", None, bids={}, dealer="W"), 100, 390)
    assert normal.choose_bid(view, view["legal"], normal.LEGACY) == {"type": "look"}


def _bidding_views(n: int) -> list[dict]:
    out = []
    for i in range(n):
        match = Match(Rules(), f"bids:{i}")
        while len(out) < 4 * (i + 1):
            seat = match.to_move
            view = match.view(seat)
            if view["hand"] is None:
                match.apply(seat, {"type": "look"})
                continue
            out.append(view)
            match.apply(seat, normal.choose_bid(view, view["legal"]))
    return out


def test_hard_bids_legally_and_sometimes_differently_from_normal():
    differ = 0
    for i, view in enumerate(_bidding_views(6)):
        action = hard.choose(view, random.Random(i), budget=3000)
        assert action in view["legal"]
        differ += action != normal.choose_bid(view, view["legal"])
    assert differ >= 1


def test_hard_with_normal_bidding_bids_exactly_as_normal():
    for i, view in enumerate(_bidding_views(3)):
        action = hard.choose(view, random.Random(i), own_bidding=False)
        assert action == normal.choose_bid(view, view["legal"])


def _busy_view() -> dict:
    # Early in a hand with many candidates: the search has far more work than the budget allows.
    return make_view(
        "S",
        cards("AH QH 9H 4H 9D 8D 3D QC 7C 2C 6S 5S KS"),
        bids={"N": 3, "E": 4, "S": 3, "W": 3},
        dealer="S",
        trick_leader="E",
        trick=["5C"],
    )


@pytest.mark.parametrize("budget_s", [0.03, 0.08])
def test_a_hard_decision_returns_within_its_time_budget(budget_s):
    view = _busy_view()
    t0 = time.perf_counter()
    action = hard.choose(view, random.Random(1), budget=10**9, time_budget=budget_s)
    elapsed = time.perf_counter() - t0
    assert action in view["legal"]
    assert elapsed < budget_s + 0.1  # one playout past the deadline, plus a loaded machine


def test_a_hard_bid_returns_within_its_time_budget():
    view = _bidding_views(1)[0]
    t0 = time.perf_counter()
    action = hard.choose(view, random.Random(1), budget=10**9, time_budget=0.05)
    assert time.perf_counter() - t0 < 0.15
    assert action in view["legal"]


def test_without_time_for_one_sample_hard_plays_normals_card():
    view = _busy_view()
    action = hard.choose(view, random.Random(1), time_budget=0.0)
    assert action == choose_action("normal", view)
