"""Property tests over random legal games, checked against a small independent referee."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine import CARD_CODES, SEATS, HandState, Match, Rules
from tests.support.engine import random_deal

RANKS = "23456789TJQKA"
CODE = re.compile(r'"([2-9TJQKA][SHDC])"')

rules_strategy = st.builds(
    Rules,
    nil=st.booleans(),
    blind_nil=st.booleans(),
    nil_tricks_count_for_contract=st.booleans(),
    bag_limit=st.integers(0, 50),
    bag_penalty=st.integers(0, 1000),
    target=st.integers(50, 400),
    loss_floor=st.none() | st.integers(-400, -1),
    hand_limit=st.none() | st.integers(1, 30),
)
seeds = st.integers(0, 2**64) | st.text(max_size=12)
fast = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def referee_legal(holding: set[str], trick: list[str], broken: bool) -> set[str]:
    """The cards a seat may play, straight from rules.md."""
    if not trick:
        others = {c for c in holding if c[1] != "S"}
        return holding if broken or not others else others
    follow = {c for c in holding if c[1] == trick[0][1]}
    return follow or holding


def referee_winner(trick: list[str]) -> int:
    """Index of the winning card in a complete trick."""
    spades = [i for i, c in enumerate(trick) if c[1] == "S"]
    pool = spades or [i for i, c in enumerate(trick) if c[1] == trick[0][1]]
    return max(pool, key=lambda i: RANKS.index(trick[i][0]))


@fast
@given(
    deal_seed=st.integers(0, 10**9),
    dealer=st.sampled_from(SEATS),
    rules=rules_strategy,
    rng=st.randoms(use_true_random=False),
)
def test_random_hands_follow_the_rules_of_play_checked_by_a_referee(deal_seed, dealer, rules, rng):
    hands = random_deal(deal_seed)
    state = HandState(rules, dealer, hands)
    holding = {s: set(hands[s]) for s in SEATS}
    while state.bidding:
        state.apply(state.to_move, rng.choice(state.legal_actions()))
    leader = SEATS[(SEATS.index(dealer) + 1) % 4]
    broken = False
    winners, played = [], []
    for _ in range(13):
        trick: list[str] = []
        for i in range(4):
            seat = SEATS[(SEATS.index(leader) + i) % 4]
            assert state.to_move == seat
            legal = {a["card"] for a in state.legal_actions()}
            assert legal == referee_legal(holding[seat], trick, broken)
            card = rng.choice(sorted(legal))
            state.apply(seat, {"type": "play", "card": card})
            holding[seat].remove(card)
            trick.append(card)
            played.append(card)
        broken = broken or any(c[1] == "S" for c in trick)
        leader = SEATS[(SEATS.index(leader) + referee_winner(trick)) % 4]
        winners.append(leader)
    assert state.is_complete
    assert sorted(played) == sorted(CARD_CODES)  # every card exactly once
    assert [SEATS[w] for w in state.trick_winners] == winners
    assert sum(state.tricks_won) == 13
    assert state.tricks_dict() == {s: winners.count(s) for s in SEATS}


@fast
@given(
    rules=rules_strategy,
    seed=seeds,
    rng=st.randoms(use_true_random=False),
    steps=st.integers(1, 260),
)
def test_random_matches_keep_their_invariants(rules, seed, rng, steps):
    match = Match(rules, seed)
    for _ in range(steps):
        if match.is_over:
            break
        check_views(match)
        hand = match.hand
        seat = match.to_move
        match.apply(seat, rng.choice(match.legal_actions()))
        if hand.is_complete:
            assert sorted(hand.plays) == list(range(52))  # every card exactly once
            assert len(hand.trick_winners) == 13 and sum(hand.tricks_won) == 13
    check_views(match)

    # The totals are the sums of the hands' results.
    for team in ("NS", "EW"):
        assert match.scores[team]["score"] == sum(h[team]["hand"] for h in match.history)
        bags = 0
        for h in match.history:
            bags += h[team]["bags_added"]
            if rules.bag_limit:
                bags %= rules.bag_limit
            assert h[team]["bags"] == bags
        assert match.scores[team]["bags"] == bags

    # Replaying the actions rebuilds the same match.
    again = Match.replay(rules, seed, json.loads(json.dumps(match.actions)))
    assert [again.view(s) for s in (*SEATS, None)] == [match.view(s) for s in (*SEATS, None)]


def check_views(match: Match) -> None:
    """No view shows an unplayed card of another seat (nor of a seat that has not looked)."""
    hand = match.hand
    unplayed = {i: {CARD_CODES[c] for c in hand.hand_ints(i)} for i in range(4)}
    for viewer in (*SEATS, None):
        view = match.view(viewer)
        if view["last_trick"] and view["last_trick"]["hand_number"] != view["hand_number"]:
            view = {**view, "last_trick": None}  # an earlier hand's cards, public
        shown = set(CODE.findall(json.dumps(view)))
        for i, seat in enumerate(SEATS):
            if seat == viewer and not view["hand_hidden"]:
                assert set(view["hand"]) == unplayed[i]
                continue
            assert not shown & unplayed[i], (viewer, seat)
