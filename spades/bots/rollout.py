"""A fast Normal-like policy over the engine's int ``HandState``, for the Hard bot's playouts.

It plays every seat of a determinized deal, so it may look at all four hands (it runs inside a
sampled world, never on the real deal). The rules it follows are Normal's: our own nil never wins,
a partner's nil is covered, the smallest card that wins when tricks are needed, low cards when the
partner already holds the trick, and ducking once the contract is made.
Card ints (engine/cards.py): ``suit * 13 + rank``, spades are 0..12 plus the Joker variant's
jokers 52 and 53 (spades above the ace), so suits and ranks are read from tables, never computed;
seat ints N=0 E=1 S=2 W=3.
"""

from __future__ import annotations

import random

from spades.engine.cards import BEATS, SUIT_OF
from spades.engine.hand import HandState

WIN, LOSE, NIL_MODE, COVER = 0, 1, 2, 3
#: Card int -> is it a side card (not a spade, jokers included among the spades)?
_SIDE: tuple[bool, ...] = tuple(s != 0 for s in SUIT_OF)
#: Card int -> lowest-first key: strength, and a spade after a side card of equal rank.
_KEY: tuple[int, ...] = (*((c % 13) * 2 + (c < 13) for c in range(52)), 27, 29)


def _rank_key(c: int) -> int:
    """Lowest-first key: rank, and a spade after a side card of equal rank."""
    return _KEY[c]


def _mode(h: HandState, p: int) -> int:
    # Every seat has bid once cards are played (no None; no cast on this hot path).
    bids: list[int] = h.bids  # type: ignore[assignment]
    tw = h.tricks_won
    b = bids[p]
    if b < 0 and tw[p] == 0:
        return NIL_MODE
    q = p ^ 2
    bq = bids[q]
    if bq < 0 and tw[q] == 0:
        return COVER
    count_nil = h.rules.nil_tricks_count_for_contract
    contract = (b if b > 0 else 0) + (bq if bq > 0 else 0)
    counted = 0
    for s in (p, q):
        if bids[s] >= 0 or count_nil:
            counted += tw[s]
    if contract - counted > 0:
        return WIN
    # Contract made: try to set the opponents only when it is within reach.
    o = (p + 1) & 3
    ob, ob2 = bids[o], bids[o ^ 2]
    ocontract = (ob if ob > 0 else 0) + (ob2 if ob2 > 0 else 0)
    if ocontract:
        ocounted = 0
        for s in (o, o ^ 2):
            if bids[s] >= 0 or count_nil:
                ocounted += tw[s]
        oneed = ocontract - ocounted
        left = 13 - len(h.trick_winners)
        if 0 < oneed <= left and left - oneed <= 1:
            return WIN
    return LOSE


def _can_beat(h: HandState, q: int, w: int, led: int) -> bool:
    """Full information: can seat ``q`` (still to play) beat the winning card ``w``?"""
    follow = h.suit_ints(q, led)
    if follow:
        if SUIT_OF[w] == led:
            return follow[-1] > w
        return False
    sp = h.suit_ints(q, 0)
    if not sp:
        return False
    if not _SIDE[w]:
        return sp[-1] > w
    return True


def _is_master(h: HandState, p: int, c: int) -> bool:
    s = SUIT_OF[c]
    for q in (1, 2, 3):
        cards = h.suit_ints((p + q) & 3, s)
        if cards and cards[-1] > c:
            return False
    return True


def _safe(h: HandState, p: int, c: int, n: int, led: int) -> bool:
    """Would card ``c`` (winning now) survive the opponents still to play after ``p``?"""
    for i in range(1, 4 - n):
        q = (p + i) & 3
        if q == p ^ 2:
            continue
        if _can_beat(h, q, c, led):
            return False
    return True


def pick(h: HandState) -> int:
    """The card the Normal-like policy plays for the seat to move."""
    legal = h.legal_play_ints()
    if len(legal) == 1:
        return legal[0]
    p = h.to_move_index
    mode = _mode(h, p)
    n = h.trick_len
    if n == 0:
        return _lead(h, p, legal, mode)
    w = h.win_card
    ws = h.win_seat
    led = h.led
    winners = [c for c in legal if BEATS[w * 54 + c]]
    losers = [c for c in legal if not BEATS[w * 54 + c]]
    if mode in (NIL_MODE, LOSE):
        if losers:
            side = [c for c in losers if _SIDE[c] or led == 0]
            return max(side or losers, key=_rank_key)
        return min(winners, key=_rank_key) if n < 3 else max(winners, key=_rank_key)
    partner = p ^ 2
    leader = (p - n) & 3
    partner_played = ((partner - leader) & 3) < n
    if mode == COVER:
        if partner_played:
            if ws == partner and winners:
                return min(winners, key=_rank_key)
        elif winners:
            return max(winners, key=_rank_key) if _SIDE[winners[0]] else min(winners)
        elif losers:
            return min(losers, key=_rank_key)
    # WIN (or cover that has nothing special to do)
    # Opponents' nil alive and still to play: stay low so it may win.
    o = (p + 1) & 3
    for opp in (o, o ^ 2):
        if h.bids[opp] < 0 and h.tricks_won[opp] == 0:  # type: ignore[operator]  # all bid
            opp_played = ((opp - leader) & 3) < n
            if not opp_played or ws == opp:
                low = [c for c in losers if _SIDE[c] or led == 0] or losers
                if low:
                    return max(low, key=_rank_key) if ws == opp else min(low, key=_rank_key)
    if ws == partner and (n == 3 or _safe(h, p, w, n, led)):
        low = [c for c in losers if _SIDE[c] or led == 0] or losers
        if low:
            return min(low, key=_rank_key)
    if winners:
        if n == 3:
            return min(winners, key=_rank_key)
        for c in sorted(winners, key=_rank_key):
            if _safe(h, p, c, n, led):
                return c
        if n == 1 and _SIDE[winners[0]] and losers:
            return min(losers, key=_rank_key)
        return min(winners, key=_rank_key)
    side = [c for c in losers if _SIDE[c]] or losers
    return min(side, key=_rank_key)


def _lead(h: HandState, p: int, legal: tuple[int, ...], mode: int) -> int:
    side = [c for c in legal if _SIDE[c]]
    if mode in (NIL_MODE, LOSE):
        return min(side or legal, key=_rank_key)
    if mode == COVER:
        return max(side or legal, key=_rank_key)
    # WIN: cash a side master, draw trumps with the master spade, else lead low from length.
    best = -1
    for c in side:
        if c > best and _is_master(h, p, c):
            best = c
    if best >= 0:
        return best
    spades = [c for c in legal if not _SIDE[c]]
    if spades and _is_master(h, p, spades[-1]) and len(spades) >= 2:
        return spades[-1]
    if not side:
        return spades[0]
    counts = [0, 0, 0, 0]
    for c in side:
        counts[SUIT_OF[c]] += 1
    return min(side, key=lambda c: (-counts[SUIT_OF[c]], c % 13))


def play_out(h: HandState, rng: random.Random | None = None, noise: float = 0.0) -> None:
    """Play the hand to its end with the policy for all four seats.

    ``noise``: chance that a seat plays a random legal card instead (needs ``rng``); repeated
    playouts of one deal then differ, which the benchmark's all-seeing Hard needs to average."""
    if rng is None or noise <= 0:
        while not h.is_complete:
            h.play_int(pick(h))
        return
    rnd = rng.random
    while not h.is_complete:
        if rnd() < noise:
            legal = h.legal_play_ints()
            h.play_int(legal[int(rnd() * len(legal))])
        else:
            h.play_int(pick(h))
