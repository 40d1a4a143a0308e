"""How likely the plays seen are in a sampled deal: policy-based inference for Hard's sampler.

A sampled deal gives every other seat a hand; for each card that seat played this hand, the hand
it held then is known in that deal (its cards now plus the ones it played since). Normal's card
choice (normal.choose_card) is asked what it would have played from that hand, seeing only what
that seat saw then (its hand, the cards played before, the bids and scores): the play seen has
probability ``FOLLOW_ALPHA + (1 - FOLLOW_ALPHA) / n`` when it is Normal's choice and
``(1 - FOLLOW_ALPHA) / n`` otherwise (``n`` legal cards; a mixture, so a player who does not play
as Normal does only makes the weights flatter, never zero). A deal's weight is the product over
the plays (Rebstock, Solinas, Buro and Sturtevant 2019, "Policy-based inference in trick-taking
card games", on Skat).

Normal's choice when following suit depends only on the cards of the led suit held (with the
public facts), so those are cached per play and hand. Leads and discards depend on the whole hand
and are judged only in the last ``WHOLE_HAND_TRICKS`` tricks (none at the tables): among all the
cards of a hand Normal's lead is a guess about a player who may not lead as it does, and a deal
where it would lead another card lost nearly all its weight (a scenario test, a partner's nil
left under an opponent's lead, went wrong with them).
"""

from __future__ import annotations

import copy
import math
from typing import Any

from spades.engine.cards import CODES

from . import normal
from .cards import SPADE, suit
from .knowledge import Knowledge

FOLLOW_ALPHA = 0.6
WHOLE_HAND_TRICKS = 0


class _Play:
    """One card played by another seat, with what that seat knew before playing it."""

    __slots__ = ("base", "card", "following", "later", "led", "seat", "trick_no")

    def __init__(
        self,
        base: Knowledge,
        seat: str,
        card: str,
        led: str | None,
        later: list[str],
        trick_no: int,
    ) -> None:
        self.base = base
        self.seat = seat
        self.card = card
        self.led = led
        self.later = later  # the cards this seat played from this one on, this one included
        self.following = led is not None and suit(card) == led
        self.trick_no = trick_no


class PlayModel:
    """Log-likelihood of the other seats' plays so far, for any deal of the unseen cards."""

    def __init__(self, k: Knowledge, skip: set[str], alpha: float = FOLLOW_ALPHA) -> None:
        self.alpha = alpha  # the weight of Normal's choice in the mixture (module docstring)
        view = k.view
        tricks = list(view.get("tricks") or [])
        current = view.get("trick") or {}
        all_tricks = [*tricks, current] if current.get("cards") else tricks
        seq: list[tuple[int, int, str, str]] = []  # (trick no, position, seat, card)
        for n, t in enumerate(all_tricks):
            for i, p in enumerate(t.get("cards", []) or []):
                seq.append((n, i, p["seat"], p["card"]))
        last_trick = len(all_tricks) - 1
        self.plays: list[_Play] = []
        self.cache: dict[tuple[Any, ...], str] = {}
        won = {s: 0 for s in ("N", "E", "S", "W")}
        for n, t in enumerate(all_tricks):
            cards = t.get("cards", []) or []
            for i, p in enumerate(cards):
                seat, card = p["seat"], p["card"]
                if seat == k.seat or seat in skip:
                    continue
                led = suit(cards[0]["card"]) if i else None
                if not (led is not None and suit(card) == led) and n < last_trick - (
                    WHOLE_HAND_TRICKS - 1
                ):
                    continue  # an old lead or discard: the whole hand, too dear to judge
                later = [c for (m, j, s, c) in seq if s == seat and (m, j) >= (n, i)]
                past = {
                    "seat": seat,
                    "hand": [],
                    "rules": view.get("rules") or {},
                    "bids": view.get("bids") or {},
                    "tricks_won": dict(won),
                    "tricks": tricks[:n],
                    "trick": {"cards": cards[:i], "leader": cards[0]["seat"]},
                    "scores": view.get("scores") or {},
                    "dealer": view.get("dealer"),
                }
                base = Knowledge.from_view(past)
                self.plays.append(_Play(base, seat, card, led, later, n))
            winner = t.get("winner")
            if winner:
                won[winner] += 1

    def log_likelihood(self, deal: dict[str, list[int]]) -> float:
        """Sum over the plays judged of log P(the card played | the hand it held in ``deal``)."""
        total = 0.0
        codes: dict[str, list[str]] = {}
        for p in self.plays:
            held = codes.get(p.seat)
            if held is None:
                held = codes[p.seat] = [CODES[c] for c in deal[p.seat]]
            hand = held + p.later
            if p.following:
                legal = [c for c in hand if suit(c) == p.led]
            elif p.led is not None:
                legal = hand  # void in the led suit: any card
            else:
                legal = _leads(p.base, hand)
                if p.card not in legal:
                    legal = hand  # a variant's leading rule: judge among every card
            n = len(legal)
            if n <= 1:
                continue
            key: tuple[Any, ...] = (id(p), *sorted(legal if p.following else hand))
            pred = self.cache.get(key)
            if pred is None:
                k = copy.copy(p.base)
                k.hand = hand
                k.unseen = p.base.unseen - set(hand)
                pred = self.cache[key] = normal.choose_card(k, legal)
            rest = (1.0 - self.alpha) / n
            total += math.log(self.alpha + rest if pred == p.card else rest)
        return total


def _leads(k: Knowledge, hand: list[str]) -> list[str]:
    """The cards a seat may lead: no spade before spades are broken unless it holds only spades."""
    if k.spades_broken:
        return hand
    side = [c for c in hand if suit(c) != SPADE]
    return side or hand


__all__ = ["FOLLOW_ALPHA", "PlayModel"]
