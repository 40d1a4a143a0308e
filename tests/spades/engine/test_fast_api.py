"""The fast int API of HandState, and the example of docs/engine.md."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from spades.engine import (
    BLIND_NIL,
    CARD_CODES,
    NIL,
    SEATS,
    HandState,
    Match,
    Rules,
    bid_to_int,
    card_to_int,
    int_to_bid,
    int_to_card,
)
from tests.support.engine import random_deal

DOC = Path(__file__).resolve().parents[3] / "docs" / "engine.md"


def test_card_ints_are_suit_times_13_plus_rank_with_spades_first():
    assert card_to_int("2S") == 0
    assert card_to_int("AS") == 12
    assert card_to_int("2H") == 13
    assert card_to_int("2D") == 26
    assert card_to_int("AC") == 51
    assert [int_to_card(card_to_int(c)) for c in CARD_CODES] == list(CARD_CODES)
    assert (bid_to_int("nil"), bid_to_int("blind_nil"), bid_to_int(7)) == (NIL, BLIND_NIL, 7)
    assert [int_to_bid(v) for v in (NIL, BLIND_NIL, 0)] == ["nil", "blind_nil", 0]


def test_the_fast_api_offers_exactly_what_the_checked_api_offers():
    rng = random.Random(5)
    for seed in range(30):
        state = HandState(Rules(), SEATS[seed % 4], random_deal(seed))
        while not state.is_complete:
            actions = state.legal_actions()
            if state.bidding:
                fast = [{"type": "bid", "bid": int_to_bid(v)} for v in state.legal_bid_values()]
            else:
                fast = [{"type": "play", "card": CARD_CODES[c]} for c in state.legal_play_ints()]
            assert fast == actions
            value = rng.choice(
                state.legal_bid_values() if state.bidding else state.legal_play_ints()
            )
            (state.bid_value if state.bidding else state.play_int)(value)


def test_a_copy_is_independent_of_the_original():
    state = HandState(Rules(), "N", random_deal(1))
    for _ in range(4):
        state.bid_value(3)
    for _ in range(6):
        state.play_int(state.legal_play_ints()[0])
    snapshot = (state.plays[:], state.tricks_won[:], state.hand_ints(2), state.to_move_index)
    sim = state.copy()
    while not sim.is_complete:
        sim.play_int(sim.legal_play_ints()[-1])
    assert sum(sim.tricks_won) == 13
    assert (state.plays, state.tricks_won, state.hand_ints(2), state.to_move_index) == snapshot
    assert not state.is_complete


@pytest.mark.parametrize("variant", ["none", "mirror", "whiz", "suicide", "joker"])
def test_the_documented_playout_example_rebuilds_the_hand_from_a_view(variant):
    code = re.search(r"## Fast API for search.*?```python\n(.*?)```", DOC.read_text(), re.S)
    assert code, "docs/engine.md lost its fast API example"
    namespace: dict = {}
    exec(code.group(1), namespace)
    random_playouts = namespace["random_playouts"]

    match = Match(Rules(variant=variant), seed=11)
    rng = random.Random(2)
    while match.hand_number == 1 and len(match.hand.plays) < 23:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    view = match.view("S")
    hand = match.hand
    dealt = {
        seat: [int_to_card(c) for c in hand.hand_ints(i)]
        + [int_to_card(c) for k, c in enumerate(hand.plays) if _seat_of_play(hand, k) == i]
        for i, seat in enumerate(SEATS)
    }
    results = random_playouts(view, dealt, 20, random.Random(3))
    assert len(results) == 20
    done = hand.tricks_won
    for tricks in results:
        assert sum(tricks) == 13
        assert all(t >= d for t, d in zip(tricks, done, strict=True))


def _seat_of_play(hand: HandState, k: int) -> int:
    """Seat int that made play number ``k`` of the hand."""
    trick, pos = divmod(k, 4)
    leader = (hand.dealer + 1) & 3 if trick == 0 else hand.trick_winners[trick - 1]
    return (leader + pos) & 3
