"""Hard's information-set Monte Carlo tree search (spades/bots/ismcts.py, ``hard.choose(tree=True)``)
and the gate on Normal's card of its determinized search (``hard.GATE``)."""

from __future__ import annotations

import random

import pytest

from spades.bots import hard, normal
from spades.engine import Match, Rules
from tests.support.bots import cards, make_view


def tree_choice(view: dict, seed: int, budget: int = 1500) -> str:
    action = hard.choose(view, random.Random(seed), budget=budget, time_budget=30.0, tree=True)
    assert action is not None
    return action["card"]


def needs_one_more_trick_with_a_master_and_a_low_club() -> dict:
    """S has led and won eleven tricks and needs one more for the contract (11 + 1). Every spade
    and the ace of hearts are gone: the king of hearts wins whatever the others hold, while the 2
    of clubs loses to any club of the opponents and the king may then be discarded."""
    tricks = [
        ("S", ["AS", "2S", "3S", "4S"], "S"),
        ("S", ["KS", "5S", "6S", "7S"], "S"),
        ("S", ["QS", "8S", "9S", "TS"], "S"),
        ("S", ["AH", "2H", "3H", "4H"], "S"),
        ("S", ["QH", "5H", "7H", "8H"], "S"),
        ("S", ["JH", "9H", "6D", "TH"], "S"),
        ("S", ["AD", "2D", "7D", "8D"], "S"),
        ("S", ["KD", "9D", "TD", "JD"], "S"),
        ("S", ["KC", "3C", "4C", "5C"], "S"),
        ("S", ["JC", "6C", "7C", "8C"], "S"),
        ("S", ["JS", "TC", "QD", "9C"], "S"),
    ]
    return make_view(
        "S",
        cards("KH 2C"),
        bids={"N": 1, "E": 1, "S": 11, "W": 1},
        dealer="E",
        tricks=tricks,
    )


def mid_hand_view(seed: int) -> dict:
    """A view of the fourth trick of a hand bid and played by Normal."""
    match = Match(Rules(), seed)
    while len(match.view("N").get("tricks") or []) < 3:
        seat = match.to_move
        match.apply(seat, normal.choose(match.view(seat), random.Random(0)))
    return match.view(match.to_move)


def test_the_tree_search_cashes_the_master_it_needs_for_its_contract():
    view = needs_one_more_trick_with_a_master_and_a_low_club()
    assert {a["card"] for a in view["legal"]} == {"KH", "2C"}
    for seed in range(3):
        assert tree_choice(view, seed) == "KH"


@pytest.mark.parametrize("seed", range(2))
def test_the_tree_search_is_deterministic_for_a_seeded_rng(seed):
    view = mid_hand_view(seed)
    assert tree_choice(view, 7) == tree_choice(view, 7)


@pytest.mark.parametrize("seed", range(2))
def test_the_tree_search_plays_only_legal_cards_through_a_hand(seed):
    match = Match(Rules(), 200 + seed)
    rngs = {s: random.Random(seed * 10 + i) for i, s in enumerate("NESW")}
    start = match.hand_number
    plays = 0
    while match.hand_number == start and not match.is_over:
        seat = match.to_move
        view = match.view(seat)
        if seat in "NS" and view["phase"] != "bidding":
            action = hard.choose(view, rngs[seat], budget=600, tree=True)
            plays += 1
        else:
            action = normal.choose(view, rngs[seat])
        assert action in view["legal"], (seat, action, view["legal"])
        match.apply(seat, action)
    assert plays == 26


def test_hards_gate_still_plays_a_card_that_beats_normals_in_every_deal():
    # Normal leads the 2 of clubs here; the king of hearts is worth a trick more in every deal.
    view = needs_one_more_trick_with_a_master_and_a_low_club()
    assert normal.choose(view, random.Random(0)) == {"type": "play", "card": "2C"}
    for seed in range(3):
        action = hard.choose(view, random.Random(seed), budget=1500, time_budget=30.0)
        assert action == {"type": "play", "card": "KH"}


def test_hards_gate_keeps_normals_card_against_a_gain_within_the_noise():
    normals = [10.0, -30.0, 20.0, 0.0]
    lucky = [60.0, -60.0, 30.0, -10.0]  # a better mean (+5) on one big swing: under 1 SE
    steady = [12.0, -28.0, 22.0, 2.0]  # +2 in every deal
    means = [sum(v) / 4 for v in (normals, lucky)]
    assert hard._gated([normals, lucky], means, 0, hard.GATE) == 0
    assert hard._gated([normals, lucky], means, 0, 0.1) == 1
    means = [sum(v) / 4 for v in (normals, lucky, steady)]
    assert hard._gated([normals, lucky, steady], means, 0, hard.GATE) == 2
