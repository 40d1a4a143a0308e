"""What the plays so far suggest about the cards a seat still holds, for Hard's deal sampler.

Voids (a failure to follow suit) are certain and live in ``Knowledge``; these are likelihoods,
from how sensible players (the bots among them) play:

- a nil bidder still at zero who follows under the winning card plays the highest card that stays
  under it: they hardly hold a card of that suit between the two; one who has to go over plays
  the lowest that does, and one under a ruff the highest of the suit;
- a seat that still needs tricks, last to play, wins with the cheapest card that wins: it hardly
  holds a card of the suit between the former winner and its own;
- a seat that still needs tricks and follows low under an opponent's winning card (not second
  to play with its partner still to come) hardly holds a card of the suit above that winner;
- a seat whose contract is made (no set of the opponents in reach) ducks as a nil does.

``play_signals(k)`` gives, per seat, groups of cards (as engine ints) with the factor a sampled
deal's weight is multiplied by for each card of the group that seat is dealt.
"""

from __future__ import annotations

from spades.engine.cards import CARD_INDEX

from .cards import RANKS, SEATS, SPADE, beats, partner_of, team_of
from .knowledge import NIL_BIDS, Knowledge

NIL_FACTOR = 0.1
CHEAPEST_FACTOR = 0.25
NO_WINNER_FACTOR = 0.3
DUCK_FACTOR = 0.25

Signals = dict[str, list[tuple[frozenset[int], float]]]


def _between(suit: str, low: str | None, high: str | None) -> list[str]:
    """Cards of ``suit`` strictly between two ranks (None: the end of the suit)."""
    lo = -1 if low is None else RANKS.index(low)
    hi = len(RANKS) if high is None else RANKS.index(high)
    return [RANKS[r] + suit for r in range(lo + 1, hi)]


def _need(k: Knowledge, team: str, won: dict[str, int]) -> int:
    count_nil = k.rules.get("nil_tricks_count_for_contract", True)
    total = 0
    for s in SEATS:
        if team_of(s) != team:
            continue
        if not count_nil and k.bids.get(s) in NIL_BIDS:
            continue
        total += won.get(s, 0)
    return k.contract(team) - total


def play_signals(k: Knowledge) -> Signals:
    """The soft constraints the plays so far put on each other seat's unseen cards."""
    out: Signals = {s: [] for s in SEATS if s != k.seat}
    won = {s: 0 for s in SEATS}
    tricks = list(k.view.get("tricks") or [])
    current = k.view.get("trick") or {}
    for n, t in enumerate([*tricks, current]):
        tricks_left = 13 - n
        plays = [(p["seat"], p["card"]) for p in t.get("cards", []) or []]
        if not plays:
            continue
        led = plays[0][1][1]
        for i in range(1, len(plays)):
            seat, card = plays[i]
            if seat == k.seat or card[1] != led:
                continue
            keys = [_rank_key(c, led) for _, c in plays[:i]]
            w_i = max(range(i), key=keys.__getitem__)
            w_seat, w_card = plays[w_i]
            groups = _signals_of(k, seat, card, led, w_seat, w_card, i, won, tricks_left)
            for cards, factor in groups:
                held = frozenset(CARD_INDEX[c] for c in cards if c in k.unseen)
                if held:
                    out[seat].append((held, factor))
        winner = t.get("winner")
        if winner:
            won[winner] += 1
    return {s: v for s, v in out.items() if v}


def _may_set(k: Knowledge, team: str, won: dict[str, int], tricks_left: int) -> bool:
    """Normal's test for playing on once its contract is made: the opponents' set in reach."""
    other = "EW" if team == "NS" else "NS"
    need = _need(k, other, won)
    return k.contract(other) > 0 and 0 < need <= tricks_left and tricks_left - need <= 2


def _rank_key(card: str, led: str) -> tuple[int, int]:
    """Order of cards in a trick: spades above the led suit above the rest."""
    tier = 2 if card[1] == SPADE else (1 if card[1] == led else 0)
    return tier, RANKS.index(card[0])


def _signals_of(
    k: Knowledge,
    seat: str,
    card: str,
    led: str,
    w_seat: str,
    w_card: str,
    position: int,
    won: dict[str, int],
    tricks_left: int,
) -> list[tuple[list[str], float]]:
    ruffed = w_card[1] != led
    if k.bids.get(seat) in NIL_BIDS and won.get(seat, 0) == 0:
        if ruffed:
            return [(_between(led, card[0], None), NIL_FACTOR)]
        if beats(card, w_card, led):
            return [(_between(led, None, w_card[0]), NIL_FACTOR)]
        return [(_between(led, card[0], w_card[0]), NIL_FACTOR)]
    partner = partner_of(seat)
    if w_seat == partner or ruffed or led == SPADE:
        return []
    if any(k.bids.get(s) in NIL_BIDS and won.get(s, 0) == 0 for s in SEATS if s != seat):
        return []  # covering a partner's nil or setting an opponent's changes the play
    if _need(k, team_of(seat), won) <= 0:
        if _may_set(k, team_of(seat), won, tricks_left):
            return []
        # Contract made, no set in reach: ducking high under the winner, as a nil does.
        if beats(card, w_card, led):
            return [(_between(led, None, w_card[0]), DUCK_FACTOR)] if position < 3 else []
        return [(_between(led, card[0], w_card[0]), DUCK_FACTOR)]
    if beats(card, w_card, led):
        if position == 3:
            return [(_between(led, w_card[0], card[0]), CHEAPEST_FACTOR)]
        return []
    if position == 1:
        return []  # second hand low, the partner still to play
    return [(_between(led, w_card[0], None), NO_WINNER_FACTOR)]


__all__ = ["play_signals"]
