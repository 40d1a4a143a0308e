"""Normal and Hard bid and play the variants by judging the hand: nil or the spades held in Whiz,
who goes nil in Suicide, the jokers as the two top spades in the Joker variant."""

from __future__ import annotations

import random

import pytest

from spades.bots import choose_action, easy, estimate_tricks, hard, normal
from spades.bots.knowledge import Knowledge
from spades.bots.sampler import DealSampler
from spades.engine import Match, Rules
from spades.engine.cards import CODES
from spades.engine.hand import HandState
from spades.engine.variants import VARIANTS
from tests.support.bots import bidding_view, cards, make_view

SEATS = ("N", "E", "S", "W")
SMART = ("normal", "hard")


def engine_bidding_view(variant: str, seat: str, hand: list[str], bids=()) -> dict:
    """The bidding view of ``seat`` holding ``hand`` after ``bids`` (from North, West dealt),
    with the legal bids the engine offers in ``variant``; the other hands get the rest of the
    variant's deck."""
    rules = Rules(variant=variant)
    rest = [CODES[c] for c in VARIANTS[variant].deck if CODES[c] not in hand]
    hands, i = {}, 0
    for s in SEATS:
        if s == seat:
            hands[s] = hand
        else:
            hands[s], i = rest[i : i + 13], i + 13
    h = HandState(rules, "W", hands)
    for b in bids:
        h.apply(h.to_move, {"type": "bid", "bid": b})
    assert h.to_move == seat
    view = bidding_view(seat, hand, bids=h.bids_dict(), dealer="W")
    view["rules"] = rules.to_dict()
    view["legal"] = h.legal_actions()
    return view


def bid_of(level: str, view: dict):
    action = choose_action(level, view, random.Random(3))
    assert action in view["legal"]
    return action["bid"]


WEAK = cards("3S 4H 7H 2H 9D 5D 3D 6C 8C 4C 5C 6H 7D")
STRONG = cards("AS KS QS JS AH KH 4H AD 5D 3D AC 8C 4C")
JOKERS_AND_AK = cards("BJ LJ AS KS 3S 4H 7H 9D 5D 3D 6C 8C 4C")


# ----- Joker ----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", SMART)
def test_a_joker_hand_with_both_jokers_and_the_ace_king_of_spades_bids_high(level):
    view = engine_bidding_view("joker", "N", JOKERS_AND_AK)
    assert bid_of(level, view) >= 4
    assert bid_of(level, view) > bid_of("easy", view)


def test_in_the_joker_variant_the_ace_of_spades_alone_is_worth_less_than_in_the_standard_deck():
    hand = cards("AS 7S 5S 4H 7H 9D 5D 3D 6C 8C 4C 9H JH")
    standard, joker = estimate_tricks(hand), estimate_tricks(hand, jokers=True)
    assert joker.spades < standard.spades
    # Two jokers can still beat it: nil is risky, no longer impossible.
    assert standard.nil_risk == float("inf") and joker.nil_risk < float("inf")


def joker_trick_view(hand: list[str]) -> dict:
    """South plays last to a spade trick West led with the ace of spades; North-South need
    tricks. Both jokers are still out unless South holds them."""
    view = make_view(
        "S",
        hand,
        bids={"N": 3, "E": 3, "S": 4, "W": 3},
        trick_leader="W",
        trick=cards("AS 5S 7S"),
        spades_broken=True,
        legal=[{"type": "play", "card": c} for c in hand if c[1] in "SJ"],
    )
    view["rules"] = Rules(variant="joker").to_dict()
    return view


def test_normal_takes_the_ace_of_spades_with_the_little_joker():
    # The big joker is still out: ducking would leave the little joker to be caught later.
    view = joker_trick_view(cards("LJ 3S 4H 7H 9D 5D 3D 6C 8C 4C 9H JH QD"))
    assert choose_action("normal", view, random.Random(1)) == {"type": "play", "card": "LJ"}
    # Easy plays its lowest card: Normal no longer hands the jokers over to it.
    assert easy.choose(view, random.Random(1)) == {"type": "play", "card": "3S"}


def test_hard_searches_the_jokers_as_spades_above_the_ace():
    view = joker_trick_view(cards("LJ BJ 3S 4H 7H 9D 5D 3D 6C 8C 4C 9H JH"))
    k = Knowledge.from_view(view)
    # The two jokers touch (nothing between them): one of them stands for both.
    assert hard.candidate_cards(k, ["3S", "LJ", "BJ"]) == ["3S", "LJ"]
    action = choose_action("hard", view, random.Random(1))
    assert action in view["legal"]


