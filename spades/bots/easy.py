"""Easy: bids from its aces and kings, plays its lowest legal card.

Bid: one trick per ace and per king held, at least 1 (a hand with none still usually takes one
trick through its spades or a ruff, and a bid of 1 is what a beginner would say). Easy never bids nil
and never bids blind nil: offered blind nil, it looks at its cards.
Play: the lowest legal card, i.e. lowest rank, and on equal ranks a side suit before a spade
(clubs, diamonds, hearts, then spades).
"""

from __future__ import annotations

import random

from spades.engine.actions import Action, bid_number, is_bid, is_look, is_play

from .cards import low_key
from .view import View


def easy_bid(hand: list[str]) -> int:
    honours = sum(1 for c in hand if c[0] in "AK")
    return max(1, honours)


def choose(view: View, rng: random.Random) -> Action | None:
    legal: list[Action] = view.get("legal") or []
    if not legal:
        return None
    plays = [a for a in legal if is_play(a)]
    if plays:
        return min(plays, key=lambda a: low_key(a["card"]))
    bids = [a for a in legal if is_bid(a)]
    if view.get("hand") is None or not bids:
        look = [a for a in legal if is_look(a)]
        if look:
            return look[0]
    wanted = easy_bid(view["hand"] or [])
    numeric = [a for a in bids if isinstance(a.get("bid"), int)]
    if numeric:
        return min(numeric, key=lambda a: abs(bid_number(a) - wanted))
    return bids[0] if bids else legal[0]
