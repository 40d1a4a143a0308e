"""Partner play faults, counted by the tournament (per 100 hands a bot plays).

Three faults, each judged from what the player's own seat saw when it played (its view), so a bot is
only blamed for what it could have known:

- ``overtook_sure_partner``: its partner (not a live nil: that one must be overtaken) already held
  the trick with a card no opponent still to play could beat, and it played a card above it
  although it held a legal card that stayed under.
- ``own_nil_took_avoidable``: its own nil was alive, it played a card above the trick's winning
  card although it held a legal card under it, and it won the trick (its nil broken by choice).
- ``partner_nil_left_uncovered``: its partner's nil was alive and the partner held the trick, it
  held a legal card above the partner's but played under it, and the partner won the trick.
- ``bag_taken_near_limit``: its partnership's contract was made, its bags (before the hand plus
  this hand's overtricks) were within ``BAG_MARGIN`` of the limit, no nil was alive and no set of
  the opponents in reach (``bags_to_duck``); it played above the trick's winning card although a
  legal card stayed under, and won the trick (one more bag by choice).
- ``blind_nil_below_value``: it bid blind nil where the chance of a hand not seen is under what
  pays for the risk (``odds.BLIND_MIN_CHANCE``), or where the match-value model prefers looking
  (``odds.blind_nil_pays``).

The first three are partnership play proper (Hard: 0 by construction, hard.py filters its
candidates); the last two are the bag and blind nil faults of issue 30.
"""

from __future__ import annotations

from spades.engine.actions import Action, is_bid, is_play

from .cards import SPADE, beats, rank, suit, winning_index
from .knowledge import Knowledge
from .odds import blind_nil_pays
from .view import View

FAULTS = (
    "overtook_sure_partner",
    "own_nil_took_avoidable",
    "partner_nil_left_uncovered",
    "bag_taken_near_limit",
    "blind_nil_below_value",
)
BAG_MARGIN = 3  # "near the limit": at most this many bags from the next penalty
SET_MARGIN = 2  # a set is in reach when we need at most this many tricks beyond the ones they lack


def set_in_reach(k: Knowledge) -> bool:
    """The opponents' contract is not made yet and we could still take enough tricks to set it
    (the margin Normal plays for, normal.goal)."""
    need = k.need(k.opp_team)
    return k.contract(k.opp_team) > 0 and need > 0 and k.tricks_left - need <= SET_MARGIN


def bags_to_duck(k: Knowledge) -> bool:
    """Our contract is made, our bags are near the limit, no nil is alive and no set in reach:
    every further trick is only a bag."""
    limit = int(k.rules.get("bag_limit") or 0)
    contract = k.contract(k.team)
    if not limit or contract <= 0 or k.need(k.team) > 0:
        return False
    if any(k.nil_alive(s) for s in (k.seat, k.partner, *k.opponents)):
        return False
    bags = k.bags(k.team) % limit + (k.team_counted_tricks(k.team) - contract)
    return bags >= limit - BAG_MARGIN and not set_in_reach(k)


def could_beat(k: Knowledge, seat: str, card: str, led: str) -> bool:
    """Could ``seat`` (still to play) possibly beat ``card``, the trick's winning card?"""
    r = rank(card)
    higher = any(suit(u) == suit(card) and rank(u) > r for u in k.unseen)
    spades_out = SPADE not in k.voids[seat] and bool(k.unseen_in(SPADE))
    if suit(card) == led:
        if higher and led not in k.voids[seat]:
            return True
        return led != SPADE and spades_out  # it may be void in the led suit and ruff
    if suit(card) == SPADE:  # a ruff: only a higher spade from a seat void in the led suit
        return higher and SPADE not in k.voids[seat]
    return False


def is_sure(k: Knowledge, card: str) -> bool:
    """No opponent still to play after this seat can beat ``card`` (the current winning card)."""
    led = k.led_suit or suit(card)
    return not any(
        could_beat(k, s, card, led) for s in k.seats_after_me() if s not in (k.seat, k.partner)
    )


class FaultTracker:
    """Collects faults play by play; pending ones resolve when their trick is complete."""

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, int]] = {}
        self._pending: list[tuple[str, str, str]] = []  # (bot name, fault, seat that must win)

    def _add(self, name: str, fault: str) -> None:
        per = self.counts.setdefault(name, {f: 0 for f in FAULTS})
        per[fault] += 1

    def on_play(self, name: str, view: View, card: str) -> None:
        """Record ``name``'s play of ``card`` from ``view`` (the view it decided on)."""
        k = Knowledge.from_view(view)
        actions: list[Action] = view.get("legal") or []
        legal = [a["card"] for a in actions if is_play(a)]
        if k.trick:
            led = k.led_suit
            w_seat, w_card = k.trick_winner()
            above = beats(card, w_card, led)
            could_stay_under = any(not beats(c, w_card, led) for c in legal)
            could_go_above = any(beats(c, w_card, led) for c in legal)
            sure_partner = w_seat == k.partner and not k.nil_alive(k.partner) and is_sure(k, w_card)
            if sure_partner and above and could_stay_under:
                self._add(name, "overtook_sure_partner")
            if k.nil_alive(k.seat) and above and could_stay_under:
                self._pending.append((name, "own_nil_took_avoidable", k.seat))
            if k.nil_alive(k.partner) and w_seat == k.partner and not above and could_go_above:
                self._pending.append((name, "partner_nil_left_uncovered", k.partner))
            if above and could_stay_under and bags_to_duck(k):
                self._pending.append((name, "bag_taken_near_limit", k.seat))
        if len(k.trick) == 3:  # this card completes the trick: settle what waited for it
            cards = [c for _, c in k.trick] + [card]
            seats = [s for s, _ in k.trick] + [k.seat]
            winner = seats[winning_index(cards)]
            for who, fault, must_win in self._pending:
                if winner == must_win:
                    self._add(who, fault)
            self._pending = []

    def on_bid(self, name: str, view: View, action: Action) -> None:
        """Record ``name``'s bid (or look) from ``view``: a blind nil that does not pay is a fault."""
        if is_bid(action) and action["bid"] == "blind_nil" and not blind_nil_pays(view):
            self._add(name, "blind_nil_below_value")

    def ensure(self, name: str) -> None:
        self.counts.setdefault(name, {f: 0 for f in FAULTS})


def per_100_hands(counts: dict[str, int], seat_hands: int) -> dict[str, float]:
    """Fault counts as rates per 100 hands played by one seat of that bot."""
    out: dict[str, float] = {"seat_hands": seat_hands}
    for f in FAULTS:
        out[f] = round(100 * counts.get(f, 0) / max(1, seat_hands), 3)
    return out
