"""Hard: Normal's judgement plus card tracking and determinized Monte Carlo search.

For a card to play, Hard samples deals consistent with its seat's knowledge (its hand, the cards
played, voids shown, bids; see sampler.py), and for each sample plays every candidate card followed
by a Normal-like playout of the rest of the hand on the engine's fast API (rollout.py). Each
playout is scored with the real hand scoring, bags included (a convex cost as the bag count nears
the penalty) and a bonus when the hand ends the match, as the difference between the two
partnerships. Normal's own card is played unless another candidate beats it by more than two
standard errors of their paired difference over the same deals (``GATE``; the best mean then
wins): at the search's small sample counts the best mean alone is often a lucky draw (measured:
bench/README.md, "A Hard that keeps Normal's card"). The deals
are read from the table by policy-based inference: a pool drawn from voids, cards seen and bids is
weighed by how likely Normal's card choice makes the other seats' plays so far in each deal
(sampler.py ``infer``, play_model.py); ``infer=False`` is Hard before it (hard_classic.py).

The work per decision is bounded by a count of simulated plays, so on an idle machine a decision is
deterministic for a given rng. It is also bounded by a wall-clock budget (``TIME_BUDGET_S``, from
the moment the decision starts) that is a deadline, not a hint: the clock is read after every
playout (a millisecond or two of work), a sample cut short is dropped, and when not even one sample
fits, Normal's choice is played. So a loaded machine makes Hard a little weaker, never late.

Bidding (hard_bid.py) tries Normal's bid, one less, one more and nil on sampled deals played out,
and keeps the one with the best chance of winning the match; ``choose_normal_bidding`` is Hard with
Normal's bids (the benchmark's baseline).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from functools import lru_cache
from typing import Any, cast

from spades.engine.actions import Action, is_play
from spades.engine.cards import CARD_INDEX
from spades.engine.hand import HandState
from spades.engine.rules import Rules
from spades.engine.scoring import team_hand_ints

from . import hard_bid, ismcts, normal
from .cards import beats, deck_of, rank, suit
from .knowledge import Knowledge
from .play_model import FOLLOW_ALPHA
from .quality import bags_to_duck, is_sure
from .rollout import play_out
from .sampler import POOL_SIZE, DealSampler
from .view import View

WORK_BUDGET = 24000  # simulated card plays per decision (about 0.1 s on an idle core)
MIN_SAMPLES = 12
MAX_SAMPLES = 160
TIME_BUDGET_S = 0.2  # wall-clock deadline of one decision, from its start
MATCH_END_BONUS = 300.0
NORMAL_TIE_BONUS = 0.5
GATE = 2.0  # standard errors of the paired gain another card needs over Normal's to be played
POOL_SHARE = 0.3  # at most this share of the time left goes to weighing the pool of deals


@lru_cache(maxsize=32)
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules.from_dict(dict(items))


def rules_of(view: View) -> Rules:
    return _rules(tuple(sorted((view.get("rules") or {}).items())))


def candidate_cards(k: Knowledge, cards: list[str]) -> list[str]:
    """Legal cards minus equivalents: touching cards (nothing still out between them) of one suit
    play the same, so only the lowest of each run is searched. Cards on the table in the current
    trick separate runs."""
    gone = k.played - {c for _, c in k.trick}
    deck = deck_of(k.rules)
    by_suit: dict[str, list[str]] = {}
    for c in cards:
        by_suit.setdefault(suit(c), []).append(c)
    out = []
    for s, group in by_suit.items():
        group.sort(key=rank)
        out.append(group[0])
        for lo, hi in itertools.pairwise(group):
            r0, r1 = rank(lo), rank(hi)
            between = [b for b in deck if suit(b) == s and r0 < rank(b) < r1]
            if not all(b in gone or b in k.hand for b in between):
                out.append(hi)
    return out


def keep_partners_trick(k: Knowledge, cands: list[str]) -> list[str]:
    """Never search a card above a partner who holds the trick with a sure card (unless the
    partner's nil needs covering, or every card goes above). The all-seeing playouts found such
    overtakes harmless about 7 times per 100 hands; at a table they waste a trick and a partner's
    trust."""
    if not k.trick or k.nil_alive(k.partner):
        return cands
    w_seat, w_card = k.trick_winner()
    if w_seat != k.partner or not is_sure(k, w_card):
        return cands
    return _stay_under(k, cands, w_card)


def duck_own_nil(k: Knowledge, cands: list[str]) -> list[str]:
    """While our own nil is alive, never search a card above the trick's winning card when one
    stays under it. The playouts see who holds the cards above and let a later seat overtake a
    nil, so they rate "getting rid of a high card" far safer than it is at a table, where the
    opponents keep their high cards to break the nil."""
    if not k.trick or not k.nil_alive(k.seat):
        return cands
    return _stay_under(k, cands, k.trick_winner()[1])


def cover_partner_nil(k: Knowledge, cands: list[str]) -> list[str]:
    """While the partner's nil is alive and the partner holds the trick, search only the cards
    that go above it when there are any: left on top, the partner's nil is lost for sure if no
    later seat overtakes, and the playouts, seeing every hand, count on that later seat too often."""
    if not k.trick or not k.nil_alive(k.partner):
        return cands
    w_seat, w_card = k.trick_winner()
    if w_seat != k.partner:
        return cands
    above = [c for c in cands if beats(c, w_card, k.led_suit)]
    return above or cands


def duck_bags(k: Knowledge, cands: list[str]) -> list[str]:
    """Our contract made and our bags near the limit, no nil alive and no set in reach
    (quality.bags_to_duck): search only the cards under the trick's winner when there are any.
    The playouts' soft bag cost leaves a bag-taking card close enough to win on noise."""
    if not k.trick or not bags_to_duck(k):
        return cands
    return _stay_under(k, cands, k.trick_winner()[1])


def partnership_filters(k: Knowledge, cands: list[str]) -> list[str]:
    """The candidates left by the partnership rules of issue 30 (each a test of
    tests/spades/bots/test_partnership_play.py, each a counter of quality.py)."""
    cands = keep_partners_trick(k, cands)
    cands = duck_own_nil(k, cands)
    cands = cover_partner_nil(k, cands)
    return duck_bags(k, cands)


def _stay_under(k: Knowledge, cands: list[str], w_card: str) -> list[str]:
    """The candidates that do not beat ``w_card``, or all of them when every one does."""
    under = [c for c in cands if not beats(c, w_card, k.led_suit)]
    return under or cands


class Evaluator:
    """Scores a finished playout for one team: our hand points minus theirs, bags and match end."""

    def __init__(self, k: Knowledge, rules: Rules) -> None:
        self.rules = rules
        self.team = 0 if k.team == "NS" else 1
        self.score = [k.score("NS"), k.score("EW")]
        self.bags = [k.bags("NS"), k.bags("EW")]

    def _bag_cost(self, before: int, added: int) -> tuple[int, float]:
        limit, penalty = self.rules.bag_limit, self.rules.bag_penalty
        if not limit:
            return 0, 0.0
        total = before + added
        cycles = total // limit - before // limit
        rem, rem0 = total % limit, before % limit
        soft = penalty * ((rem / limit) ** 2 - (rem0 / limit) ** 2)
        return cycles * penalty, soft

    def value(self, bids: list[int], tricks: list[int]) -> float:
        r = self.rules
        pts = [0, 0]
        soft = [0.0, 0.0]
        for t in (0, 1):
            p, bags = team_hand_ints(r, bids, tricks, t)
            hard_cost, soft_cost = self._bag_cost(self.bags[t], bags)
            pts[t] = p - hard_cost
            soft[t] = soft_cost
        us, them = self.team, 1 - self.team
        v = (pts[us] - soft[us]) - (pts[them] - soft[them])
        new_us, new_them = self.score[us] + pts[us], self.score[them] + pts[them]
        ended = max(new_us, new_them) >= r.target or (
            r.loss_floor is not None and min(new_us, new_them) <= r.loss_floor
        )
        if ended and new_us != new_them:
            v += MATCH_END_BONUS if new_us > new_them else -MATCH_END_BONUS
        return v


def search_play(
    k: Knowledge,
    cards: list[str],
    rng: random.Random,
    oracle_hands: dict[str, list[str]] | None = None,
    budget: int = WORK_BUDGET,
    noise: float = 0.0,
    deadline: float | None = None,
    signals: bool = False,
    pinned: dict[str, list[str]] | None = None,
    infer: bool = True,
    pool_size: int = POOL_SIZE,
    tree: bool = False,
    gate: float = GATE,
    follow_alpha: float = FOLLOW_ALPHA,
) -> str:
    """The card with the best mean playout value over sampled deals.

    ``oracle_hands`` (benchmark only): every sample is the real deal; ``noise`` then makes the
    playouts of that one deal differ (see ``rollout.play_out``). ``deadline``: a
    ``time.perf_counter()`` value the search never runs past (by more than one playout).
    ``signals=True`` (with ``infer=False``) also weighs what the plays suggest (inferences.py;
    measured, not better: bench/README.md). ``pinned`` (benchmark only): seat -> its real
    unplayed cards, dealt to it in every sample. ``infer`` (the default) draws the deals by
    policy-based inference (sampler.py, play_model.py); ``infer=False`` is Hard before it,
    sampling from voids and bids only (``hard_classic``, the benchmark's baseline). ``tree``
    searches by information-set Monte Carlo tree search instead (ismcts.py), on the same deals,
    budget and deadline. ``gate`` keeps Normal's card unless another beats it by that many
    standard errors of the paired differences over the same deals (0: the best mean, as Hard
    played before; never with ``oracle_hands``)."""
    now = time.perf_counter()
    if deadline is None:
        deadline = now + TIME_BUDGET_S
    fallback = normal.choose_card(k, cards)
    cands = partnership_filters(k, candidate_cards(k, cards))
    if len(cands) == 1:
        return cands[0]
    rules = rules_of(k.view)
    sampler = DealSampler(
        k,
        rules,
        use_plays=signals,
        pinned=pinned,
        infer=infer and not oracle_hands,
        pool_size=pool_size,
        deadline=now + POOL_SHARE * (deadline - now),
        follow_alpha=follow_alpha,
    )
    evaluator = Evaluator(k, rules)
    cand_ints = [CARD_INDEX[c] for c in cands]
    plays_left = sum((k.view.get("hand_counts") or {}).values()) or 4 * k.tricks_left
    per_sample = len(cands) * plays_left
    if tree:
        return _tree_search(
            k, cands, fallback, sampler, evaluator, rng, plays_left, budget, deadline
        )
    n_fit = budget // per_sample
    n_min = min(MIN_SAMPLES, max(4, n_fit))  # a small budget (tests) may sample fewer deals
    n_max = max(n_min, min(MAX_SAMPLES, n_fit))
    if oracle_hands and noise <= 0:
        n_max = 1  # deterministic playouts of the one real deal: a single pass says it all
    totals: list[list[float]] = [[] for _ in cands]
    for i in range(n_max):
        deal = sampler.oracle_deal(oracle_hands) if oracle_hands else sampler.sample(rng)
        base = sampler.state(deal)
        row = []
        for c in cand_ints:
            s = base.copy()
            s.play_int(c)
            play_out(s, rng, noise)
            row.append(evaluator.value(cast("list[int]", s.bids), s.tricks_won))  # all bid
            if time.perf_counter() > deadline:
                break  # out of time: drop this partial sample and stop
        else:
            for j, v in enumerate(row):
                totals[j].append(v)
        if len(row) < len(cand_ints):
            break
        n = i + 1
        if n >= n_min and n % 6 == 0 and _separated(totals):
            break
        if time.perf_counter() > deadline:
            break
    fav = _find_rep(fallback, cands)
    if not totals[0]:
        return fallback  # not one whole sample in time: Normal's card
    means = [sum(v) / len(v) for v in totals]
    if gate > 0 and fav in cands and not oracle_hands:
        return cands[_gated(totals, means, cands.index(fav), gate)]
    best = max(
        range(len(cands)), key=lambda j: means[j] + (NORMAL_TIE_BONUS if cands[j] == fav else 0)
    )
    return cands[best]


def _tree_search(
    k: Knowledge,
    cands: list[str],
    fallback: str,
    sampler: DealSampler,
    evaluator: Evaluator,
    rng: random.Random,
    plays_left: int,
    budget: int,
    deadline: float,
) -> str:
    """``search_play`` by information-set MCTS: the root's most visited candidate."""

    def deal_state() -> HandState:
        return sampler.state(sampler.sample(rng))

    def value(s: HandState) -> float:
        return evaluator.value(cast("list[int]", s.bids), s.tricks_won)  # all bid

    by_int = {CARD_INDEX[c]: c for c in cands}
    stats = ismcts.search(
        list(by_int), deal_state, value, evaluator.team, rng, plays_left, budget, deadline
    )
    if not stats:
        return fallback  # not one playout in time: Normal's card
    return by_int[ismcts.pick(stats, CARD_INDEX[_find_rep(fallback, cands)])]


def _gated(totals: list[list[float]], means: list[float], fav: int, gate: float) -> int:
    """The best candidate among Normal's card and those whose paired gain over it is above
    ``gate`` standard errors (over the same deals); Normal's card when none is."""
    n = len(totals[0])
    best, best_m = fav, means[fav]
    for j in range(len(totals)):
        if j == fav or means[j] <= best_m:
            continue
        d = [x - y for x, y in zip(totals[j], totals[fav], strict=True)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
        if m > 0 and m > gate * math.sqrt(var / n):
            best, best_m = j, means[j]
    return best


def _find_rep(card: str, cands: list[str]) -> str:
    """The searched card standing for ``card`` (the lowest of its run)."""
    same = [c for c in cands if suit(c) == suit(card) and rank(c) <= rank(card)]
    if not same:
        return card
    return max(same, key=rank)


def _separated(totals: list[list[float]]) -> bool:
    """True when the leader beats every other candidate by about three standard errors."""
    n = len(totals[0])
    means = [sum(v) / n for v in totals]
    b = max(range(len(totals)), key=means.__getitem__)
    for j in range(len(totals)):
        if j == b:
            continue
        d = [x - y for x, y in zip(totals[b], totals[j], strict=True)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        if var == 0:
            if m <= 0:
                return False
            continue
        if m / math.sqrt(var / n) < 3.0:
            return False
    return True


def choose(
    view: View,
    rng: random.Random,
    oracle_hands: dict[str, list[str]] | None = None,
    budget: int = WORK_BUDGET,
    noise: float = 0.0,
    time_budget: float = TIME_BUDGET_S,
    own_bidding: bool = True,
    bid_budget: int | None = None,
    signals: bool = False,
    pinned: dict[str, list[str]] | None = None,
    infer: bool = True,
    pool_size: int = POOL_SIZE,
    tree: bool = False,
    gate: float = GATE,
    follow_alpha: float = FOLLOW_ALPHA,
) -> Action | None:
    """Hard's action. ``oracle_hands`` (benchmark only) replaces sampling by the real deal;
    ``budget`` bounds the simulated card plays of one decision; ``noise`` is the playouts'
    chance of a random card (0 for the real Hard); ``time_budget`` is the decision's wall-clock
    deadline in seconds; ``own_bidding=False`` bids as Normal does (benchmark baseline);
    ``bid_budget`` bounds a bid's simulated plays (default: ``budget``); ``signals=True``
    samples with what the plays suggest about the hidden cards too (benchmark only for now);
    ``pinned`` (benchmark only) gives some seats their real cards in every sampled deal;
    ``infer=False`` samples card play deals as Hard did before policy-based inference;
    ``pool_size`` is the number of deals the inference weighs (benchmarks may take fewer);
    ``tree=True`` plays its cards by information-set MCTS (ismcts.py) instead of determinized
    playouts of every candidate; ``gate`` (benchmark only): see ``search_play``;
    ``follow_alpha`` (benchmark only): how much the inference trusts that a seat plays as Normal
    would (play_model.py)."""
    deadline = time.perf_counter() + time_budget
    legal: list[Action] = view.get("legal") or []
    if not legal:
        return None
    plays = [a["card"] for a in legal if is_play(a)]
    if plays:
        if len(plays) == 1:
            return {"type": "play", "card": plays[0]}
        k = Knowledge.from_view(view)
        card = search_play(
            k,
            plays,
            rng,
            oracle_hands=oracle_hands,
            budget=budget,
            noise=noise,
            deadline=deadline,
            signals=signals,
            pinned=pinned,
            infer=infer,
            pool_size=pool_size,
            tree=tree,
            gate=gate,
            follow_alpha=follow_alpha,
        )
        return {"type": "play", "card": card}
    if not own_bidding:
        return normal.choose_bid(view, legal)
    return hard_bid.choose_bid(
        view, legal, rng, deadline, rules_of(view), budget if bid_budget is None else bid_budget
    )


def choose_ismcts(view: View, rng: random.Random) -> Action | None:
    """Hard playing its cards by information-set MCTS (ismcts.py), its bids as Hard's."""
    return choose(view, rng, tree=True)


def choose_normal_bidding(view: View, rng: random.Random) -> Action | None:
    """Hard playing its cards but bidding as Normal does (the bidding benchmark's baseline)."""
    return choose(view, rng, own_bidding=False)


__all__ = [
    "choose",
    "choose_ismcts",
    "choose_normal_bidding",
    "cover_partner_nil",
    "duck_bags",
    "duck_own_nil",
    "partnership_filters",
    "search_play",
]
