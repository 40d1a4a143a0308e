"""Bots play only legal actions in real matches and cope with every kind of view."""

from __future__ import annotations

import random

import pytest

from spades.bots import LEVELS, choose_action, easy, hard, normal
from spades.engine import Match, Rules
from tests.support.bots import bidding_view, cards, make_view

DIRECT = {"easy": easy.choose, "normal": normal.choose}


def test_levels_are_easy_normal_and_hard():
    assert LEVELS == ("easy", "normal", "hard")
    with pytest.raises(ValueError):
        choose_action("expert", bidding_view("S", None, bids={}), random.Random(0))


def drive(match: Match, pick, max_actions: int) -> int:
    """Play ``match`` with ``pick(seat, view)``; every action must be among the view's legal ones."""
    n = 0
    while not match.is_over and n < max_actions:
        seat = match.to_move
        view = match.view(seat)
        action = pick(seat, view)
        assert action in view["legal"], (seat, action, view["legal"])
        match.apply(seat, action)
        n += 1
    return n


RULE_SETS = [
    Rules(),
    Rules(blind_nil=False, nil_tricks_count_for_contract=False),
    Rules(nil=False, blind_nil=False, bag_limit=0),
    Rules(target=200, loss_floor=-200, bag_limit=5, bag_penalty=50),
]


@pytest.mark.parametrize("seed", range(8))
def test_easy_and_normal_play_only_legal_actions_through_whole_matches(seed):
    match = Match(RULE_SETS[seed % len(RULE_SETS)], seed)
    levels = {"N": "normal", "S": "easy", "E": "easy", "W": "normal"}
    rngs = {s: random.Random(seed * 10 + i) for i, s in enumerate("NESW")}
    # The bot functions are called directly: choose_action's fallback must never be needed.
    drive(match, lambda s, v: DIRECT[levels[s]](v, rngs[s]), 5000)
    assert match.is_over
    over = match.view("N")
    assert over["legal"] == []
    for level in LEVELS:
        assert choose_action(level, over, random.Random(0)) is None


@pytest.mark.parametrize("seed", range(4))
def test_hard_plays_only_legal_cards_through_a_hand_against_normal(seed):
    match = Match(RULE_SETS[seed], 100 + seed)
    rngs = {s: random.Random(seed * 10 + i) for i, s in enumerate("NESW")}

    def pick(seat, view):
        if seat in "NS":
            return hard.choose(view, rngs[seat], budget=3000, pool_size=8)
        return normal.choose(view, rngs[seat])

    start = match.hand_number
    while match.hand_number == start and not match.is_over:
        drive(match, pick, 1)
    assert match.history and match.history[0]["hand_number"] == start


def test_a_blind_nil_candidate_chooses_between_blind_nil_and_looking():
    view = bidding_view("S", None, bids={}, dealer="E")
    for level in LEVELS:
        action = choose_action(level, view, random.Random(1))
        assert action in view["legal"]
    # Far behind with the opponents near the target, every level still looks: a blind nil is
    # made too rarely to pay for its risk (issue 30, tests/spades/bots/test_partnership_play.py).
    desperate = {
        **view,
        "scores": {"NS": {"score": 50, "bags": 0}, "EW": {"score": 450, "bags": 0}},
    }
    for level in LEVELS:
        assert choose_action(level, desperate, random.Random(1)) == {"type": "look"}


def test_a_bot_offered_look_out_of_turn_does_nothing():
    match = Match(Rules(), 7)
    to_move = match.to_move
    partner = "NESW"["NESW".index(to_move) ^ 2]
    second = "NESW"[("NESW".index(to_move) + 1) % 4]
    view = match.view(second)  # the other first bidder may look early; bots wait for their turn
    assert view["legal"] == [{"type": "look"}]
    for level in LEVELS:
        assert choose_action(level, view, random.Random(0)) is None
    assert match.view(partner)["legal"] == []


