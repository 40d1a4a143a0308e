"""Bidding and trick play of one hand (rules.md "Bidding" and "Play")."""

from __future__ import annotations

import pytest

from spades.engine import HandState, IllegalAction, Rules
from tests.support.engine import cards, straight_hands, suit

STANDARD = Rules()

# Dealer W: N bids first and leads. N: twelve hearts and the ace of spades; E: the ace of hearts
# and twelve spades; S: the diamonds; W: the clubs.
HEARTS_AND_SPADES = {
    "N": [*suit("H")[:12], "AS"],
    "E": ["AH", *suit("S")[:12]],
    "S": suit("D"),
    "W": suit("C"),
}


def bid_all(state: HandState, bids=(3, 3, 3, 3)) -> None:
    for bid in bids:
        state.apply(state.to_move, {"type": "bid", "bid": bid})


def play(state: HandState, seat: str, card: str) -> None:
    state.apply(seat, {"type": "play", "card": card})


def error_of(state: HandState, seat: str, action: dict) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    return info.value


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise():
    state = HandState(STANDARD, "W", straight_hands())
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state.apply(state.to_move, {"type": "bid", "bid": 1})
    assert order == ["N", "E", "S", "W"]
    assert state.to_move == "N"  # the first bidder also leads
    assert not state.bidding


def test_a_bid_out_of_turn_is_refused_and_changes_nothing():
    state = HandState(STANDARD, "S", straight_hands())
    assert state.to_move == "W"
    err = error_of(state, "N", {"type": "bid", "bid": 2})
    assert err.code == "not_your_turn"
    assert state.bids == [None, None, None, None] and state.to_move == "W"


def test_nil_and_blind_nil_are_offered_only_before_the_partner_has_bid():
    state = HandState(STANDARD, "W", straight_hands())
    offered = [{a["bid"] for a in state.legal_actions()}]
    state.apply("N", {"type": "bid", "bid": 4})
    offered.append({a["bid"] for a in state.legal_actions()})
    state.apply("E", {"type": "bid", "bid": "nil"})
    offered.append({a["bid"] for a in state.legal_actions()})
    err = error_of(state, "S", {"type": "bid", "bid": "nil"})
    assert err.code == "bid_not_offered" and "partner N has already bid" in str(err)
    state.apply("S", {"type": "bid", "bid": 0})
    offered.append({a["bid"] for a in state.legal_actions()})
    numeric = set(range(14))
    assert offered == [
        numeric | {"nil", "blind_nil"},
        numeric | {"nil", "blind_nil"},
        numeric,
        numeric,
    ]


def test_nil_and_blind_nil_options_turn_those_bids_off():
    state = HandState(Rules(nil=False, blind_nil=False), "W", straight_hands())
    assert {a["bid"] for a in state.legal_actions()} == set(range(14))
    assert error_of(state, "N", {"type": "bid", "bid": "nil"}).code == "bid_not_offered"
    assert error_of(state, "N", {"type": "bid", "bid": "blind_nil"}).code == "bid_not_offered"


def test_a_spade_cannot_be_led_before_spades_are_broken():
    state = HandState(STANDARD, "W", HEARTS_AND_SPADES)
    bid_all(state)
    err = error_of(state, "N", {"type": "play", "card": "AS"})
    assert err.code == "spades_not_broken"
    assert "AS" not in {a["card"] for a in state.legal_actions()}
    assert state.plays == []


def test_a_player_must_follow_the_suit_led():
    state = HandState(STANDARD, "W", HEARTS_AND_SPADES)
    bid_all(state)
    play(state, "N", "2H")
    assert [a["card"] for a in state.legal_actions()] == ["AH"]
    err = error_of(state, "E", {"type": "play", "card": "2S"})
    assert err.code == "must_follow_suit"
    assert str(err) == "E must follow hearts: holds AH"


def test_a_player_void_in_the_suit_led_may_play_any_card_and_a_spade_trumps():
    state = HandState(STANDARD, "W", HEARTS_AND_SPADES)
    bid_all(state)
    for seat, card in [("N", "2H"), ("E", "AH"), ("S", "2D"), ("W", "2C")]:
        play(state, seat, card)
    assert state.tricks_dict() == {"N": 0, "E": 1, "S": 0, "W": 0}
    assert state.to_move == "E"
    assert not state.spades_broken
    # E holds nothing but spades, so E may lead one though spades are not broken.
    play(state, "E", "2S")
    assert state.spades_broken
    assert len(state.legal_actions()) == 12  # S holds no spade: any of its 12 diamonds
    play(state, "S", "3D")
    play(state, "W", "3C")
    assert [a["card"] for a in state.legal_actions()] == ["AS"]
    play(state, "N", "AS")
    assert state.tricks_dict() == {"N": 1, "E": 1, "S": 0, "W": 0}
    assert state.to_move == "N"


