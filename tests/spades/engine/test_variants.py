"""The variants of rules.md ("Variants") and blind nil when behind, on every API of the engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine import BLIND_NIL, NIL, HandState, IllegalAction, Match, Rules, int_to_card
from spades.engine.variants import VARIANTS
from tests.support.engine import cards, suit

RANKS = "23456789TJQKA"
NAMES = list(VARIANTS)
fast = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def is_spade(code: str) -> bool:
    return code[1] in "SJ"


def strength(code: str) -> int:
    """rules.md: Big Joker above Little Joker above the ace of spades."""
    return {"LJ": 13, "BJ": 14}.get(code, RANKS.index(code[0]) if code[0] in RANKS else -1)


def referee_winner(trick: list[str]) -> int:
    spades = [i for i, c in enumerate(trick) if is_spade(c)]
    pool = spades or [i for i, c in enumerate(trick) if c[1] == trick[0][1]]
    return max(pool, key=lambda i: strength(trick[i]))


def referee_offers(variant: str, rules: Rules, spades: int, partner_bid, first: bool) -> set:
    """The bids rules.md offers to a seat that has looked at its cards."""
    if variant == "mirror":
        return {spades or "nil"}
    if variant == "whiz":
        return {spades, "nil"} if spades else {"nil"}
    blind = {"blind_nil"} if rules.blind_nil and first else set()
    if variant == "suicide":
        if partner_bid is None:
            return set(range(4, 14)) | {"nil"} | blind
        return set(range(4, 14)) if partner_bid in ("nil", "blind_nil") else {"nil"}
    offers = set(range(14))
    if partner_bid is None:
        offers |= ({"nil"} if rules.nil else set()) | blind
    return offers


@fast
@given(
    variant=st.sampled_from(NAMES),
    seed=st.integers(0, 10**9),
    nil=st.booleans(),
    blind_nil=st.booleans(),
    pick=st.randoms(use_true_random=False),
)
def test_a_random_hand_of_every_variant_keeps_the_rules(variant, seed, nil, blind_nil, pick):
    rules = Rules(variant=variant, nil=nil, blind_nil=blind_nil)
    match = Match(rules, seed)
    deck = {int_to_card(c) for c in VARIANTS[variant].deck}
    dealt = {
        s: set(match.view(s)["hand"] or match.hand.hand_codes("NESW".index(s))) for s in "NESW"
    }
    assert all(len(h) == 13 for h in dealt.values())
    assert set().union(*dealt.values()) == deck and len(deck) == 52
    while match.hand_number == 1 and not match.is_over:
        seat = match.to_move
        view = match.view(seat)
        action = pick.choice(view["legal"])
        if action["type"] == "bid":
            partner = view["bids"]["NESW"[("NESW".index(seat) + 2) % 4]]
            spades = sum(1 for c in dealt[seat] if is_spade(c))
            first = view["bid_order"].index(seat) < 2
            expected = referee_offers(variant, rules, spades, partner, first)
            offered = {a["bid"] for a in view["legal"] if a["type"] == "bid"}
            if view["hand_hidden"]:  # blind nil or look: only where rules.md offers blind nil
                assert offered == {"blind_nil"} and "blind_nil" in expected
            else:  # seen cards: blind nil is gone (looked) or was never offered
                assert offered == expected - {"blind_nil"}
        match.apply(seat, action)
    entry = match.history[0]
    tricks = match.view(None)["last_trick"]
    assert sum(entry["tricks_won"].values()) == 13
    assert tricks["hand_number"] == 1
    bids = entry["bids"]
    if variant == "suicide":
        for a, b in ("NS", "EW"):
            assert [bids[a], bids[b]].count("nil") + [bids[a], bids[b]].count("blind_nil") == 1
    if variant in ("mirror", "whiz"):
        assert "blind_nil" not in bids.values()


@fast
@given(variant=st.sampled_from(NAMES), seed=st.integers(0, 10**9))
def test_the_fast_api_plays_every_variant_with_every_card_once(variant, seed):
    rng = random.Random(seed)
    v = VARIANTS[variant]
    deal = v.deal(rng)
    state = HandState.from_ints(Rules(variant=variant), seed & 3, deal)
    while state.bidding:
        offers = state.legal_bid_values()
        assert offers and len(set(offers)) == len(offers)
        state.bid_value(rng.choice(offers))
    tricks = []
    while not state.is_complete:
        legal = state.legal_play_ints()
        assert list(legal) == sorted(legal, key=lambda c: (c // 13 if c < 52 else 0, c))
        state.play_int(rng.choice(legal))
        if len(state.plays) % 4 == 0:
            tricks.append([int_to_card(c) for c in state.plays[-4:]])
    assert sorted(state.plays) == sorted(v.deck)
    assert len(tricks) == 13 and sum(state.tricks_won) == 13
    leader = (state.dealer + 1) & 3
    for trick, winner in zip(tricks, state.trick_winners, strict=True):
        assert winner == (leader + referee_winner(trick)) & 3
        leader = winner


JOKER_HANDS = {
    "N": ["BJ", *suit("H")[:12]],
    "E": ["LJ", *suit("D")[1:13]],
    "S": ["AS", *suit("C")[1:13]],
    "W": [*suit("S")[:12], "AH"],
}


def joker_hand(dealer: str) -> HandState:
    state = HandState(Rules(variant="joker"), dealer, JOKER_HANDS)
    for _ in range(4):
        state.apply(state.to_move, {"type": "bid", "bid": 3})
    return state


def play(state: HandState, *steps: str) -> None:
    for step in steps:
        seat, card = step.split(":")
        state.apply(seat, {"type": "play", "card": card})


def test_the_jokers_are_spades_above_the_ace():
    state = joker_hand("W")
    # N leads hearts; E and S are void and trump with the Little Joker and the ace of spades.
    play(state, "N:2H", "E:LJ", "S:AS", "W:AH")
    assert state.trick_winners == [1]
    assert state.spades_broken
    # The Big Joker beats the spade of W.
    play(state, "E:3D", "S:3C", "W:2S", "N:BJ")
    assert state.trick_winners == [1, 0]


def test_a_joker_follows_spades_and_counts_as_a_spade_to_lead():
    state = joker_hand("S")
    with pytest.raises(IllegalAction) as refused:
        play(state, "W:2S")
    assert refused.value.code == "spades_not_broken"
    play(state, "W:AH", "N:2H", "E:LJ", "S:AS", "E:3D", "S:3C", "W:2S", "N:3H")
    assert state.trick_winners == [1, 3]
    play(state, "W:3S")
    with pytest.raises(IllegalAction, match="must follow spades: holds BJ"):
        play(state, "N:4H")
    play(state, "N:BJ")


def test_a_joker_deal_refuses_the_twos_of_clubs_and_diamonds():
    hands = JOKER_HANDS
    with pytest.raises(ValueError, match="2D is not in the deck"):
        HandState(Rules(variant="joker"), "S", {**hands, "E": ["2D", *suit("D")[1:13]]})
    with pytest.raises(ValueError, match="BJ is not in the deck"):
        HandState(Rules(), "S", hands)


def bid_state(variant: str, north: str, **rules) -> HandState:
    """A hand where N holds ``north`` (13 codes) and bids first (dealer W)."""
    held = set(cards(north))
    rest = [c for c in (*suit("S"), *suit("H"), *suit("D"), *suit("C")) if c not in held]
    hands = {"N": cards(north), "E": rest[:13], "S": rest[13:26], "W": rest[26:39]}
    return HandState(Rules(variant=variant, **rules), "W", hands)


NO_SPADES = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
FOUR_SPADES = "2S 3S 4S 5S 6H 7H 8H 9H TH JH QH KH AH"


def test_mirror_forces_the_number_of_spades_and_nil_without_spades():
    assert bid_state("mirror", FOUR_SPADES).legal_bid_values() == (4,)
    assert bid_state("mirror", NO_SPADES).legal_bid_values() == (NIL,)
    state = bid_state("mirror", FOUR_SPADES)
    with pytest.raises(IllegalAction) as refused:
        state.apply("N", {"type": "bid", "bid": 3})
    assert refused.value.code == "bid_not_offered"


def test_whiz_offers_the_number_of_spades_or_nil_whatever_the_nil_option():
    assert bid_state("whiz", FOUR_SPADES, nil=False).legal_bid_values() == (4, NIL)
    assert bid_state("whiz", NO_SPADES).legal_bid_values() == (NIL,)


def test_suicide_gives_each_partnership_exactly_one_nil():
    state = bid_state("suicide", FOUR_SPADES)
    assert state.legal_bid_values() == (*range(4, 14), NIL, BLIND_NIL)
    state.apply("N", {"type": "bid", "bid": "nil"})
    assert state.legal_bid_values() == (*range(4, 14), NIL, BLIND_NIL)  # E: first of EW
    state.apply("E", {"type": "bid", "bid": 5})
    assert state.legal_bid_values() == tuple(range(4, 14))  # S after a nil: at least 4
    with pytest.raises(IllegalAction):
        state.apply("S", {"type": "bid", "bid": "nil"})
    state.apply("S", {"type": "bid", "bid": 4})
    assert state.legal_bid_values() == (NIL,)  # W after a number: plain nil, no blind nil


def test_blind_nil_when_behind_is_offered_only_to_the_partnership_far_enough_behind():
    rules = Rules(blind_nil_min_deficit=100)
    behind = {"NS": {"score": 0, "bags": 0}, "EW": {"score": 100, "bags": 0}}
    state = bid_state("none", FOUR_SPADES, blind_nil_min_deficit=100)
    assert BLIND_NIL not in state.legal_bid_values()
    assert state.blind_ok == (False, False)
    state = HandState(rules, "W", state_hands(state), before=behind)
    assert state.blind_ok == (True, False)
    assert BLIND_NIL in state.legal_bid_values()
    close = {"NS": {"score": 1, "bags": 0}, "EW": {"score": 100, "bags": 0}}
    assert HandState(rules, "W", state_hands(state), before=close).blind_ok == (False, False)


def state_hands(state: HandState) -> dict[str, list[str]]:
    return {s: state.hand_codes(i) for i, s in enumerate("NESW")}


def test_a_hand_without_blind_nil_on_offer_is_dealt_face_up():
    match = Match(Rules(blind_nil_min_deficit=100), 7)
    for seat in "NESW":
        view = match.view(seat)
        assert view["hand_hidden"] is False and view["hand"]
        assert {"type": "look"} not in match.legal_actions(seat)
    standard = Match(Rules(), 7)
    assert sum(standard.view(s)["hand_hidden"] for s in "NESW") == 2


@pytest.mark.parametrize("variant", ["mirror", "whiz"])
def test_mirror_and_whiz_deal_face_up(variant):
    match = Match(Rules(variant=variant), 3)
    assert not any(match.view(s)["hand_hidden"] for s in "NESW")


def test_a_variant_round_trips_through_from_dict_and_repr():
    rules = Rules.from_dict({"variant": "suicide", "blind_nil_min_deficit": 100})
    assert repr(rules) == "Rules(variant='suicide', blind_nil_min_deficit=100)"
    assert eval(repr(rules), {"Rules": Rules}) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    for bad in ({"variant": "jokers"}, {"variant": None}, {"blind_nil_min_deficit": -1}):
        with pytest.raises(ValueError):
            Rules.from_dict(bad)
