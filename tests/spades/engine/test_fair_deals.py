"""Scheme sha256-fy-v1 (shared/spec/fair-deals.md): the spec's test vectors, a referee written
from the spec alone, and the engine's matches dealt from their hands' seeds."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine import SEATS, Match, Rules
from spades.engine.cards import CODES
from spades.engine.shuffle import (
    SCHEME,
    FairDeals,
    commitment,
    context,
    deal,
    new_seed,
    random_stream,
)
from tests.support.engine import play_random_match_steps

ROOT = Path(__file__).resolve().parents[3]
ZERO = "00" * 32
FF = "ff" * 32
#: The spec's vector: seed 0 x 32, table 1, match 1, hand 1, dealer N, standard deck.
VECTOR_COMMITMENT = "cfd7a26b1efd5aab2036a574894853ba349d88d429c5741fe4acf00c3db184b5"
VECTOR = {
    "E": "3S JC 2S JD 4D AS 8H TH 8C 4C 5C 3H 5H",
    "S": "QD 2H JH 5D KH 6S 2D TD KC AC JS 6D 4H",
    "W": "3C 7C KS KD AH 7S QH AD 9H 9C TC 9S 2C",
    "N": "7D QS 3D 5S 6C 6H 4S QC TS 8S 8D 7H 9D",
}
JOKER_N = "2H 6H 7S TC QD 9D JD 8C LJ JC 3H 7C 3D"
fast = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seed_hex = st.binary(min_size=32, max_size=32).map(bytes.hex)


def referee_deal(seed: str, dealer: str, joker: bool = False) -> dict[str, list[str]]:
    """The spec's steps, on card codes, written without the engine."""
    deck = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]
    if joker:
        deck = [c for c in deck if c not in ("2C", "2D")] + ["LJ", "BJ"]

    def integers():
        i = 0
        while True:
            block = hashlib.sha256(bytes.fromhex(seed) + i.to_bytes(4, "big")).digest()
            yield from (int.from_bytes(block[k : k + 4], "big") for k in range(0, 32, 4))
            i += 1

    stream = integers()
    for k in range(len(deck) - 1, 0, -1):
        u = next(stream)
        while u >= 2**32 - (2**32 % (k + 1)):
            u = next(stream)
        j = u % (k + 1)
        deck[k], deck[j] = deck[j], deck[k]
    d = "NESW".index(dealer)
    hands: dict[str, list[str]] = {s: [] for s in "NESW"}
    for i, card in enumerate(deck):
        hands["NESW"[(d + 1 + i) % 4]].append(card)
    return hands


def codes(hands: list[list[int]]) -> dict[str, list[str]]:
    return {seat: [CODES[c] for c in hands[p]] for p, seat in enumerate(SEATS)}


def test_the_spec_vector_gives_its_commitment_and_its_deal_card_by_card():
    assert commitment(context(1, 1, 1), ZERO) == VECTOR_COMMITMENT
    assert codes(deal(ZERO, SEATS.index("N"))) == {s: VECTOR[s].split() for s in SEATS}


def test_the_joker_vector_deals_north_its_thirteen_cards_in_order():
    assert codes(deal(FF, SEATS.index("W"), "joker"))["N"] == JOKER_N.split()


def test_engine_md_prints_the_same_vector_that_the_engine_deals():
    text = (ROOT / "docs" / "engine.md").read_text()
    assert VECTOR_COMMITMENT in text
    for seat, cards in VECTOR.items():
        assert re.search(rf"`{seat}`: {cards}\b", text), seat
    assert JOKER_N in text


def test_the_random_stream_reads_each_block_as_eight_big_endian_integers():
    stream = random_stream(bytes(32))
    first = [next(stream) for _ in range(9)]
    block0 = hashlib.sha256(bytes(32) + b"\0\0\0\0").digest()
    block1 = hashlib.sha256(bytes(32) + b"\0\0\0\1").digest()
    assert first[:8] == [int.from_bytes(block0[k : k + 4], "big") for k in range(0, 32, 4)]
    assert first[8] == int.from_bytes(block1[:4], "big")