def test_the_highest_card_of_the_suit_led_wins_a_trick_without_spades():
    hands = {
        "N": cards("2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D"),
        "E": cards("JH QH 6D 7D 8D 9D TD JD QD KD AD 2C 3C"),
        "S": cards("KH AH 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        "W": suit("S"),
    }
    state = HandState(STANDARD, "W", hands)
    bid_all(state)
    for seat, card in [("N", "2H"), ("E", "QH"), ("S", "KH")]:
        play(state, seat, card)
    play(state, "W", "2S")  # W has no heart: the small trump takes it
    assert state.trick_winners == [3]
    for seat, card in [("W", "AS"), ("N", "3H"), ("E", "2C"), ("S", "4C")]:
        play(state, seat, card)
    assert state.trick_winners == [3, 3]


def test_a_card_not_held_is_refused():
    state = HandState(STANDARD, "W", straight_hands())
    bid_all(state)
    err = error_of(state, "N", {"type": "play", "card": "2H"})
    assert err.code == "not_held" and str(err) == "N does not hold 2H"


def test_thirteen_tricks_complete_the_hand():
    state = HandState(STANDARD, "W", straight_hands())
    bid_all(state, (13, 0, 0, 0))
    while not state.is_complete:
        play(state, state.to_move, state.legal_actions()[0]["card"])
    assert state.tricks_dict() == {"N": 13, "E": 0, "S": 0, "W": 0}
    assert state.to_move is None and state.legal_actions() == []
    assert state.score()["NS"]["hand"] == 130


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ({"type": "bid", "bid": True}, "not true"),
        ({"type": "bid", "bid": 14}, "out of range"),
        ({"type": "bid", "bid": -1}, "out of range"),
        ({"type": "bid", "bid": 3.0}, "not 3.0"),
        ({"type": "bid", "bid": "3"}, 'not "3"'),
        ({"type": "bid", "bid": 3, "extra": 1}, "exactly"),
        ({"type": "bid"}, "exactly"),
        ({"type": "play", "card": "1S"}, "not a card"),
        ({"type": "dance"}, "unknown action type"),
        (["bid", 3], "object"),
    ],
)
def test_malformed_actions_are_refused_as_bad_actions(action, fragment):
    state = HandState(STANDARD, "W", straight_hands())
    err = error_of(state, "N", action)
    assert err.code == "bad_action"
    assert fragment in str(err)
    assert state.bids == [None] * 4


@pytest.mark.parametrize(
    "hands",
    [
        {"N": suit("S"), "E": suit("H"), "S": suit("D")},
        {"N": suit("S"), "E": suit("H"), "S": suit("D"), "W": suit("D")},
        {"N": suit("S")[:12], "E": suit("H"), "S": suit("D"), "W": suit("C")},
        {"N": suit("S"), "E": suit("H"), "S": suit("D"), "W": [*suit("C")[:12], "XX"]},
    ],
)
def test_a_deal_that_is_not_thirteen_distinct_cards_each_is_refused(hands):
    with pytest.raises(ValueError):
        HandState(STANDARD, "W", hands)


def test_a_spade_discarded_on_another_suit_breaks_spades_for_the_next_lead():
    hands = {
        "N": cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
        "E": cards("2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
        "S": cards("3S AD 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"),
        "W": cards("4S 5S 6S 7S 8S 9S TS JS QS KS AS AC KC"),
    }
    state = HandState(STANDARD, "W", hands)
    bid_all(state)
    for seat, card in [("N", "2H"), ("E", "2D"), ("S", "2C")]:
        play(state, seat, card)
    assert not state.spades_broken
    play(state, "W", "4S")  # W has no heart and discards a spade: it wins and breaks spades
    assert state.spades_broken and state.to_move == "W"
    play(state, "W", "AC")
    for seat, card in [("N", "3H"), ("E", "3D"), ("S", "3C")]:
        play(state, seat, card)
    assert state.to_move == "W"
    play(state, "W", "5S")  # W holds KC too, but spades are broken
    assert state.current_trick()["cards"] == [{"seat": "W", "card": "5S"}]


def test_a_first_bidder_may_bid_blind_nil_on_a_hand_state():
    state = HandState(STANDARD, "W", straight_hands())
    state.apply("N", {"type": "bid", "bid": "blind_nil"})
    state.apply("E", {"type": "bid", "bid": "blind_nil"})
    err = error_of(state, "S", {"type": "bid", "bid": "blind_nil"})
    assert err.code == "bid_not_offered"
    assert state.bids_dict() == {"N": "blind_nil", "E": "blind_nil", "S": None, "W": None}


def test_an_illegal_action_is_a_value_error_with_a_code():
    assert issubclass(IllegalAction, ValueError)
    state = HandState(STANDARD, "W", straight_hands())
    with pytest.raises(ValueError, match="out of turn"):
        state.apply("S", {"type": "bid", "bid": 1})