def test_a_seat_knows_the_jokers_are_out_and_the_twos_of_clubs_and_diamonds_are_not():
    k = Knowledge.from_view(joker_trick_view(cards("3S 4S 4H 7H 9D 5D 3D 6C 8C 4C 9H JH QH")))
    assert {"LJ", "BJ"} <= k.unseen
    assert not {"2C", "2D"} & k.unseen
    assert not k.is_master("KS")  # the ace is on the table, but two jokers are still out
    assert k.higher_unseen("KS") == 2


def test_hard_samples_deals_of_the_joker_deck():
    view = joker_trick_view(cards("3S 4S 4H 7H 9D 5D 3D 6C 8C 4C 9H JH QH"))
    k = Knowledge.from_view(view)
    sampler = DealSampler(k, Rules(variant="joker"))
    rng = random.Random(5)
    deck = set(VARIANTS["joker"].deck)
    for _ in range(30):
        deal = sampler.sample(rng)
        held = [c for s in deal.values() for c in s]
        assert len(held) == len(set(held)) == 36
        whole = set(held) | {c for s in SEATS for c in sampler.played_by[s]}
        assert whole | set(sampler.my_cards) == deck
        sampler.state(deal)  # the engine accepts the sampled deal as a Joker deal


# ----- Whiz -----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", SMART)
def test_whiz_a_strong_spade_hand_bids_its_spades(level):
    view = engine_bidding_view("whiz", "N", STRONG)
    assert bid_of(level, view) == 4


@pytest.mark.parametrize("level", SMART)
def test_whiz_a_weak_hand_with_one_small_spade_goes_nil(level):
    assert bid_of(level, engine_bidding_view("whiz", "N", WEAK)) == "nil"


def test_whiz_many_small_spades_and_no_side_strength_do_not_make_a_nil():
    hand = cards("6S 5S 4S 3S 2S 8S 7H 9D 5D 3D 6C 8C TC")
    # Six spades bid 6 or nil: six spades can never all be shed, the number is the lesser evil.
    assert bid_of("normal", engine_bidding_view("whiz", "N", hand)) == 6


# ----- Suicide --------------------------------------------------------------------------------
@pytest.mark.parametrize("level", SMART)
def test_suicide_the_first_partner_with_a_weak_hand_goes_nil(level):
    assert bid_of(level, engine_bidding_view("suicide", "N", WEAK)) == "nil"


@pytest.mark.parametrize("level", SMART)
def test_suicide_the_first_partner_with_a_strong_hand_bids_and_leaves_the_nil(level):
    bid = bid_of(level, engine_bidding_view("suicide", "N", STRONG))
    assert isinstance(bid, int) and bid >= 6


@pytest.mark.parametrize("level", SMART)
def test_suicide_after_a_partners_nil_a_weak_hand_still_bids_at_least_four(level):
    view = engine_bidding_view("suicide", "S", WEAK, bids=["nil", 4])
    assert bid_of(level, view) == 4


@pytest.mark.parametrize("level", SMART)
def test_suicide_after_a_partners_number_a_strong_hand_must_go_nil(level):
    view = engine_bidding_view("suicide", "S", STRONG, bids=[5, "nil"])
    assert bid_of(level, view) == "nil"


def test_suicide_an_average_hand_bids_rather_than_risk_a_nil_on_middling_cards():
    hand = cards("KS 8S 4S AH 9H 5H KD 7D 3D QC 9C 6C 2C")
    assert isinstance(bid_of("normal", engine_bidding_view("suicide", "N", hand)), int)


# ----- whole matches --------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ("mirror", "whiz", "suicide", "joker"))
def test_normal_plays_whole_matches_of_each_variant_legally_against_easy(variant):
    for seed in range(2):
        match = Match(Rules(variant=variant, target=200), 40 + seed)
        rngs = {s: random.Random(seed * 10 + i) for i, s in enumerate(SEATS)}
        while not match.is_over:
            seat = match.to_move
            view = match.view(seat)
            bot = normal.choose if seat in "NS" else easy.choose
            action = bot(view, rngs[seat])
            assert action in view["legal"], (variant, seat, action)
            match.apply(seat, action)


@pytest.mark.parametrize("variant", ("whiz", "suicide", "joker"))
def test_hard_plays_a_whole_hand_of_each_variant_legally(variant):
    match = Match(Rules(variant=variant), 7)
    rngs = {s: random.Random(i) for i, s in enumerate(SEATS)}
    while not match.history:
        seat = match.to_move
        view = match.view(seat)
        if seat in "NS":
            action = hard.choose(view, rngs[seat], budget=1500)
        else:
            action = normal.choose(view, rngs[seat])
        assert action in view["legal"], (variant, seat, action)
        match.apply(seat, action)


def test_normal_wins_with_the_cheaper_joker_when_it_holds_both():
    view = joker_trick_view(cards("LJ BJ 3S 4H 7H 9D 5D 3D 6C 8C 4C 9H JH"))
    assert normal.choose(view, random.Random(1)) == {"type": "play", "card": "LJ"}
