"""What a seat knows, derived only from its seat view (never from engine state).

Both the Normal heuristics and the Hard search read this: cards still out, masters, voids shown by
failures to follow suit, contract needs and nil status.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spades.engine.actions import BidValue

from .cards import (
    SEATS,
    SPADE,
    beats,
    deck_of,
    next_seat,
    other_team,
    partner_of,
    rank,
    suit,
    team_of,
    team_seats,
    winning_index,
)
from .view import View

NIL_BIDS = ("nil", "blind_nil")


@dataclass
class Knowledge:
    """Public facts plus the seat's own hand, in a form the heuristics can query cheaply."""

    view: View
    seat: str
    partner: str
    team: str
    opp_team: str
    hand: list[str]
    rules: dict[str, Any]
    bids: dict[str, BidValue | None]
    tricks_won: dict[str, int]
    played: set[str] = field(default_factory=set)
    trick: list[tuple[str, str]] = field(default_factory=list)
    leader: str | None = None
    voids: dict[str, set[str]] = field(default_factory=dict)
    unseen: set[str] = field(default_factory=set)
    tricks_done: int = 0
    spades_broken: bool = False

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def from_view(cls, view: View) -> Knowledge:
        seat = view["seat"]
        team = team_of(seat)
        hand = list(view.get("hand") or [])
        k = cls(
            view=view,
            seat=seat,
            partner=partner_of(seat),
            team=team,
            opp_team=other_team(team),
            hand=hand,
            rules=view.get("rules") or {},
            bids=dict(view.get("bids") or {}),
            tricks_won=dict(view.get("tricks_won") or {s: 0 for s in SEATS}),
        )
        k.voids = {s: set() for s in SEATS}
        broken = False
        tricks = list(view.get("tricks") or [])
        current = view.get("trick") or {}
        for t in tricks + ([current] if current.get("cards") else []):
            plays = [(p["seat"], p["card"]) for p in t.get("cards", [])]
            if not plays:
                continue
            led = suit(plays[0][1])
            if led == SPADE and not broken:
                # Leading a spade before they are broken is only legal with nothing but spades.
                k.voids[plays[0][0]].update("HDC")
            for s, c in plays:
                k.played.add(c)
                if suit(c) != led:
                    k.voids[s].add(led)
            if any(suit(c) == SPADE for _, c in plays):
                broken = True
        k.tricks_done = len(tricks)
        k.trick = [(p["seat"], p["card"]) for p in current.get("cards", [])]
        k.leader = current.get("leader")
        k.spades_broken = bool(view.get("spades_broken", broken))
        k.unseen = set(deck_of(k.rules)) - k.played - set(hand)
        # A seat with no cards left holds nothing: treat it as void everywhere.
        counts = view.get("hand_counts") or {}
        for s in SEATS:
            if s != seat and counts.get(s, 1) == 0:
                k.voids[s].update("SHDC")
        return k

    # ----- seats and teams ----------------------------------------------------------------
    @property
    def opponents(self) -> tuple[str, str]:
        return team_seats(self.opp_team)

    def is_partner(self, seat: str) -> bool:
        return seat == self.partner

    @staticmethod
    def team_partner_of(seat: str) -> str:
        return partner_of(seat)

    def nil_alive(self, seat: str) -> bool:
        return self.bids.get(seat) in NIL_BIDS and self.tricks_won.get(seat, 0) == 0

    def team_counted_tricks(self, team: str) -> int:
        count_nil = self.rules.get("nil_tricks_count_for_contract", True)
        total = 0
        for s in team_seats(team):
            if not count_nil and self.bids.get(s) in NIL_BIDS:
                continue
            total += self.tricks_won.get(s, 0)
        return total

    def contract(self, team: str) -> int:
        total = 0
        for s in team_seats(team):
            b = self.bids.get(s)
            if isinstance(b, int):
                total += b
        return total

    def need(self, team: str) -> int:
        """Tricks the team still needs for its contract (<= 0 once made)."""
        return self.contract(team) - self.team_counted_tricks(team)

    def bags(self, team: str) -> int:
        scores = self.view.get("scores") or {}
        return int((scores.get(team) or {}).get("bags", 0))

    def score(self, team: str) -> int:
        scores = self.view.get("scores") or {}
        return int((scores.get(team) or {}).get("score", 0))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won this hand, including the one in progress."""
        return 13 - self.tricks_done

    # ----- the trick in progress -----------------------------------------------------------
    @property
    def led_suit(self) -> str | None:
        return suit(self.trick[0][1]) if self.trick else None

    def current_winner(self) -> tuple[str, str] | None:
        if not self.trick:
            return None
        return self.trick_winner()

    def trick_winner(self) -> tuple[str, str]:
        """(seat, card) winning the trick in progress so far; only once the trick is led."""
        i = winning_index([c for _, c in self.trick])
        return self.trick[i]

    def seats_after_me(self) -> list[str]:
        """Seats still to play in this trick after this seat."""
        out = []
        s = next_seat(self.seat)
        for _ in range(3 - len(self.trick)):
            out.append(s)
            s = next_seat(s)
        return out

    # ----- cards out ----------------------------------------------------------------------
    def unseen_in(self, s: str) -> list[str]:
        return [c for c in self.unseen if suit(c) == s]

    def higher_unseen(self, card: str) -> int:
        r = rank(card)
        return sum(1 for c in self.unseen if suit(c) == suit(card) and rank(c) > r)

    def is_master(self, card: str) -> bool:
        """No card still out in the other hands can beat it in its own suit."""
        return self.higher_unseen(card) == 0

    def may_hold_suit(self, seat: str, s: str) -> bool:
        return s not in self.voids[seat] and any(suit(c) == s for c in self.unseen)

    def may_beat(self, seat: str, card: str, led: str) -> bool:
        """Could ``seat`` (still to play) beat ``card`` if it were the winning card of this trick?"""
        if suit(card) == led and led != SPADE:
            if led not in self.voids[seat]:
                r = rank(card)
                if any(suit(c) == led and rank(c) > r for c in self.unseen):
                    return True
                # Could still be void and ruff when the suit is nearly exhausted.
                return bool(len(self.unseen_in(led)) <= 1 and self.may_hold_suit(seat, SPADE))
            return self.may_hold_suit(seat, SPADE)
        if suit(card) == SPADE:
            # A seat that must follow the led suit cannot overruff; likely while many are out.
            if led != SPADE and led not in self.voids[seat] and len(self.unseen_in(led)) > 2:
                return False
            if SPADE in self.voids[seat]:
                return False
            r = rank(card)
            return any(suit(c) == SPADE and rank(c) > r for c in self.unseen)
        return False

    def wins_now(self, card: str) -> bool:
        """Would ``card`` be the winning card of the trick once played (ignoring later seats)?"""
        w = self.current_winner()
        if w is None:
            return True
        return beats(card, w[1], self.led_suit)

    def is_safe_winner(self, card: str) -> bool:
        """``card`` wins now and no opponent still to play can plausibly beat it."""
        if not self.wins_now(card):
            return False
        led = self.led_suit or suit(card)
        for s in self.seats_after_me():
            if s == self.partner:
                continue
            if self.may_beat(s, card, led):
                return False
        return True
