"""``Match.views``: every seat's view and the spectators' at once, for a broadcast. Each must be
exactly what ``view`` gives that seat, at every point of a match (blind nil on offer, bidding,
playing, between hands, over), and never hold another seat's cards."""

from __future__ import annotations

import random

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine import SEATS, Match, Rules

fast = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _same_as_view(match: Match, seats: tuple[str, ...]) -> None:
    views = match.views(seats)
    assert set(views) == {None, *seats}
    for seat, view in views.items():
        expected = match.view(seat)
        assert view == expected
        # The same JSON, key for key in the same order: what a broadcast sends.
        assert orjson.dumps(view) == orjson.dumps(expected)
        if seat is not None and view["hand"] is not None:
            others = {code for s in SEATS if s != seat for code in (match.view(s)["hand"] or [])}
            assert not others & set(view["hand"])


@fast
@given(seed=st.integers(0, 10**6), blind_nil=st.booleans(), steps=st.integers(0, 400))
def test_every_seat_gets_from_views_exactly_its_own_view(seed, blind_nil, steps):
    rules = Rules(blind_nil=blind_nil, blind_nil_min_deficit=0, target=150)
    match = Match(rules, seed)
    rng = random.Random(seed)
    for step in range(steps):
        if step % 7 == 0:
            _same_as_view(match, SEATS)
        if match.is_over:
            break
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    _same_as_view(match, SEATS)
    _same_as_view(match, ("E", "W"))


def test_views_of_no_seat_is_the_spectators_view_alone():
    match = Match(Rules(), 7)
    assert match.views(()) == {None: match.view(None)}


def test_a_play_offered_in_views_is_applied_as_after_view():
    match = Match(Rules(), 3)
    rng = random.Random(3)
    while match.hand.bidding:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    seat = match.to_move
    play = match.views(SEATS)[seat]["legal"][0]
    match.apply(seat, play)
    assert match.action_count == 5