@fast
@given(seed=seed_hex, dealer=st.sampled_from(SEATS), variant=st.sampled_from(("none", "joker")))
def test_every_deal_is_a_permutation_of_the_deck_and_the_referees_deal(seed, dealer, variant):
    hands = codes(deal(seed, SEATS.index(dealer), variant))
    assert all(len(cards) == 13 for cards in hands.values())
    dealt = sorted(c for cards in hands.values() for c in cards)
    expected = referee_deal(seed, dealer, variant == "joker")
    assert dealt == sorted(c for cards in expected.values() for c in cards)
    assert len(set(dealt)) == 52
    assert hands == expected


@fast
@given(
    seed=seed_hex, table=st.integers(1, 10**9), match=st.integers(1, 10**9), hand=st.integers(1, 99)
)
def test_a_commitment_is_the_sha256_of_context_bar_seed(seed, table, match, hand):
    text = f"table={table};match={match};hand={hand}"
    assert context(table, match, hand) == text
    assert commitment(text, seed) == hashlib.sha256(f"{text}|{seed}".encode()).hexdigest()


def test_a_new_seed_is_64_lowercase_hex_and_never_the_same_twice():
    seeds = {new_seed() for _ in range(100)}
    assert len(seeds) == 100
    assert all(re.fullmatch(r"[0-9a-f]{64}", s) for s in seeds)


def played_match(seeds: list[str]) -> Match:
    """A match whose hands are dealt from ``seeds``, two hands played at random."""
    match = Match(Rules(target=2000), "42", FairDeals(7, 3, seeds))
    rng = random.Random(5)
    while len(match.history) < 2:
        play_random_match_steps(match, rng, 1)
    return match


def test_a_matchs_hands_are_dealt_from_their_own_seeds_by_the_scheme():
    seeds = [new_seed() for _ in range(4)]
    match = Match(Rules(target=2000), "42", FairDeals(7, 3, seeds))
    rng = random.Random(5)
    for number in (1, 2, 3):
        assert match.hand_number == number
        dealer = (match.first_dealer + number - 1) % 4
        dealt = deal(seeds[number - 1], dealer)
        assert [sorted(match.hand.hand_ints(p)) for p in range(4)] == [sorted(h) for h in dealt]
        while len(match.history) < number:
            play_random_match_steps(match, rng, 1)


def test_the_view_carries_the_commitment_and_the_history_reveals_the_seed():
    seeds = [new_seed() for _ in range(3)]
    match = played_match(seeds)
    for seat in (*SEATS, None):
        view = match.view(seat)
        assert view["shuffle"] == {
            "scheme": SCHEME,
            "context": "table=7;match=3;hand=3",
            "commitment": commitment("table=7;match=3;hand=3", seeds[2]),
        }
        assert seeds[2] not in repr(view)
    first = match.history[0]["shuffle"]
    assert first == {
        "scheme": SCHEME,
        "context": "table=7;match=3;hand=1",
        "seed": seeds[0],
        "commitment": commitment("table=7;match=3;hand=1", seeds[0]),
    }
    assert seeds[2] not in repr(match.history)


def test_a_replay_from_the_same_seeds_and_actions_is_the_same_match():
    seeds = [new_seed() for _ in range(3)]
    match = played_match(seeds)
    again = Match.replay(match.rules, "42", match.actions, FairDeals(7, 3, seeds))
    assert again.history == match.history
    assert again.view("S") == match.view("S")


def test_a_hand_without_a_stored_seed_is_not_dealt_at_random():
    with pytest.raises(LookupError):
        Match(Rules(), "42", FairDeals(7, 3, []))


def test_the_next_hands_seed_comes_from_fresh_when_the_hand_is_dealt():
    drawn = iter([ZERO, FF, ZERO])
    deals = FairDeals(7, 3, [], fresh=lambda: next(drawn))
    match = Match(Rules(target=2000), "42", deals)
    assert deals.seeds == [ZERO]
    rng = random.Random(1)
    while len(match.history) < 1:
        play_random_match_steps(match, rng, 1)
    assert deals.seeds == [ZERO, FF]


def test_a_match_without_fair_deals_is_dealt_from_its_seed_as_before():
    legacy = Match(Rules(), 99)
    assert legacy.view("N")["shuffle"] is None
    rng = random.Random(3)
    while not legacy.history:
        play_random_match_steps(legacy, rng, 1)
    assert "shuffle" not in legacy.history[0]


def test_the_first_dealer_still_comes_from_the_matchs_seed():
    for seed in ("1", "2", "3", "4", "5"):
        fair = Match(Rules(), seed, FairDeals(1, 1, [ZERO]))
        assert fair.first_dealer == Match(Rules(), seed).first_dealer
