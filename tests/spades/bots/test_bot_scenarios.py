"""Concrete hands and tricks, built as seat views, with the choice each bot must make."""

from __future__ import annotations

import random

import pytest

from spades.bots import choose_action, estimate_tricks
from tests.support.bots import bidding_view, cards, make_view

SMART = ["normal", "hard"]


def play(level: str, view: dict, seed: int = 1) -> str:
    action = choose_action(level, view, random.Random(seed))
    assert action in view["legal"]
    return action["card"]


@pytest.mark.parametrize("level", SMART)
def test_a_bot_covers_its_partners_nil_by_winning_above_the_partners_card(level):
    # N bid nil and is stuck on top of the trick with the king of hearts; S holds the ace.
    view = make_view(
        "S",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S KS"),
        bids={"N": "nil", "E": 4, "S": 5, "W": 3},
        dealer="S",
        trick_leader="W",
        trick=["5H", "KH", "3H"],
    )
    assert play(level, view) == "AH"


@pytest.mark.parametrize("level", SMART)
def test_a_bot_plays_high_ahead_of_its_partners_nil(level):
    # S plays before its nil partner N: a high heart lets N drop any heart under it.
    view = make_view(
        "S",
        cards("AH KH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S"),
        bids={"N": "nil", "E": 4, "S": 5, "W": 3},
        dealer="N",
        trick_leader="E",
        trick=["6H"],
    )
    assert play(level, view) in ("AH", "KH")


