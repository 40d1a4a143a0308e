"""The coach: a legal suggestion with a stable reason code, from the seat view alone."""

from __future__ import annotations

import copy
import json

import pytest

from spades.bots import choose_action
from spades.bots.coach import REASONS, Advice, advise
from spades.engine import Match, Rules
from tests.support.bots import bidding_view, cards, make_view

CARD_REASONS = set(REASONS) - {"look_at_cards", "blind_nil_comeback", "bid_nil", "bid_tricks"}


@pytest.mark.parametrize("seed", range(12))
def test_every_suggestion_through_whole_matches_is_legal_and_explained(seed):
    match = Match(Rules(), f"coach:{seed}")
    seen = set()
    while not match.is_over:
        seat = match.to_move
        view = match.view(seat)
        before = copy.deepcopy(view)
        advice = advise(view)
        assert view == before, "the coach must not change the view"
        assert isinstance(advice, Advice)
        assert advice.action in view["legal"]
        assert advice.code in REASONS
        if advice.code in CARD_REASONS:
            assert advice.params["card"] == advice.action["card"]
        json.dumps(advice.params)  # plain data the site can translate
        seen.add(advice.code)
        match.apply(seat, choose_action("normal", view))
    assert len(seen) >= 8


def test_the_suggestion_is_a_function_of_the_view_alone():
    # A view written by hand has no engine behind it: nothing else could be read.
    view = make_view(
        "S",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S KS"),
        bids={"N": "nil", "E": 4, "S": 5, "W": 3},
        dealer="S",
        trick_leader="W",
        trick=["5H", "KH", "3H"],
    )
    first = advise(view)
    again = advise(json.loads(json.dumps(view)))
    assert first == again
    assert first.action == {"type": "play", "card": "AH"}
    assert first.code == "cover_partner_nil"


def test_the_coach_names_a_master_card_it_suggests_to_cash():
    view = make_view(
        "N",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S 2S"),
        bids={"N": 4, "E": 4, "S": 3, "W": 2},
        dealer="W",
    )
    advice = advise(view)
    assert advice.action == {"type": "play", "card": "AH"}
    assert (advice.code, advice.params) == ("card_is_master", {"card": "AH"})


def test_the_coach_keeps_a_nil_bidder_under_the_trick():
    view = make_view(
        "N",
        cards("QH 4H 9D 8D 3D 8C 7C 2C 6S 5S 4S 3S 2S"),
        bids={"N": "nil", "E": 4, "S": 4, "W": 2},
        dealer="S",
        trick_leader="E",
        trick=["KH"],
    )
    advice = advise(view)
    assert advice.action == {"type": "play", "card": "QH"}
    assert advice.code == "keep_your_nil"


def test_the_coach_tells_a_partner_not_to_overtake_a_winning_partner():
    view = make_view(
        "S",
        cards("AS 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D 6D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="W",
        trick_leader="N",
        trick=["AC", "7C"],
    )
    advice = advise(view)
    assert advice.code == "partner_holds_trick"
    assert advice.action["card"][1] != "S"


def test_the_coach_advises_looking_rather_than_blind_nil_at_an_even_score():
    view = bidding_view("N", None, bids={}, dealer="W")
    advice = advise(view)
    assert advice.action == {"type": "look"}
    assert advice.code == "look_at_cards"


def test_a_bid_suggestion_gives_the_bid_and_the_estimated_tricks():
    hand = cards("AS KS QS 5S AH KH 4H 3D 2D 9C 8C 7C 6C")
    advice = advise(bidding_view("N", hand, bids={}, dealer="W"))
    assert advice.code == "bid_tricks"
    assert advice.params["bid"] == advice.action["bid"] >= 4
    assert advice.params["tricks"] >= 4


def test_no_suggestion_when_it_is_not_the_seats_turn():
    view = bidding_view("N", cards("AS KS QS 5S AH KH 4H 3D 2D 9C 8C 7C 6C"), bids={})
    view["to_move"] = "E"
    assert advise(view) is None
