"""The checked APIs' fast paths (issue 27): a well-formed legal play or bid skips the spelled-out
checks, so each must accept exactly what those checks accept, and the dicts the engine hands out
are copies that a caller may change freely."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine import SEATS, VARIANTS, HandState, IllegalAction, Match, Rules
from spades.engine.cards import CODES, deal_ints

fast = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_strategy = st.builds(
    Rules,
    variant=st.sampled_from(list(VARIANTS)),
    nil=st.booleans(),
    blind_nil=st.booleans(),
    blind_nil_min_deficit=st.sampled_from([0, 0, 50]),
    target=st.integers(50, 250),
)


class Action(dict):
    """A dict subclass: accepted by ``parse_action``, so it must be by the fast path's fallback."""


def candidates(match: Match, rng: random.Random) -> list[tuple[object, object]]:
    """A few actions to try at this point of the match: legal ones, illegal ones, malformed ones."""
    to_move = match.to_move or "N"
    other = SEATS[(SEATS.index(to_move) + rng.randrange(1, 4)) % 4]
    card = rng.choice(CODES)
    actions: list[object] = [
        *match.legal_actions(),
        {"type": "play", "card": card},
        {"type": "play", "card": rng.choice(CODES)},
        {"type": "bid", "bid": rng.randrange(-1, 15)},
        {"type": "bid", "bid": rng.choice(["nil", "blind_nil", True, "3", None])},
        {"type": "look"},
        {"type": "play", "card": card, "extra": 1},
        {"type": "play", "card": [card]},
        {"type": "bid"},
        {"type": "play"},
        Action(type="play", card=card),
        "play",
        None,
    ]
    seats: list[object] = [to_move, to_move, to_move, other, "X", None]
    return [(rng.choice(seats), a) for a in actions]


def outcome(apply, seat: object, action: object) -> tuple:
    """What an apply did: ``("ok",)`` or the error's type, code and message."""
    try:
        apply(seat, copy.deepcopy(action))
    except IllegalAction as error:
        return ("IllegalAction", error.code, str(error))
    return ("ok",)


@fast
@given(rules=rules_strategy, seed=st.integers(0, 10**6), choices=st.integers(0, 2**32))
def test_every_action_gets_from_match_apply_what_the_checked_path_gives(rules, seed, choices):
    rng = random.Random(choices)
    fast_match, checked = Match(rules, seed), Match(rules, seed)
    for _ in range(120):
        if fast_match.is_over:
            break
        for seat, action in candidates(fast_match, rng):
            fast_match.legal_actions()  # what a table asks before a move
            got = outcome(fast_match.apply, seat, action)
            assert got == outcome(checked._apply_checked, seat, action), (seat, action)
            assert fast_match.actions == checked.actions
        assert [fast_match.view(s) for s in (*SEATS, None)] == [
            checked.view(s) for s in (*SEATS, None)
        ]
        if not fast_match.is_over:
            seat, action = fast_match.to_move, rng.choice(fast_match.legal_actions())
            fast_match.apply(seat, action)
            checked._apply_checked(seat, action)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_try_play_accepts_exactly_the_cards_check_play_accepts(variant):
    rules = Rules(variant=variant)
    rng = random.Random(variant)
    for dealer in range(4):
        state = HandState.from_ints(rules, dealer, VARIANTS[variant].deal(rng))
        while state.bidding:
            state.bid_value(rng.choice(state.legal_bid_values()))
        while not state.is_complete:
            p = state.to_move_index
            for c in range(len(CODES)):
                trial = state.copy()
                try:
                    state.check_play(p, c)
                except IllegalAction:
                    assert not trial.try_play(c)
                    assert trial.plays == state.plays
                else:
                    assert trial.try_play(c)
                    assert trial.plays == [*state.plays, c]
            state.play_int(rng.choice(state.legal_play_ints()))


def test_changing_the_actions_handed_out_changes_nothing_in_the_engine():
    match = Match(Rules(blind_nil=False), seed=4)
    rng = random.Random(4)
    while match.hand.bidding:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    offered = copy.deepcopy(match.legal_actions())
    handed = match.legal_actions()
    for action in handed:
        action["card"] = "XX"
    assert match.legal_actions() == offered
    # A handed-out dict changed into another card is checked as that card, not as the one given.
    seat = match.to_move
    not_held = next(
        c for c in CODES[:52] if not match.hand.holds(SEATS.index(seat), CODES.index(c))
    )
    handed[0]["card"] = not_held
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, handed[0])
    assert info.value.code == "not_held"
    handed[1].clear()
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, handed[1])
    assert info.value.code == "bad_action"
    assert match.legal_actions() == offered

    state = HandState.from_ints(Rules(), 0, deal_ints(random.Random(1)))
    bids = state.legal_actions()
    for action in bids:
        action["bid"] = 99
    assert [a["bid"] for a in state.legal_actions()] == [*range(14), "nil", "blind_nil"]


def test_changing_a_views_last_trick_of_the_previous_hand_changes_nothing_in_the_next_view():
    match = Match(Rules(), seed=8)
    rng = random.Random(8)
    while match.hand_number == 1:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    view = match.view("N")
    before = copy.deepcopy(view["last_trick"])
    assert before["hand_number"] == 1
    view["last_trick"]["cards"][0]["card"] = "XX"
    view["last_trick"]["cards"].clear()
    assert match.view("N")["last_trick"] == before
    assert match.last_trick() == before
