"""Deals consistent with what one seat knows, for the Hard bot's determinized search.

A sampled deal gives every other seat exactly as many unseen cards as it holds, never a card of a
suit it has shown void in, and is accepted with a probability that favours hands matching the bids
made (a nil bidder rarely holds big cards; a numeric bid is near the bidder's trick estimate)
and, with ``use_plays``, with what the plays suggest (inferences.py).

With ``infer`` (the tables' Hard), deals are drawn by policy-based inference as well: a pool of
deals is drawn as above (voids, cards seen, hand sizes, the bids' weight), each weighed by how
likely the other seats' plays so far are in it under Normal's card choice (play_model.py), and
every sample is drawn from the pool in proportion to that weight (sampling-importance-resampling;
the first draws without replacement, so no search sample is spent on a deal twice).
The deal is then turned into an engine ``HandState`` by replaying the hand's bids and plays, so the
search runs on the engine's own fast API.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from typing import cast

from spades.engine.cards import CARD_INDEX, CODES, LITTLE_JOKER, SEAT_INDEX, SEATS, bid_to_int
from spades.engine.hand import HandState
from spades.engine.rules import Rules
from spades.engine.variants import VARIANTS

from .cards import suit as suit_of
from .estimate import estimate_parts, nil_risk_ranks, ranks_by_suit
from .inferences import play_signals
from .knowledge import NIL_BIDS, Knowledge
from .play_model import FOLLOW_ALPHA, PlayModel

SUIT_INT = {"S": 0, "H": 1, "D": 2, "C": 3}
BID_SIGMA = 1.6
POOL_SIZE = 64  # deals weighed per decision by the inferring sampler


class DealSampler:
    """Samples the other seats' unplayed cards for one decision of ``k.seat``.

    ``pinned`` (benchmark only: a seat shown some hands it could not see at a table) maps seats
    to their real unplayed cards: those seats get them in every deal, the others share the rest."""

    def __init__(
        self,
        k: Knowledge,
        rules: Rules,
        use_bids: bool = True,
        use_plays: bool = True,
        pinned: dict[str, list[str]] | None = None,
        infer: bool = False,
        pool_size: int = POOL_SIZE,
        deadline: float | None = None,
        follow_alpha: float = FOLLOW_ALPHA,
    ) -> None:
        self.k = k
        self.pinned = {s: [CARD_INDEX[c] for c in cards] for s, cards in (pinned or {}).items()}
        self.rules = rules
        self.me = k.seat
        self.others = [s for s in SEATS if s != k.seat and s not in self.pinned]
        counts = k.view.get("hand_counts") or {}
        self.capacity = {s: int(counts.get(s, 0)) for s in self.others}
        # Cards of each suit still out, as ints, and which seats may hold that suit.
        self.by_suit: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
        pinned_cards = {c for cards in self.pinned.values() for c in cards}
        for c in k.unseen:
            if CARD_INDEX[c] in pinned_cards:
                continue
            self.by_suit[SUIT_INT[suit_of(c)]].append(CARD_INDEX[c])
        for cards in self.by_suit.values():
            cards.sort()
        self.eligible = {
            s: [o for o in self.others if "SHDC"[s] not in k.voids[o]] for s in range(4)
        }
        # Suits with the fewest possible holders are placed first.
        self.suit_order = sorted(
            (s for s in range(4) if self.by_suit[s]), key=lambda s: len(self.eligible[s])
        )
        self.played_by: dict[str, list[int]] = {s: [] for s in SEATS}
        self.sequence: list[int] = []
        for t in [*(k.view.get("tricks") or []), k.view.get("trick") or {}]:
            for p in t.get("cards", []) or []:
                card = CARD_INDEX[p["card"]]
                self.played_by[p["seat"]].append(card)
                self.sequence.append(card)
        self.my_cards = [CARD_INDEX[c] for c in k.hand]
        self.dealer = SEAT_INDEX[k.view["dealer"]]
        # None for a seat still to bid (Hard's bidding samples deals before every seat has bid).
        self.bid_ints: list[tuple[int, int | None]] = [
            (SEAT_INDEX[s], None if (b := k.bids[s]) is None else bid_to_int(b))
            for s in k.view["bid_order"]
        ]
        self.use_bids = use_bids and any(b is not None for b in k.bids.values())
        # What the plays suggest (inferences.py): groups of cards a seat hardly holds.
        self.signals = play_signals(k) if use_plays and not infer else {}
        #: Policy-based inference: the plays' likelihood model and the weighted pool, built lazily.
        model = PlayModel(k, set(self.pinned), follow_alpha) if infer else None
        self.model = model if model is not None and model.plays else None  # nothing to read yet
        self.pool_size = pool_size
        self.deadline = deadline
        self.pool: list[dict[str, list[int]]] | None = None
        self.cum_weights: list[float] = []
        self.order: list[int] = []
        self.attempts = 0
        #: Jokers in play (Joker variant): hands are read through the estimate's joker ranks.
        self.jokers = LITTLE_JOKER in VARIANTS[rules.variant].deck_set

    # ----- dealing ---------------------------------------------------------------------------
    def _assign(self, rng: random.Random) -> dict[str, list[int]] | None:
        left = dict(self.capacity)
        out: dict[str, list[int]] = {s: [] for s in self.others}
        rnd = rng.random
        free: list[int] = []  # cards of suits any other seat may hold: dealt last, by slicing
        for suit in self.suit_order:
            seats = self.eligible[suit]
            if len(seats) == len(self.others):
                free.extend(self.by_suit[suit])
                continue
            cards = self.by_suit[suit][:]
            rng.shuffle(cards)
            for c in cards:
                total = 0
                for s in seats:
                    total += left[s]
                if total <= 0:
                    return None
                x = rnd() * total
                chosen = seats[-1]
                for s in seats:
                    x -= left[s]
                    if x < 0:
                        chosen = s
                        break
                if left[chosen] <= 0:
                    chosen = next(o for o in seats if left[o] > 0)
                out[chosen].append(c)
                left[chosen] -= 1
        rng.shuffle(free)
        i = 0
        for s in self.others:
            n = left[s]
            if n < 0:
                return None
            out[s].extend(free[i : i + n])
            i += n
        if i != len(free):
            return None
        for s, cards in self.pinned.items():
            out[s] = list(cards)
        return out

    def _ranks(self, cards: list[int]) -> dict[str, list[int]]:
        """Suit letter -> ranks (descending) of a seat's whole hand, as the estimate reads them."""
        if self.jokers:
            return ranks_by_suit([CODES[c] for c in cards], jokers=True)
        by: dict[str, list[int]] = {"S": [], "H": [], "D": [], "C": []}
        for c in cards:
            by["SHDC"[c // 13]].append(c % 13)
        for v in by.values():
            v.sort(reverse=True)
        return by

    def _weight(self, deal: dict[str, list[int]]) -> float:
        w = 1.0
        for s, groups in self.signals.items():
            held = deal[s]
            for cards, factor in groups:
                for c in held:
                    if c in cards:
                        w *= factor
        if not self.use_bids:
            return w
        for s in self.others:
            bid = self.k.bids.get(s)
            if bid == "blind_nil" or bid is None:
                continue
            by = self._ranks(deal[s] + self.played_by[s])
            if bid in NIL_BIDS:
                risk = nil_risk_ranks(by)
                if math.isinf(risk):
                    return 0.0
                excess = max(0.0, risk - 1.2)
                w *= math.exp(-0.5 * excess * excess)
            else:
                z = (sum(estimate_parts(by)) - cast(int, bid)) / BID_SIGMA  # a numeric bid
                w *= math.exp(-0.5 * z * z)
        return w

    def build_pool(self, rng: random.Random) -> None:
        """Draw ``pool_size`` deals as the sampler without inference does (voids, cards seen,
        the bids' weight) and weigh each by the plays' likelihood (log-space, normalised to the
        best). Stops early at ``deadline`` (a ``time.perf_counter()`` value) with the deals
        weighed so far."""
        model = self.model
        assert model is not None
        deals: list[dict[str, list[int]]] = []
        logs: list[float] = []
        for _ in range(self.pool_size):
            deal = self._draw(rng)
            deals.append(deal)
            logs.append(model.log_likelihood(deal))
            if self.deadline is not None and time.perf_counter() > self.deadline:
                break
        self.pool = deals
        top = max(logs)
        weights = [math.exp(lw - top) for lw in logs]
        self.cum_weights = list(itertools.accumulate(weights))
        # The first draws are distinct deals in a weighted order without replacement
        # (Efraimidis-Spirakis keys u ** (1 / w)): a search of fewer samples than the pool holds
        # spends none on a deal twice. Once they are all drawn, draws are with replacement.
        keys = [rng.random() ** (1.0 / w) if w > 1e-300 else 0.0 for w in weights]
        self.order = sorted(range(len(deals)), key=lambda i: -keys[i])

    def effective_size(self) -> float:
        """Kish's effective number of deals in the weighted pool (1: one deal carries it all)."""
        if not self.pool:
            return 0.0
        ws = [b - a for a, b in itertools.pairwise([0.0, *self.cum_weights])]
        return sum(ws) ** 2 / sum(w * w for w in ws)

    def sample(self, rng: random.Random, max_tries: int = 24) -> dict[str, list[int]]:
        """One deal of the unseen cards (seat -> card ints), void-consistent, bid-weighted
        (and, with ``infer``, drawn from the pool weighted by the plays' likelihood too)."""
        if self.model is not None:
            if self.pool is None:
                self.build_pool(rng)
            if self.pool:
                if self.order:
                    return self.pool[self.order.pop(0)]
                return rng.choices(self.pool, cum_weights=self.cum_weights)[0]
        return self._draw(rng, max_tries)

    def _draw(self, rng: random.Random, max_tries: int = 24) -> dict[str, list[int]]:
        """A deal under the hard constraints, accepted in proportion to the bids' weight (and
        the plays' signals, with ``use_plays``)."""
        best, best_w = None, -1.0
        for _ in range(max_tries):
            self.attempts += 1
            deal = self._assign(rng)
            if deal is None:
                continue
            if not self.use_bids and not self.signals:
                return deal
            w = self._weight(deal)
            if rng.random() < w:
                return deal
            if w > best_w:
                best, best_w = deal, w
        if best is not None:
            return best
        return self._fallback(rng)

    def _fallback(self, rng: random.Random) -> dict[str, list[int]]:
        """Ignore voids (never expected: the voids always admit a deal of the real cards)."""
        cards = [c for s in range(4) for c in self.by_suit[s]]
        rng.shuffle(cards)
        out, i = {}, 0
        for s in self.others:
            out[s] = cards[i : i + self.capacity[s]]
            i += self.capacity[s]
        for s, held in self.pinned.items():
            out[s] = list(held)
        return out

    # ----- engine state ----------------------------------------------------------------------
    def state(self, deal: dict[str, list[int]]) -> HandState:
        """The hand as it stands now in the sampled world, rebuilt with the engine's fast API."""
        hands = []
        for s in SEATS:
            held = self.my_cards if s == self.me else deal[s]
            hands.append(list(held) + self.played_by[s])
        h = HandState.from_ints(self.rules, self.dealer, hands)
        for _, b in self.bid_ints:
            h.bid_value(cast(int, b))  # every seat has bid once cards are played
        for c in self.sequence:
            h.play_int(c)
        return h

    def oracle_deal(self, hands: dict[str, list[str]]) -> dict[str, list[int]]:
        return {s: [CARD_INDEX[c] for c in hands[s]] for s in self.others}
