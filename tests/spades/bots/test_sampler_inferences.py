"""What the plays suggest about hidden cards (spades/bots/signals.py): against Normal players,
whose play the signals describe, a signal never points away from a card the seat really holds,
and the sampler still deals every seat exactly its unseen cards."""

from __future__ import annotations

import random

from spades.bots import choose_action
from spades.bots.cards import partner_of
from spades.bots.hard import rules_of
from spades.bots.inferences import play_signals
from spades.bots.knowledge import Knowledge
from spades.bots.sampler import DealSampler
from spades.engine import Match, Rules
from spades.engine.cards import CARD_INDEX


def decisions(matches: int = 2):
    """(view, real hands as ints) at every card decision after the first trick."""
    for m in range(matches):
        match = Match(Rules(), f"signals:{m}")
        rng = random.Random(m)
        while not match.is_over and len(match.history) < 1:
            seat = match.to_move
            view = match.view(seat)
            if view["phase"] == "playing" and view.get("tricks"):
                real = {
                    s: {CARD_INDEX[c] for c in match.hand.hand_codes(i)}
                    for i, s in enumerate("NESW")
                }
                yield view, real
            match.apply(seat, choose_action("normal", view, rng))


def test_a_signal_never_points_away_from_a_card_a_normal_player_holds():
    groups = 0
    for view, real in decisions():
        for seat, signals in play_signals(Knowledge.from_view(view)).items():
            for cards, factor in signals:
                groups += 1
                assert 0 < factor < 1
                assert not cards & real[seat], (seat, sorted(cards), view["tricks"])
    assert groups > 20  # the signals do fire


def test_deals_sampled_with_the_signals_give_each_seat_its_count_of_unseen_cards():
    for view, _real in decisions(1):
        k = Knowledge.from_view(view)
        sampler = DealSampler(k, rules_of(view), use_plays=True)
        deal = sampler.sample(random.Random(0))
        unseen = {CARD_INDEX[c] for c in k.unseen}
        assert sorted(c for cards in deal.values() for c in cards) == sorted(unseen)
        for seat, cards in deal.items():
            assert len(cards) == view["hand_counts"][seat]


def test_a_pinned_partner_gets_its_real_cards_in_every_deal_and_the_others_the_rest():
    """The partnership-knowledge ceiling of the peeking gap (tournament ``hard_lite_partner``)."""
    for view, real in decisions(1):
        k = Knowledge.from_view(view)
        mate = partner_of(k.seat)
        mates_cards = sorted(real[mate])
        pinned = {mate: [c for c in k.unseen if CARD_INDEX[c] in real[mate]]}
        sampler = DealSampler(k, rules_of(view), pinned=pinned)
        rng = random.Random(1)
        for deal in (sampler.sample(rng), sampler._fallback(rng)):
            assert sorted(deal[mate]) == mates_cards
            rest = sorted(c for s, held in deal.items() if s != mate for c in held)
            assert rest == sorted(
                CARD_INDEX[c] for c in k.unseen if CARD_INDEX[c] not in real[mate]
            )
            sampler.state(deal)  # the engine accepts the deal: every hand is whole
