"""Hard's bidding: bids tried on sampled deals, each judged by its chance of winning the match.

Normal bids from a trick estimate alone. Hard starts from that bid and also tries one trick less,
one more and nil (when the hand is not hopeless for nil). For each sampled deal consistent with its
hand and the bids already made (sampler.py), the seats still to bid are given the bid their sampled
hand suggests, and the hand is played out once per candidate with the playout policy (rollout.py),
slightly noisy because real play is not the all-seeing play of a playout; a nil's own result is
taken at its estimated chance (odds.nil_chance), not from the playout. Each outcome is scored as
the chance of winning the match from the new scores (odds.win_chance), bag penalties and the soft
cost of bags nearing the limit included: near the target a safe bid that ends the match is worth
more than an overtrick, far behind a nil that may swing the match is worth its risk.

The playouts see every hand, so the side that bids takes more tricks in them than at a real table
(a first version overbid: more sets, fewer bags). Each outcome is therefore scored partly as played
out and partly with one of our tricks given to the opponents (``OPTIMISM``: 0.3 of a trick). A
candidate replaces Normal's bid only when its mean beats it by ``DEVIATE_MARGIN`` (noise). Blind
nil, chosen before the hand is seen, is Normal's match-value rule (normal.wants_blind_nil).
"""

from __future__ import annotations

import random
import time
from typing import cast

from spades.engine.actions import Action, bid_number, is_bid
from spades.engine.cards import CARD_INDEX, CODES, NIL, SEAT_INDEX, SEATS, bid_to_int
from spades.engine.hand import HandState
from spades.engine.rules import Rules
from spades.engine.scoring import team_hand_ints

from . import normal
from .cards import SPADE, has_jokers, suit
from .estimate import estimate_parts, estimate_tricks, ranks_by_suit
from .knowledge import Knowledge
from .odds import nil_chance, win_chance
from .rollout import play_out
from .sampler import DealSampler
from .view import View

PLAYOUT_NOISE = 0.08  # chance of a random card in the bidding playouts
DEVIATE_MARGIN = 0.008  # win chance a candidate must gain over Normal's bid
NIL_MIN_CHANCE = 0.35  # nil is tried only when its estimated chance reaches this
NIL_EXTRA_MARGIN = 0.02  # nil's playouts cover and duck with every hand seen: ask more
OPTIMISM = 0.3  # tricks the playouts give our side beyond real play (scored by mixing)
MAX_SAMPLES = 120
MIN_SAMPLES = 8


def nil_outcomes(tricks: list[int], seat: int) -> tuple[list[int], list[int]]:
    """A played-out hand's tricks with ``seat``'s nil made (its tricks go to its partner) and
    failed (it takes one, from its partner when it can)."""
    made, failed = tricks[:], tricks[:]
    mate = seat ^ 2
    if made[seat]:
        made[mate] += made[seat]
        made[seat] = 0
    if not failed[seat]:
        donor = mate if failed[mate] else max(range(4), key=failed.__getitem__)
        failed[donor] -= 1
        failed[seat] = 1
    return made, failed


