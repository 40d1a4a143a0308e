"""Normal: estimates tricks, protects a partner's nil, manages bags, sets the opponents' nil.

All decisions come from the seat view through :class:`Knowledge`; no search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from spades.engine.actions import Action, bid_number, is_bid, is_look, is_play

from .cards import SPADE, beats, has_jokers, high_key, low_key, suit, team_of
from .estimate import TrickEstimate, estimate_tricks
from .knowledge import NIL_BIDS, Knowledge
from .odds import (
    blind_nil_pays,
    nil_chance,
    nil_outcomes,
    numeric_outcomes,
    option_value,
)
from .variant_bids import variant_bid
from .view import View


@dataclass(frozen=True)
class NormalParams:
    """Bidding knobs (tuned by duplicate tournaments of Normal against itself)."""

    nil_risk_max: float = 1.4  # nil only when the hand's nil risk is at most this
    nil_total_max: float = 2.6  # ... and it is not a trick-taking hand
    bid_offset: float = -0.3  # added to the trick estimate before rounding (sets cost more)
    blind_deficit: int = 300  # legacy blind nil: only this far behind ...
    blind_opp_frac: float = 0.8  # ... with the opponents at this fraction of the target
    legacy_nil: bool = False  # True: the rules above instead of chances (benchmark baseline)
    nil_margin: float = 0.0  # nil / blind nil only when its win chance beats the bid's by this


DEFAULT = NormalParams()
LEGACY = NormalParams(legacy_nil=True)


def lowest(cards: list[str]) -> str:
    return min(cards, key=low_key)


def highest(cards: list[str]) -> str:
    return max(cards, key=high_key)


# ----------------------------------------------------------------------------------------------
# Bidding
# ----------------------------------------------------------------------------------------------
def match_scores(view: View) -> tuple[int, int, int, int | None]:
    """(ours, theirs, target, loss floor) for the seat of ``view``."""
    seat = view["seat"]
    team = team_of(seat)
    opp = "EW" if team == "NS" else "NS"
    scores = view.get("scores") or {}
    ours = (scores.get(team) or {}).get("score", 0)
    theirs = (scores.get(opp) or {}).get("score", 0)
    rules = view.get("rules") or {}
    return ours, theirs, rules.get("target", 500), rules.get("loss_floor")


def wants_blind_nil(view: View, params: NormalParams = DEFAULT) -> bool:
    """Blind nil only when its expected value beats looking (odds.blind_nil_pays).

    Made about one time in six on a hand not seen, it loses 200 points most of the time; the
    former rule (300 behind, the opponents within a hand of the target, the match-value model)
    still bid it, and its blind nils were made 10 to 23% of the time in tournaments (bench/README.md,
    issue 30). Now it also needs a chance of ``odds.BLIND_MIN_CHANCE``, which a blind nil never
    reaches: Normal (and Hard, which bids it by this rule) no longer bid blind nil.
    ``params.legacy_nil`` keeps the rule before the match-value model (benchmark baseline)."""
    if params.legacy_nil:
        ours, theirs, target, _floor = match_scores(view)
        return theirs - ours >= params.blind_deficit and theirs >= params.blind_opp_frac * target
    return blind_nil_pays(view, params.nil_margin)


def nil_is_sound(est: TrickEstimate, k: Knowledge, params: NormalParams = DEFAULT) -> bool:
    """Nil when its estimated chance, at this score, is worth more than bidding the tricks."""
    if params.legacy_nil:
        return est.nil_risk <= params.nil_risk_max and est.total <= params.nil_total_max
    spades = sum(1 for c in k.hand if suit(c) == SPADE)
    chance = nil_chance(est.nil_risk, est.total, spades)
    if chance < 0.3:
        return False  # not worth the arithmetic: no score makes a likely failure pay
    ours, theirs, target, floor = match_scores(k.view)
    nil = option_value(nil_outcomes(chance), ours, theirs, target, floor)
    num = option_value(numeric_outcomes(est.total), ours, theirs, target, floor)
    return nil > num + params.nil_margin


def numeric_bid(est: TrickEstimate, k: Knowledge, params: NormalParams = DEFAULT) -> int:
    total = est.total + params.bid_offset
    # High bag count: bid a little more so fewer overtricks turn into bags.
    if k.bags(k.team) >= 7:
        total += 0.3
    partner_bid = k.bids.get(k.partner)
    if partner_bid in NIL_BIDS:
        # Covering a nil costs some tricks of our own; bid a shade lower.
        total -= 0.3
    return max(0, min(13, int(total + 0.5)))


def choose_bid(view: View, legal: list[Action], params: NormalParams = DEFAULT) -> Action:
    if view.get("hand") is None:
        blind = [a for a in legal if is_bid(a) and a.get("bid") == "blind_nil"]
        if blind and wants_blind_nil(view, params):
            return blind[0]
        look = [a for a in legal if is_look(a)]
        return look[0] if look else legal[0]
    k = Knowledge.from_view(view)
    est = estimate_tricks(k.hand, has_jokers(k.rules))
    bids = [a for a in legal if is_bid(a)]
    wanted = numeric_bid(est, k, params)
    chosen = variant_bid(est, k, bids, wanted)
    if chosen is not None:
        return chosen
    nil = [a for a in bids if a.get("bid") == "nil"]
    if nil and nil_is_sound(est, k, params):
        return nil[0]
    numeric = [a for a in bids if isinstance(a.get("bid"), int)]
    if not numeric:
        return bids[0] if bids else legal[0]
    return min(numeric, key=lambda a: abs(bid_number(a) - wanted))


# ----------------------------------------------------------------------------------------------
# Play
# ----------------------------------------------------------------------------------------------
def goal(k: Knowledge) -> str:
    """'win' while our contract needs tricks or a set of theirs is in reach, else 'lose'."""
    need = k.need(k.team)
    if need > 0:
        return "win"
    opp_need = k.need(k.opp_team)
    if k.contract(k.opp_team) > 0 and 0 < opp_need <= k.tricks_left:
        margin = k.tricks_left - opp_need  # we must take margin + 1 more tricks to set them
        if margin <= 2:
            return "win"
    return "lose"


def contract_tight(k: Knowledge) -> bool:
    need = k.need(k.team)
    return need > 0 and need + 1 >= k.tricks_left


def discard(k: Knowledge, cards: list[str]) -> str:
    """Throw a card we will not miss: a low side card, from a short suit to make a void."""
    side = [c for c in cards if suit(c) != SPADE]
    if not side:
        return lowest(cards)
    non_master = [c for c in side if not k.is_master(c)] or side
    counts = {s: sum(1 for c in k.hand if suit(c) == s) for s in "HDC"}
    return min(non_master, key=lambda c: (counts[suit(c)], low_key(c)))


def low_play(k: Knowledge, cards: list[str]) -> str:
    led = k.led_suit
    following = [c for c in cards if suit(c) == led]
    if following:
        return lowest(following)
    return discard(k, cards)


def nil_play(k: Knowledge, cards: list[str]) -> str:
    """Our own nil: never win a trick if any card avoids it."""
    if not k.trick:
        side = [c for c in cards if suit(c) != SPADE] or cards
        return max(side, key=lambda c: (k.higher_unseen(c), -low_key(c)[0]))
    return follow_lose(k, cards)


def cover_play(k: Knowledge, cards: list[str]) -> str | None:
    """Partner's nil is alive: take tricks above partner, lead high. None: play normally."""
    p = k.partner
    if not k.trick:
        # Lead high: masters first, then suits partner is void in (partner discards), then the
        # highest card we hold. Never a low card into partner's risk.
        masters = [c for c in cards if k.is_master(c)]
        side_masters = [c for c in masters if suit(c) != SPADE]
        void_suits = [c for c in cards if suit(c) in k.voids[p] and suit(c) != SPADE]
        if side_masters:
            return max(side_masters, key=lambda c: (len(k.unseen_in(suit(c))), high_key(c)))
        if masters:
            return highest(masters)
        if void_suits:
            return highest(void_suits)
        return max(cards, key=lambda c: (-k.higher_unseen(c), high_key(c)))
    led = k.led_suit
    w_seat, w_card = k.trick_winner()
    played = {s for s, _ in k.trick}
    if p in played:
        if w_seat == p:
            winners = [c for c in cards if beats(c, w_card, led)]
            if winners:
                return lowest(winners)
        return None
    # Partner plays after us: make the trick as high as we can so partner can duck under it.
    if w_seat != k.seat and w_seat != p and k.is_master(w_card) and suit(w_card) == led:
        return None  # an opponent already holds the trick with a master; partner is covered
    following = [c for c in cards if suit(c) == led]
    if following:
        winners = [c for c in following if beats(c, w_card, led)]
        if winners:
            return highest(winners)
        return lowest(following)
    spades = [c for c in cards if suit(c) == SPADE and beats(c, w_card, led)]
    if spades:
        return lowest(spades)
    return discard(k, cards)


