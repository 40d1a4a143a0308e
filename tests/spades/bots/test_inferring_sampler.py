"""Hard's inferring sampler (sampler.py ``infer``, play_model.py): deals drawn in proportion to
how likely the bids and the plays seen are in them, never breaking what is certain."""

from __future__ import annotations

import random

from spades.bots import choose_action
from spades.bots.cards import suit
from spades.bots.hard import rules_of
from spades.bots.knowledge import Knowledge
from spades.bots.sampler import DealSampler
from spades.engine import Match, Rules
from spades.engine.cards import CARD_INDEX, CODES
from tests.support.bots import cards, make_view


def decisions(matches: int = 1, hands: int = 1):
    """(view, real hands as ints) at every card decision after the first trick of Normal
    matches."""
    for m in range(matches):
        match = Match(Rules(), f"inferring:{m}")
        rng = random.Random(m)
        while not match.is_over and len(match.history) < hands:
            seat = match.to_move
            view = match.view(seat)
            if view["phase"] == "playing" and view.get("tricks") and len(view["legal"]) > 1:
                real = {
                    s: {CARD_INDEX[c] for c in match.hand.hand_codes(i)}
                    for i, s in enumerate("NESW")
                }
                yield view, real
            match.apply(seat, choose_action("normal", view, rng))


def test_every_inferred_deal_keeps_the_counts_the_voids_and_the_cards_seen():
    for view, _real in decisions():
        k = Knowledge.from_view(view)
        sampler = DealSampler(k, rules_of(view), infer=True, pool_size=16)
        unseen = sorted(CARD_INDEX[c] for c in k.unseen)
        rng = random.Random(7)
        for _ in range(6):
            deal = sampler.sample(rng)
            assert sorted(c for held in deal.values() for c in held) == unseen
            for seat, held in deal.items():
                assert len(held) == view["hand_counts"][seat]
                void = k.voids[seat]
                assert not [c for c in held if "SHDC"[c // 13] in void], (seat, void)
            sampler.state(deal)  # the engine replays the hand in the sampled world


def test_the_same_seed_draws_the_same_deals():
    for n, (view, _real) in enumerate(decisions()):
        if n % 7:
            continue
        k = Knowledge.from_view(view)
        runs = []
        for _ in range(2):
            sampler = DealSampler(k, rules_of(view), infer=True, pool_size=24)
            rng = random.Random(11)
            runs.append([sampler.sample(rng) for _ in range(8)])
        assert runs[0] == runs[1]


def test_a_bid_of_seven_draws_more_spades_into_the_bidders_hand_than_uniform_deals_do():
    hand = cards("4S 2S AH 9H 7H 3H QD 8D 6D 2D 9C 5C 3C")
    view = make_view("N", hand, bids={"N": 2, "E": 7, "S": 2, "W": 1})
    k = Knowledge.from_view(view)
    rules = rules_of(view)

    def mean_spades(**options) -> float:
        total, n = 0, 0
        for seed in range(12):
            sampler = DealSampler(k, rules, **options)
            rng = random.Random(seed)
            for _ in range(10):
                deal = sampler.sample(rng)
                total += sum(1 for c in deal["E"] if c < 13)
                n += 1
        return total / n

    uniform = mean_spades(use_bids=False)
    inferred = mean_spades(infer=True, pool_size=48)
    assert 3.2 < uniform < 4.2  # 11 spades out among three hands
    assert inferred > uniform + 1.0, (uniform, inferred)


def test_reading_normals_plays_places_more_hidden_cards_right_than_uniform_deals():
    right = {"uniform": 0, "voids_and_bids": 0, "inferred": 0}
    total = 0
    options = {
        "uniform": {"use_bids": False},
        "voids_and_bids": {},
        "inferred": {"infer": True, "pool_size": 32},
    }
    for n, (view, real) in enumerate(decisions()):
        k = Knowledge.from_view(view)
        for name, opts in options.items():
            sampler = DealSampler(k, rules_of(view), **opts)
            rng = random.Random(n)
            for _ in range(6):
                deal = sampler.sample(rng)
                right[name] += sum(1 for s, held in deal.items() for c in held if c in real[s])
                if name == "uniform":
                    total += sum(len(held) for held in deal.values())
    share = {name: r / total for name, r in right.items()}
    assert share["inferred"] > share["voids_and_bids"] + 0.02, share
    assert share["inferred"] > share["uniform"] + 0.04, share


def test_a_seat_void_in_a_suit_is_never_dealt_one_even_when_its_plays_would_favour_it():
    view = make_view(
        "N",
        cards("AS 9S 5S AH 9H 7H QD 8D 6D 2D 9C 5C"),
        bids={"N": 3, "E": 4, "S": 3, "W": 3},
        tricks=[("N", ["3C", "KS", "4C", "2C"], "E")],  # East ruffs: void in clubs
        trick_leader="E",
        trick=[],
    )
    k = Knowledge.from_view(view)
    assert "C" in k.voids["E"]
    sampler = DealSampler(k, rules_of(view), infer=True, pool_size=32)
    rng = random.Random(3)
    for _ in range(40):
        deal = sampler.sample(rng)
        assert not [c for c in deal["E"] if suit(CODES[c]) == "C"]


def test_trusting_normals_play_less_spreads_the_weight_over_more_of_the_same_deals():
    spread = {0.6: 0.0, 0.2: 0.0}
    for n, (view, _real) in enumerate(decisions()):
        if n % 4:
            continue
        k = Knowledge.from_view(view)
        for alpha in spread:
            sampler = DealSampler(k, rules_of(view), infer=True, pool_size=32, follow_alpha=alpha)
            sampler.build_pool(random.Random(n))  # the same seed: the same 32 deals
            spread[alpha] += sampler.effective_size()
    assert spread[0.2] > spread[0.6] * 1.2, spread