class MatchValue:
    """Win chance of one partnership after a played-out hand, from the scores before it."""

    def __init__(
        self, rules: Rules, team: int, score: list[int] | None = None, bags: list[int] | None = None
    ) -> None:
        """``team``: 0 for N/S, 1 for E/W; ``score`` and ``bags``: both partnerships' (N/S
        first), 0 to 0 by default."""
        self.rules = rules
        self.team = team
        self.score = score or [0, 0]
        self.bags = bags or [0, 0]

    @classmethod
    def of(cls, k: Knowledge, rules: Rules) -> MatchValue:
        """The match as ``k``'s seat sees it."""
        team = 0 if k.team == "NS" else 1
        return cls(rules, team, [k.score("NS"), k.score("EW")], [k.bags("NS"), k.bags("EW")])

    def _after(self, t: int, bids: list[int], tricks: list[int]) -> float:
        r = self.rules
        pts: float
        pts, bags = team_hand_ints(r, bids, tricks, t)
        before = self.bags[t]
        if r.bag_limit:
            total = before + bags
            pts -= (total // r.bag_limit - before // r.bag_limit) * r.bag_penalty
            # Bags kept count against us: each is a part of the next penalty.
            pts -= r.bag_penalty * ((total % r.bag_limit) / r.bag_limit) ** 2
            pts += r.bag_penalty * ((before % r.bag_limit) / r.bag_limit) ** 2
        return self.score[t] + pts

    def value(self, bids: list[int], tricks: list[int]) -> float:
        """Win chance after the hand, ``OPTIMISM`` of a trick moved from us to the opponents."""
        plain = self._value(bids, tricks)
        ours = [p for p in range(4) if p & 1 == self.team and tricks[p] > 0 and bids[p] >= 0]
        if not ours or OPTIMISM <= 0:
            return plain
        give = max(ours, key=lambda p: tricks[p])  # never a nil bidder: its result stays
        take = max((p for p in range(4) if p & 1 != self.team), key=lambda p: bids[p])
        moved = tricks[:]
        moved[give] -= 1
        moved[take] += 1
        return (1 - OPTIMISM) * plain + OPTIMISM * self._value(bids, moved)

    def nil_value(self, bids: list[int], tricks: list[int], seat: int, chance: float) -> float:
        """A nil's value: the playout's other tricks, its success at the estimated ``chance``.

        The playout's nil bidder ducks and its partner covers seeing every card, so the nil's
        own result is taken from the chance measured at real tables (odds.nil_chance)."""
        made, failed = nil_outcomes(tricks, seat)
        return chance * self.value(bids, made) + (1 - chance) * self.value(bids, failed)

    def _value(self, bids: list[int], tricks: list[int]) -> float:
        us = self._after(self.team, bids, tricks)
        them = self._after(1 - self.team, bids, tricks)
        return win_chance(us, them, self.rules.target, self.rules.loss_floor)


def guess_bid(cards: list[int], offers: tuple[int, ...] = (), jokers: bool = False) -> int:
    """What a seat still to bid is likely to say, from its sampled hand (Normal's estimate):
    among ``offers`` (the variant's bids for that seat), the number nearest to it."""
    if jokers:
        by = ranks_by_suit([CODES[c] for c in cards], jokers=True)
    else:
        by = {"S": [], "H": [], "D": [], "C": []}
        for c in cards:
            by["SHDC"[c // 13]].append(c % 13)
        for v in by.values():
            v.sort(reverse=True)
    guess = max(0, min(13, int(sum(estimate_parts(by)) - 0.3 + 0.5)))
    numeric = [v for v in offers if v >= 0]
    if not offers or guess in offers:
        return guess
    return min(numeric, key=lambda v: abs(v - guess)) if numeric else offers[0]


def candidates(view: View, legal: list[Action], k: Knowledge) -> tuple[list[int], Action, float]:
    """Int-encoded bids to try, Normal's choice (the default) and the nil's estimated chance."""
    base = normal.choose_bid(view, legal)
    offered = {bid_to_int(a["bid"]) for a in legal if is_bid(a)}
    est = estimate_tricks(k.hand, has_jokers(k.rules))
    if is_bid(base) and isinstance(base.get("bid"), int):
        wanted = bid_number(base)
    else:
        wanted = normal.numeric_bid(est, k)
    out = [b for b in (wanted, wanted - 1, wanted + 1) if b in offered]
    spades = sum(1 for c in k.hand if suit(c) == SPADE)
    chance = nil_chance(est.nil_risk, est.total, spades)
    if NIL in offered and chance >= NIL_MIN_CHANCE:
        out.append(NIL)
    base_int = bid_to_int(base["bid"]) if is_bid(base) else None
    if base_int is not None and base_int not in out:
        out.insert(0, base_int)
    return out, base, chance


Outcome = tuple[list[int], list[int]]  # (bids, tricks won) of a played-out sampled deal


def candidate_means(
    cands: list[int], rows: list[list[Outcome]], seat: int, chance: float, judge: MatchValue
) -> list[float]:
    """Each candidate's mean value over the playout rows (a nil's own result at ``chance``)."""
    totals = [0.0] * len(cands)
    for row in rows:
        for j, (bids, tricks) in enumerate(row):
            if cands[j] == NIL:
                totals[j] += judge.nil_value(bids, tricks, seat, chance)
            else:
                totals[j] += judge.value(bids, tricks)
    n = max(1, len(rows))
    return [t / n for t in totals]


def pick_bid(cands: list[int], base: int | None, means: list[float]) -> int:
    """Normal's bid ``base`` unless another candidate's mean beats it by the margins."""

    def merit(j: int) -> float:
        b = cands[j]
        if b == base:
            return means[j]
        return means[j] - DEVIATE_MARGIN - (NIL_EXTRA_MARGIN if b == NIL else 0.0)

    return cands[max(range(len(cands)), key=merit)]


class Trial:
    """Hard's bid candidates for one decision and the playout outcomes of each on shared deals."""

    def __init__(self, view: View, legal: list[Action], rules: Rules) -> None:
        self.view, self.legal, self.rules = view, legal, rules
        self.k = Knowledge.from_view(view)
        self.cands, self.base, self.chance = candidates(view, legal, self.k)
        self.base_int = bid_to_int(self.base["bid"]) if is_bid(self.base) else None
        #: One row per sampled deal: the outcome of each candidate, in ``cands`` order.
        self.rows: list[list[Outcome]] = []

    def run(self, rng: random.Random, deadline: float, budget: int) -> None:
        """Play every candidate out on sampled deals, at most ``budget`` simulated plays."""
        k, rules, view = self.k, self.rules, self.view
        sampler = DealSampler(k, rules)
        me = SEAT_INDEX[k.seat]
        order = [SEAT_INDEX[s] for s in view["bid_order"]]
        known = {SEAT_INDEX[s]: bid_to_int(b) for s, b in k.bids.items() if b is not None}
        mine = [CARD_INDEX[c] for c in k.hand]
        dealer = SEAT_INDEX[view["dealer"]]
        jokers = has_jokers(k.rules)
        n_max = max(MIN_SAMPLES, min(MAX_SAMPLES, budget // (52 * len(self.cands))))
        for _ in range(n_max):
            deal = sampler.sample(rng)
            hands = [mine if p == me else deal[SEATS[p]] for p in range(4)]
            row: list[Outcome] = []
            for b in self.cands:
                h = HandState.from_ints(rules, dealer, hands)
                for p in order:
                    bid = b if p == me else known.get(p)
                    if bid is None:
                        bid = guess_bid(hands[p], h.legal_bid_values(), jokers)
                    h.bid_value(bid)
                play_out(h, rng, PLAYOUT_NOISE)
                row.append((cast("list[int]", list(h.bids)), list(h.tricks_won)))  # all bid
                if time.perf_counter() > deadline:
                    break
            if len(row) < len(self.cands):
                break
            self.rows.append(row)

    def pick(self, judge: MatchValue) -> int:
        """The chosen candidate (int-encoded): Normal's unless another beats it by the margins."""
        me = SEAT_INDEX[self.k.seat]
        means = candidate_means(self.cands, self.rows, me, self.chance, judge)
        return pick_bid(self.cands, self.base_int, means)

    def action(self, chosen: int) -> Action:
        """The legal bid action for ``chosen`` (Normal's when it is not offered)."""
        for a in self.legal:
            if is_bid(a) and bid_to_int(a["bid"]) == chosen:
                return a
        return self.base


def choose_bid(
    view: View,
    legal: list[Action],
    rng: random.Random,
    deadline: float,
    rules: Rules,
    budget: int = 24000,
) -> Action:
    """Hard's bid (or blind nil / look) for ``view``: at most ``budget`` simulated card plays,
    never past ``deadline`` (a ``time.perf_counter()`` value)."""
    if view.get("hand") is None:
        return normal.choose_bid(view, legal)
    trial = Trial(view, legal, rules)
    if len(trial.cands) < 2 or trial.base_int is None:
        return trial.base
    trial.run(rng, deadline, budget)
    if len(trial.rows) < MIN_SAMPLES:
        return trial.base
    return trial.action(trial.pick(MatchValue.of(trial.k, rules)))


__all__ = ["MatchValue", "Trial", "candidate_means", "choose_bid", "nil_outcomes", "pick_bid"]