def set_nil_play(k: Knowledge, cards: list[str], nil_seat: str) -> str | None:
    """An opponent's nil is alive: make the nil bidder take a trick. None: play normally."""
    coverer = k.team_partner_of(nil_seat)
    if not k.trick:
        good = [
            c
            for c in cards
            if k.may_hold_suit(nil_seat, suit(c)) and (suit(c) != SPADE or k.spades_broken)
        ]
        if not good:
            return None
        pref = [c for c in good if suit(c) not in k.voids[coverer]] or good
        return lowest(pref)
    led = k.led_suit
    w_seat, w_card = k.trick_winner()
    played = {s for s, _ in k.trick}
    if nil_seat in played:
        if w_seat == nil_seat:
            losing = [c for c in cards if not beats(c, w_card, led)]
            if losing:
                following = [c for c in losing if suit(c) == led]
                return highest(following) if following else discard(k, losing)
        return None
    # The nil bidder plays after us: stay low so a card of theirs can win.
    following = [c for c in cards if suit(c) == led]
    if following:
        return lowest(following)
    side = [c for c in cards if suit(c) != SPADE]
    return discard(k, side) if side else None


def safe_to_cash(k: Knowledge, card: str) -> bool:
    s = suit(card)
    if s == SPADE:
        return True
    if len(k.unseen_in(s)) < 2:
        return False
    return all(not (s in k.voids[o] and k.may_hold_suit(o, SPADE)) for o in k.opponents)