@pytest.mark.parametrize("level", SMART)
def test_a_bot_does_not_trump_its_partners_winning_ace(level):
    # N leads the ace of clubs and E follows; S has no club left and must not ruff it.
    view = make_view(
        "S",
        cards("AS 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D 6D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="W",
        trick_leader="N",
        trick=["AC", "7C"],
    )
    assert play(level, view)[1] != "S"


@pytest.mark.parametrize("level", SMART)
def test_a_bot_does_not_trump_its_partners_ace_when_last_to_play(level):
    view = make_view(
        "S",
        cards("AS 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D 6D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="S",
        trick_leader="W",
        trick=["4C", "AC", "7C"],
    )
    assert play(level, view)[1] != "S"


# Nine tricks where NS made 6 (7 tricks) and EW made 2 (2 tricks); S still holds KH 3H 4S 5S.
NINE_TRICKS = [
    ("N", ["AC", "2C", "3C", "4C"], "N"),
    ("N", ["KC", "5C", "6C", "7C"], "N"),
    ("N", ["QC", "8C", "9C", "TC"], "N"),
    ("N", ["AD", "2D", "3D", "4D"], "N"),
    ("N", ["KD", "6D", "7D", "8D"], "N"),
    ("N", ["QD", "9D", "TD", "JD"], "N"),
    ("N", ["AH", "2H", "4H", "5H"], "N"),
    ("N", ["JC", "2S", "5D", "3S"], "W"),
    ("W", ["6H", "7H", "QH", "TH"], "E"),
]


@pytest.mark.parametrize("level", SMART)
def test_at_nine_bags_a_bot_takes_no_needless_trick_once_its_contract_is_made(level):
    view = make_view(
        "S",
        cards("KH 3H 4S 5S"),
        bids={"N": 3, "E": 1, "S": 3, "W": 1},
        dealer="W",
        tricks=NINE_TRICKS,
        trick_leader="E",
        trick=["9H"],
        scores={"NS": {"score": 180, "bags": 9}, "EW": {"score": 150, "bags": 2}},
    )
    assert view["tricks_won"] == {"N": 7, "E": 1, "S": 0, "W": 1}
    assert {a["card"] for a in view["legal"]} == {"KH", "3H"}
    assert play(level, view) == "3H"  # the king would win a trick worth a 100-point bag penalty


# The first four tricks of the hand both Easy tests look at (East's 4S broke spades).
FOUR_TRICKS_SPADES_BROKEN = [
    ("E", ["4H", "3H", "JH", "6H"], "W"),
    ("W", ["4D", "2D", "9D", "3D"], "S"),
    ("S", ["5C", "6C", "AC", "7C"], "E"),
    ("E", ["QC", "4S", "8C", "JC"], "W"),
]


def test_easy_plays_its_lowest_legal_card():
    view = make_view(
        "S",
        cards("2S AS 2H 9H 5D KD 3C TC"),
        bids={"N": 3, "E": 3, "S": 2, "W": 3},
        dealer="N",
        tricks=[
            *FOUR_TRICKS_SPADES_BROKEN,
            ("W", ["QH", "KH", "5H", "AH"], "S"),
        ],
    )
    assert {a["card"] for a in view["legal"]} == set(view["hand"])  # S leads, spades broken
    assert play("easy", view) == "2H"  # lowest rank; the two of spades loses the tie


def test_easy_follows_suit_with_its_lowest_card_of_that_suit():
    view = make_view(
        "S",
        cards("2S AS 9H 5H KD 5D 3C TC"),
        bids={"N": 3, "E": 3, "S": 2, "W": 3},
        dealer="N",
        tricks=[
            *FOUR_TRICKS_SPADES_BROKEN,
            ("W", ["QH", "KH", "2H", "AH"], "S"),
        ],
        trick_leader="E",
        trick=[],
    )
    view["trick"] = {"leader": "E", "cards": [{"seat": "E", "card": "7H"}]}
    view["hand_counts"]["E"] -= 1
    view["legal"] = [{"type": "play", "card": c} for c in ("9H", "5H")]
    assert play("easy", view) == "5H"


def test_normal_leads_a_master_when_it_is_safe():
    # The ace of hearts is gone and both opponents followed hearts: the king is a sure winner.
    view = make_view(
        "S",
        cards("KH 7H 9D 6D KC 8C 4C 9S 7S 5S 3S"),
        bids={"N": 4, "E": 2, "S": 4, "W": 2},
        dealer="S",
        tricks=[
            ("W", ["2H", "3H", "AH", "4H"], "E"),
            ("E", ["5D", "AD", "2D", "3D"], "S"),
        ],
    )
    assert play("normal", view) == "KH"


@pytest.mark.parametrize("level", SMART)
def test_a_bot_bids_nil_on_low_cards_in_short_suits(level):
    hand = cards("3S 2S 5H 3H 2H 6D 4D 2D 9C 7C 5C 3C 2C")
    view = bidding_view("S", hand, bids={"E": 3}, dealer="N")
    action = choose_action(level, view, random.Random(3))
    assert action == {"type": "bid", "bid": "nil"}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_never_bids_nil_holding_the_ace_of_spades(level):
    hand = cards("AS 2S 6H 5H 3H 2H 6D 4D 2D 7C 5C 3C 2C")
    view = bidding_view("S", hand, bids={"E": 3}, dealer="N")
    action = choose_action(level, view, random.Random(3))
    assert action["type"] == "bid" and isinstance(action["bid"], int)
    assert estimate_tricks(hand).nil_risk == float("inf")


def test_easy_bids_its_aces_and_kings_and_at_least_one():
    strong = bidding_view("S", cards("AS KS 2S AH KH 3H 4D 5D 6D 7C 8C 9C TC"), bids={})
    weak = bidding_view("S", cards("QS 2S 3S QH JH 3H 4D 5D 6D 7C 8C 9C TC"), bids={})
    assert choose_action("easy", strong, random.Random(0)) == {"type": "bid", "bid": 4}
    assert choose_action("easy", weak, random.Random(0)) == {"type": "bid", "bid": 1}


def test_the_trick_estimate_rises_with_honours_and_spades_and_adds_up():
    weak = estimate_tricks(cards("3S 2S 5H 3H 2H 6D 4D 2D 9C 7C 5C 3C 2C"))
    strong = estimate_tricks(cards("AS KS QS JS 9S AH KH 3H AD 4D 2D 5C 2C"))
    assert weak.total < 1 < 7 < strong.total
    for est in (weak, strong):
        assert abs(est.spades + est.side + est.ruffs - est.total) < 0.02
        assert est.bid == max(0, min(13, int(est.total + 0.5)))
    assert set(strong.to_dict()) == {"spades", "side", "ruffs", "total", "bid", "nil_risk"}


def test_a_void_and_a_long_spade_suit_count_as_tricks():
    flat = estimate_tricks(cards("7S 6S 5S 4S KH 8H 3H 9D 5D 2D 8C 4C 2C"))
    void = estimate_tricks(cards("7S 6S 5S 4S KH 8H 3H 9D 5D 2D 8D 4D 2H"))
    assert void.ruffs > flat.ruffs
    assert flat.spades >= 0.8