def test_bots_play_a_hand_after_four_numeric_zero_bids():
    match = Match(Rules(), 11)
    while match.view(match.to_move)["phase"] == "bidding":
        seat = match.to_move
        if {"type": "look"} in match.legal_actions(seat):
            match.apply(seat, {"type": "look"})
        match.apply(seat, {"type": "bid", "bid": 0})
    view = match.view(match.to_move)
    assert view["contracts"] == {"NS": 0, "EW": 0}
    rngs = {s: random.Random(i) for i, s in enumerate("NESW")}
    levels = dict(zip("NESW", ("hard", "normal", "easy", "normal"), strict=True))
    start = match.hand_number
    while match.hand_number == start:
        seat = match.to_move
        v = match.view(seat)
        if levels[seat] == "hard":
            action = hard.choose(v, rngs[seat], budget=2000, pool_size=8)
        else:
            action = DIRECT[levels[seat]](v, rngs[seat])
        assert action in v["legal"]
        match.apply(seat, action)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_plays_its_last_card_on_the_last_trick(level):
    view = make_view(
        "S",
        cards("4D"),
        bids={"N": 3, "E": 3, "S": 3, "W": 3},
        tricks_won={"N": 3, "E": 3, "S": 3, "W": 3},
        trick_leader="E",
        trick=["KS"],
    )
    view["hand_counts"] = {"N": 1, "E": 0, "S": 1, "W": 1}
    assert choose_action(level, view, random.Random(0)) == {"type": "play", "card": "4D"}


def test_hard_is_deterministic_for_a_seeded_rng():
    match = Match(Rules(), 3)
    while match.view(match.to_move)["phase"] == "bidding":
        seat = match.to_move
        view = match.view(seat)
        match.apply(seat, choose_action("normal", view, random.Random(0)))
    view = match.view(match.to_move)
    # A small budget and a generous deadline keep the search (and the weighing of its pool of
    # deals) far from the wall-clock guard, which alone could cut it short (differently) on an
    # overloaded machine.
    a = [hard.choose(view, random.Random(42), budget=4000, time_budget=30.0) for _ in range(2)]
    assert a[0] == a[1]
    for level in ("easy", "normal"):
        assert choose_action(level, view) == choose_action(level, view)


VARIANT_NAMES = ("mirror", "whiz", "suicide", "joker")


def variant_picker(variant: str, seed: int):
    """N Normal, E Easy, S Hard (small budget), W Normal, all called directly (no fallback)."""
    levels = {"N": "normal", "E": "easy", "S": "hard", "W": "normal"}
    rngs = {s: random.Random(seed * 10 + i) for i, s in enumerate("NESW")}

    def pick(seat, view):
        if levels[seat] == "hard":
            return hard.choose(view, rngs[seat], budget=200, time_budget=30.0, pool_size=8)
        return DIRECT[levels[seat]](view, rngs[seat])

    return pick


def play_hands(match: Match, pick, hands: int) -> None:
    while not match.is_over and len(match.history) < hands:
        drive(match, pick, 1)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("seed", range(2))
def test_every_level_stays_legal_in_every_variant(variant, seed):
    match = Match(Rules(variant=variant), seed)
    play_hands(match, variant_picker(variant, seed), 2)
    assert len(match.history) == 2


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_level_stays_legal_over_many_seeded_matches_of_each_variant(variant):
    for seed in range(12):
        match = Match(Rules(variant=variant, target=250), 1000 + seed)
        play_hands(match, variant_picker(variant, seed), 8)
        assert match.is_over or len(match.history) == 8


def test_the_trick_estimate_counts_the_jokers_as_the_two_highest_spades():
    from spades.bots import estimate_tricks

    side = cards("2H 5H 9H 3D 6D TD 4C 7C JC 8C QH")
    with_jokers = estimate_tricks(["BJ", "LJ", *side])
    with_honours = estimate_tricks(["AS", "KS", *side])
    assert with_jokers.total == with_honours.total
    # Beside a joker, the ace of spades is only the third spade: worth what a queen is.
    assert estimate_tricks(["BJ", "AS", *side]).total == estimate_tricks(["AS", "QS", *side]).total