def lead_win(k: Knowledge, cards: list[str]) -> str:
    side = [c for c in cards if suit(c) != SPADE]
    spades = [c for c in cards if suit(c) == SPADE]
    masters = [c for c in side if k.is_master(c) and safe_to_cash(k, c)]
    if masters:
        return max(masters, key=lambda c: (len(k.unseen_in(suit(c))), high_key(c)))
    if spades and (k.spades_broken or not side):
        top = highest(spades)
        my_spades = sum(1 for c in k.hand if suit(c) == SPADE)
        if k.is_master(top) and (my_spades >= 3 or my_spades >= len(k.unseen_in(SPADE))):
            return top
    if not side:
        return lowest(spades)
    p = k.partner
    # Partner can ruff a suit they are void in, when the opponents still follow it.
    if k.may_hold_suit(p, SPADE):
        ruffable = [
            c
            for c in side
            if suit(c) in k.voids[p] and not any(suit(c) in k.voids[o] for o in k.opponents)
        ]
        if ruffable:
            return lowest(ruffable)
    counts = {s: sum(1 for c in k.hand if suit(c) == s) for s in "SHDC"}
    # A singleton loser makes a void we can ruff later.
    if counts[SPADE] >= 2:
        singles = [c for c in side if counts[suit(c)] == 1 and c[0] not in "AK"]
        if singles:
            return lowest(singles)

    def suit_cost(c: str) -> tuple[int, int, tuple[int, int]]:
        # Prefer leading from suits without honours to protect (no K/Q to lose), and long suits.
        honours = sum(1 for x in k.hand if suit(x) == suit(c) and x[0] in "KQJ")
        return (honours, -counts[suit(c)], low_key(c))

    lows: dict[str, str] = {}
    for c in side:
        if suit(c) not in lows or low_key(c) < low_key(lows[suit(c)]):
            lows[suit(c)] = c
    return min(lows.values(), key=suit_cost)


def follow_win(k: Knowledge, cards: list[str]) -> str:
    led = k.led_suit
    w_seat, w_card = k.trick_winner()
    after = k.seats_after_me()
    if w_seat == k.partner:
        return low_play(k, cards)  # never overtake a partner who holds the trick
    winners = [c for c in cards if beats(c, w_card, led)]
    if not winners:
        return low_play(k, cards)
    if not after:
        return lowest(winners)
    safe = [c for c in winners if k.is_safe_winner(c)]
    if safe:
        return lowest(safe)
    following = [c for c in cards if suit(c) == led]
    if len(k.trick) == 1 and following and k.partner in after:
        return lowest(following)  # second hand low: partner still plays
    return lowest(winners)


def follow_lose(k: Knowledge, cards: list[str]) -> str:
    led = k.led_suit
    w_card = k.trick_winner()[1]
    after = k.seats_after_me()
    following = [c for c in cards if suit(c) == led]
    if following:
        losing = [c for c in following if not beats(c, w_card, led)]
        if losing:
            return highest(losing)
        return lowest(following) if after else highest(following)
    side = [c for c in cards if suit(c) != SPADE]
    if side:
        return highest(side)
    losing = [c for c in cards if not beats(c, w_card, led)]
    if losing:
        return highest(losing)
    return lowest(cards) if after else highest(cards)


def lead_lose(k: Knowledge, cards: list[str]) -> str:
    side = [c for c in cards if suit(c) != SPADE] or cards
    return max(side, key=lambda c: (k.higher_unseen(c) > 0, -low_key(c)[0], k.higher_unseen(c)))


def choose_card(k: Knowledge, cards: list[str]) -> str:
    if len(cards) == 1:
        return cards[0]
    if k.nil_alive(k.seat):
        return nil_play(k, cards)
    if k.nil_alive(k.partner):
        c = cover_play(k, cards)
        if c is not None:
            return c
    if not contract_tight(k):
        for o in k.opponents:
            if k.nil_alive(o):
                c = set_nil_play(k, cards, o)
                if c is not None:
                    return c
                break
    if goal(k) == "win":
        return follow_win(k, cards) if k.trick else lead_win(k, cards)
    return follow_lose(k, cards) if k.trick else lead_lose(k, cards)


def choose_before(view: View, rng: random.Random) -> Action | None:
    """Normal with its former nil and blind nil rules (benchmark baseline only)."""
    return choose(view, rng, LEGACY)


def choose(view: View, rng: random.Random, params: NormalParams = DEFAULT) -> Action | None:
    legal: list[Action] = view.get("legal") or []
    if not legal:
        return None
    plays = [a["card"] for a in legal if is_play(a)]
    if plays:
        k = Knowledge.from_view(view)
        return {"type": "play", "card": choose_card(k, plays)}
    return choose_bid(view, legal, params)
