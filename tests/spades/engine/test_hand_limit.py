"""The hand limit (``Rules.hand_limit``): after that many hands the partnership ahead wins, and a
tie plays on until it breaks (issue 28: two weak players reached hand 27 at -2,057 to -60)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine import Match, Rules, match_winner

fast = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_out(match: Match, rng, max_actions: int = 20_000) -> None:
    for _ in range(max_actions):
        if match.is_over:
            return
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    raise AssertionError("the match did not end")


@fast
@given(
    limit=st.integers(1, 4),
    target=st.integers(50, 10000),
    loss_floor=st.none() | st.integers(-10000, -1),
    seed=st.integers(0, 2**32) | st.text(max_size=8),
    rng=st.randoms(use_true_random=False),
)
def test_a_match_with_a_hand_limit_ends_at_the_first_hand_it_may_with_the_leader_winning(
    limit, target, loss_floor, seed, rng
):
    rules = Rules(target=target, loss_floor=loss_floor, hand_limit=limit)
    match = Match(rules, seed)
    play_out(match, rng)
    history = match.history
    assert len(history) >= 1
    ns, ew = (history[-1][team]["score"] for team in ("NS", "EW"))
    assert ns != ew
    assert match.result == {"winner": "NS" if ns > ew else "EW", "scores": {"NS": ns, "EW": ew}}
    # It ended at the first hand that could end it: no earlier hand had a winner...
    for entry in history[:-1]:
        tied = entry["NS"]["score"] == entry["EW"]["score"]
        assert entry["hand_number"] < limit or tied
        assert match_winner(rules, entry["NS"]["score"], entry["EW"]["score"],
                            entry["hand_number"]) is None  # fmt: skip
    # ... so it went past the limit only through ties.
    assert len(history) <= limit or all(
        e["NS"]["score"] == e["EW"]["score"] for e in history[limit - 1 : -1]
    )
    # Deterministic and replayable: the same log rebuilds the same result.
    again = Match.replay(
        Rules.from_dict(rules.to_dict()), seed, json.loads(json.dumps(match.actions))
    )
    assert again.result == match.result and again.history == history


@pytest.mark.parametrize(
    ("hands", "ns", "ew", "winner"),
    [
        (2, 100, 50, None),  # before the limit
        (3, 100, 50, "NS"),  # at the limit: the leader wins
        (3, -2057, -60, "EW"),
        (3, 120, 120, None),  # tied at the limit: one more hand
        (4, 120, 130, "EW"),  # the tie broken
    ],
)
def test_at_the_hand_limit_the_leader_wins_and_a_tie_plays_on(hands, ns, ew, winner):
    assert match_winner(Rules(hand_limit=3), ns, ew, hands) == winner


def test_without_a_hand_limit_the_number_of_hands_ends_nothing():
    assert match_winner(Rules(), 100, 50, 1000) is None


def test_the_hand_limit_goes_through_to_dict_and_from_dict_and_bad_values_are_refused():
    rules = Rules(hand_limit=20, loss_floor=-500)
    assert rules.to_dict()["hand_limit"] == 20
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules().hand_limit is None and Rules.from_dict({}).hand_limit is None
    for bad in (0, -3, 1001, "20", True, 2.5):
        with pytest.raises(ValueError, match="hand_limit"):
            Rules.from_dict({"hand_limit": bad})
