"""The coach: a suggested action for a seat, with the reason behind it, from Normal's reasoning.

``advise(view)`` reads exactly the seat view a player sees (docs/engine.md), never the engine
state, and returns an :class:`Advice`: a legal action plus a stable reason code and its parameters,
for the site to turn into a sentence in the player's language. The action is the one Normal would
take (the same functions decide), so the advice and the bot never disagree.

Reason codes and their parameters (``card`` is a card code such as ``"KH"``; ``seat`` a seat
letter):

=========================== ======================== ==========================================
code                        parameters               meaning
=========================== ======================== ==========================================
``look_at_cards``           --                       blind nil does not pay at this score
``blind_nil_comeback``      --                       far behind: blind nil is the best chance
``bid_nil``                 ``chance`` (percent)     this hand can lose every trick
``bid_tricks``              ``bid``, ``tricks``      bid the tricks the hand should take
``only_card``               ``card``                 the only legal card
``keep_your_nil``           ``card``                 own nil: play under the trick
``cover_partner_nil``       ``card``                 partner bid nil: win above them / lead high
``set_opponent_nil``        ``card``, ``seat``       make that opponent's nil take a trick
``partner_holds_trick``     ``card``                 partner is winning: play low
``card_is_master``          ``card``                 no card still out beats it: cash it
``partner_can_ruff``        ``card``                 partner is void in the suit and can trump
``win_cheaply``             ``card``                 the smallest card that wins the trick
``cannot_win_play_low``     ``card``                 no card wins: keep the good ones
``lead_low``                ``card``                 lead low from a suit with nothing to lose
``set_their_contract``      ``card``                 our contract is made; take tricks to set them
``avoid_bags``              ``card``                 contract made: duck, overtricks are bags
=========================== ======================== ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spades.engine.actions import Action, is_bid, is_look, is_play

from . import normal
from .cards import SPADE, beats, has_jokers, suit
from .estimate import estimate_tricks
from .knowledge import Knowledge
from .odds import nil_chance
from .view import View

REASONS = (
    "look_at_cards",
    "blind_nil_comeback",
    "bid_nil",
    "bid_tricks",
    "only_card",
    "keep_your_nil",
    "cover_partner_nil",
    "set_opponent_nil",
    "partner_holds_trick",
    "card_is_master",
    "partner_can_ruff",
    "win_cheaply",
    "cannot_win_play_low",
    "lead_low",
    "set_their_contract",
    "avoid_bags",
)


@dataclass(frozen=True)
class Advice:
    """A legal action and why: ``code`` is one of ``REASONS``, ``params`` its values."""

    action: Action
    code: str
    params: dict[str, Any] = field(default_factory=dict)


def _bid_advice(view: View, legal: list[Action]) -> Advice:
    action = normal.choose_bid(view, legal)
    if is_look(action):
        return Advice(action, "look_at_cards")
    bid = action.get("bid") if is_bid(action) else None
    if bid == "blind_nil":
        return Advice(action, "blind_nil_comeback")
    hand = view.get("hand") or []
    est = estimate_tricks(hand, has_jokers(view.get("rules")))
    if bid == "nil":
        spades = sum(1 for c in hand if suit(c) == SPADE)
        chance = nil_chance(est.nil_risk, est.total, spades)
        return Advice(action, "bid_nil", {"chance": round(100 * chance)})
    return Advice(action, "bid_tricks", {"bid": bid, "tricks": round(est.total, 1)})


def _play_reason(k: Knowledge, cards: list[str]) -> tuple[str, str, dict[str, Any]]:
    """(card, code, extra params) following Normal's order of concerns."""
    if len(cards) == 1:
        return cards[0], "only_card", {}
    if k.nil_alive(k.seat):
        return normal.nil_play(k, cards), "keep_your_nil", {}
    if k.nil_alive(k.partner):
        c = normal.cover_play(k, cards)
        if c is not None:
            return c, "cover_partner_nil", {}
    if not normal.contract_tight(k):
        for o in k.opponents:
            if k.nil_alive(o):
                c = normal.set_nil_play(k, cards, o)
                if c is not None:
                    return c, "set_opponent_nil", {"seat": o}
                break
    if normal.goal(k) == "win":
        setting = k.need(k.team) <= 0
        if k.trick:
            c = normal.follow_win(k, cards)
            w_seat, w_card = k.trick_winner()
            if w_seat == k.partner and not beats(c, w_card, k.led_suit):
                return c, "partner_holds_trick", {}
            if not beats(c, w_card, k.led_suit):
                return c, "cannot_win_play_low", {}
            if setting:
                return c, "set_their_contract", {}
            if k.is_master(c) and suit(c) == k.led_suit:
                return c, "card_is_master", {}
            return c, "win_cheaply", {}
        c = normal.lead_win(k, cards)
        if k.is_master(c):
            return c, "card_is_master", {}
        if setting:
            return c, "set_their_contract", {}
        if suit(c) in k.voids[k.partner] and suit(c) != SPADE:
            return c, "partner_can_ruff", {}
        return c, "lead_low", {}
    c = normal.follow_lose(k, cards) if k.trick else normal.lead_lose(k, cards)
    return c, "avoid_bags", {}


def advise(view: View) -> Advice | None:
    """The coach's suggestion for the seat of ``view``, or None when it has nothing to do."""
    legal: list[Action] = view.get("legal") or []
    if not legal or view.get("seat") is None or view.get("to_move") != view.get("seat"):
        return None
    plays = [a["card"] for a in legal if is_play(a)]
    if not plays:
        advice = _bid_advice(view, legal)
        if advice.action not in legal:  # defensive: a variant's bids Normal did not foresee
            first = legal[0]
            if is_look(first):
                return Advice(first, "look_at_cards")
            bid = first.get("bid") if is_bid(first) else None
            return Advice(first, "bid_tricks", {"bid": bid, "tricks": 0.0})
        return advice
    k = Knowledge.from_view(view)
    card, code, extra = _play_reason(k, plays)
    if card not in plays:  # defensive: never suggest an illegal card
        card, code, extra = min(plays), "only_card", {}
    return Advice({"type": "play", "card": card}, code, {"card": card, **extra})


__all__ = ["REASONS", "Advice", "advise"]
