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
"""

from __future__ import annotations

from spades.engine.actions import Action, is_play

from .cards import SPADE, beats, rank, suit, winning_index
from .knowledge import Knowledge
from .view import View

FAULTS = ("overtook_sure_partner", "own_nil_took_avoidable", "partner_nil_left_uncovered")


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
        if len(k.trick) == 3:  # this card completes the trick: settle what waited for it
            cards = [c for _, c in k.trick] + [card]
            seats = [s for s, _ in k.trick] + [k.seat]
            winner = seats[winning_index(cards)]
            for who, fault, must_win in self._pending:
                if winner == must_win:
                    self._add(who, fault)
            self._pending = []

    def ensure(self, name: str) -> None:
        self.counts.setdefault(name, {f: 0 for f in FAULTS})


def per_100_hands(counts: dict[str, int], seat_hands: int) -> dict[str, float]:
    """Fault counts as rates per 100 hands played by one seat of that bot."""
    out: dict[str, float] = {"seat_hands": seat_hands}
    for f in FAULTS:
        out[f] = round(100 * counts.get(f, 0) / max(1, seat_hands), 3)
    return out
