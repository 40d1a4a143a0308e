"""A whole match: hands dealt from the seed, scored, until a partnership wins (rules.md)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final, cast

from .actions import Action, LastTrick, Look, MatchResult, SeatView
from .cards import BLIND_NIL, CARD_INDEX, CODES, SEATS, TEAMS
from .checks import (
    BID_ACTIONS,
    PLAY_ACTIONS,
    bid_action,
    bid_int,
    parse_action,
    seat_index,
)
from .hand import HandState
from .rules import STANDARD_RULES, IllegalAction, Rules
from .scoring import score_hand_ints
from .shuffle import FairDeals
from .variants import VARIANTS

_LOOK: Final[Look] = {"type": "look"}


_KINDS: Final = ("bid", "play", "look")


def _encode(seat: int, kind: str, value: int | None) -> bytes:
    """An action in two bytes: ``seat * 4 + kind``, then the bid + 2 (-2..13) or the card."""
    code = _KINDS.index(kind)
    return bytes(
        (seat * 4 + code, (value + 2) if code == 0 and value is not None else (value or 0))
    )


# The two bytes of every play and every bid, by ``seat * 54 + card`` and ``seat * 16 + bid + 2``.
_PLAY_BYTES: Final = tuple(_encode(p, "play", c) for p in range(4) for c in range(len(CODES)))
_BID_BYTES: Final = tuple(_encode(p, "bid", v) for p in range(4) for v in range(-2, 14))


def _decode(head: int, value: int) -> tuple[str, Action]:
    """``(seat, action dict)`` of two logged bytes, as ``parse_action`` accepts the dict."""
    seat, code = SEATS[head // 4], head % 4
    if code == 0:
        return seat, bid_action(value - 2)
    if code == 1:
        return seat, {"type": "play", "card": CODES[value]}
    return seat, _LOOK.copy()


def first_dealer(seed: int | str) -> int:
    """The first dealer's seat int, drawn from the seed alone."""
    return random.Random(f"{seed}:dealer").randrange(4)


def deal_for(seed: int | str, hand_number: int, variant: str = "none") -> list[list[int]]:
    """The deal of hand ``hand_number`` (1-based): card ints by seat int, from the seed alone
    (and the variant's deck)."""
    return VARIANTS[variant].deal(random.Random(f"{seed}:{hand_number}"))


def match_winner(rules: Rules, ns: int, ew: int, hands: int = 0) -> str | None:
    """The winning team after ``hands`` complete hands, or None if the match goes on.

    It ends when a team has ``target`` or more, or ``loss_floor`` or less when that option is set,
    or once ``hands`` reaches ``hand_limit`` when that option is set; the higher score wins, and
    equal scores mean one more hand (past the hand limit too, until the tie breaks).
    """
    floor, limit = rules.loss_floor, rules.hand_limit
    ended = (
        max(ns, ew) >= rules.target
        or (floor is not None and min(ns, ew) <= floor)
        or (limit is not None and hands >= limit)
    )
    if not ended or ns == ew:
        return None
    return "NS" if ns > ew else "EW"


class Match:
    """A match between NS and EW. Rebuilt exactly by ``Match.replay(rules, seed, actions)``.

    ``deals``: the hands' own seeds (scheme ``sha256-fy-v1``, ``shuffle.py``); without it every
    deal comes from ``seed`` (matches dealt before that scheme). The first dealer always does."""

    def __init__(
        self, rules: object = STANDARD_RULES, seed: object = 0, deals: FairDeals | None = None
    ) -> None:
        """``rules``: a ``Rules``; ``seed``: an int or a str (checked here, hence ``object``)."""
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise TypeError("seed must be an int or a str")
        self.rules = rules
        # Rules are frozen: every view gets a copy of the same dict.
        self._rules_dict = rules.to_dict()
        self.seed = seed
        self.deals = deals
        self.first_dealer = first_dealer(seed)
        self.hand_number = 0
        # Two bytes an action: seat and kind, then the value (a bid + 2, or a card). A live
        # table's engine stays in a server's cache for the whole match; kept as dict copies the
        # actions took about 250 bytes each (bench/README.md, "A live table's engine").
        self._log = bytearray()
        # One entry per finished hand (docs/engine.md, "The match's history"); not in the seat
        # view, whose size must not grow with the match's length.
        self.history: list[dict[str, Any]] = []
        self._totals = {team: {"score": 0, "bags": 0} for team in TEAMS}
        self._result: MatchResult | None = None
        self._looked: set[int] = set()
        self._previous_last_trick: LastTrick | None = None
        # The card ints ``legal_actions`` last offered the seat to move, until the next ``apply``
        # (which always clears it): a play among them is known to be legal.
        self._offered: tuple[int, ...] = ()
        self.hand: HandState
        self._deal_next()

    def __reduce__(self) -> tuple[Any, ...]:
        """For ``copy``/``deepcopy``/``pickle``, the same compiled or not (a compiled class has
        no bare ``__new__``): rebuilt from its rules and seed, then given every attribute."""
        state = {name: getattr(self, name) for name in _MATCH_STATE}
        return _rebuild_match, (self.rules, self.seed, state)

    def __repr__(self) -> str:
        ns, ew = self._totals["NS"]["score"], self._totals["EW"]["score"]
        return (
            f"<Match {self.rules!r} seed={self.seed!r} hand={self.hand_number} "
            f"actions={self.action_count} NS={ns} EW={ew}{' over' if self._result else ''}>"
        )

    @property
    def actions(self) -> list[tuple[str, Action]]:
        """Every action applied so far, as ``(seat, action dict)``: a new list each time."""
        log = self._log
        return [_decode(log[i], log[i + 1]) for i in range(0, len(log), 2)]

    @property
    def action_count(self) -> int:
        """How many actions were applied (without building them)."""
        return len(self._log) // 2

    @classmethod
    def replay(
        cls,
        rules: Rules,
        seed: int | str,
        actions: Iterable[tuple[str, Action]],
        deals: FairDeals | None = None,
    ) -> Match:
        """Rebuild a match from its rules, seed (and hands' seeds) and ``(seat, action)`` list."""
        match = cls(rules, seed, deals)
        # Any pair will do (a list from JSON too), as it does with the sources.
        for seat, action in cast(Iterable[Any], actions):
            match.apply(seat, action)
        return match

    # ----------------------------------------------------------------- state

    def _deal_next(self) -> None:
        self.hand_number += 1
        dealer = (self.first_dealer + self.hand_number - 1) & 3
        if self.deals is None:
            deal = deal_for(self.seed, self.hand_number, self.rules.variant)
        else:
            deal = self.deals.deal(self.hand_number, dealer, self.rules.variant)
        self.hand = HandState.from_ints(self.rules, dealer, deal, self._totals)
        self._looked = set()

    @property
    def dealer(self) -> str:
        """The dealer of the hand in progress (or of the last hand once over)."""
        return SEATS[self.hand.dealer]

    @property
    def to_move(self) -> str | None:
        """Seat to move, ``None`` once the match is over."""
        return None if self._result else SEATS[self.hand.to_move_index]

    @property
    def is_over(self) -> bool:
        """Has a partnership won?"""
        return self._result is not None

    @property
    def result(self) -> MatchResult | None:
        """``{"winner": "NS", "scores": {"NS": 512, "EW": 330}}`` once over, else ``None``."""
        if self._result is None:
            return None
        return {"winner": self._result["winner"], "scores": dict(self._result["scores"])}

    @property
    def scores(self) -> dict[str, dict[str, int]]:
        """Totals before the hand in progress (final totals once over): team -> score, bags."""
        return {team: dict(v) for team, v in self._totals.items()}

    def is_hidden(self, seat: int) -> bool:
        """Is seat int ``seat`` still offered blind nil without having looked at its cards?

        A seat to which blind nil is not offered this hand sees its cards from the deal.
        """
        hand = self.hand
        return (
            self._result is None
            and hand.bidding
            and hand.bids[seat] is None
            and hand.blind_nil_offered(seat)
            and seat not in self._looked
        )

    # ----------------------------------------------------------------- actions

    def legal_actions(self, seat: object = None) -> list[Action]:
        """Legal action dicts of ``seat`` (default: the seat to move); ``[]`` if none. Fresh
        dicts each call: changing them changes nothing in the match."""
        if self._result is not None:
            return []
        hand = self.hand
        t = hand.to_move_index
        p = t if seat is None else seat_index(seat)
        if not hand.bidding:
            # Nobody is hidden once the bidding is over.
            if p != t:
                return []
            plays = self._offered = hand.legal_play_ints()
            return [PLAY_ACTIONS[c].copy() for c in plays]
        to_move = p == t
        if self.is_hidden(p):
            return [bid_action(BLIND_NIL), _LOOK.copy()] if to_move else [_LOOK.copy()]
        if not to_move:
            return []
        values = hand.legal_bid_values()
        if p in self._looked:
            # Only bids while bidding: no other action is ever filtered out.
            return [BID_ACTIONS[v + 2].copy() for v in values if v != BLIND_NIL]
        return [BID_ACTIONS[v + 2].copy() for v in values]

    def apply(self, seat: object, action: object) -> None:
        """Apply one action dict (an ``Action``) for ``seat``; raise ``IllegalAction`` and change
        nothing if illegal. Both are validated here (``parse_action``, ``seat_index``), hence
        typed ``object``: a compiled engine raises the same errors as the sources."""
        offered = self._offered
        self._offered = ()
        hand = self.hand
        p = hand.to_move_index
        # Fast path: a well-formed, legal play or bid of the seat to move (what ``legal_actions``
        # offers). Anything else takes the checked path below, which raises the precise error.
        if self._result is None and type(seat) is str and seat == SEATS[p]:
            # ``play_card`` inlined: this is the hottest path of live tables and replays.
            if type(action) is dict and len(action) == 2 and action.get("type") == "play":
                card = action.get("card")
                c = CARD_INDEX.get(card, -1) if type(card) is str else -1
                if c in offered:  # among the plays just offered: known to be legal
                    hand.play_int(c)
                elif c < 0 or not hand.try_play(c):
                    self._apply_checked(seat, action)
                    return
                self._log += _PLAY_BYTES[p * 54 + c]
                if hand.is_complete:
                    self._finish_hand()
                return
            elif hand.bidding:
                v = bid_int(action)
                if (
                    v is not None
                    and v in hand.legal_bid_values()
                    and (p not in self._looked if v == BLIND_NIL else not self.is_hidden(p))
                ):
                    hand.bid_value(v)
                    self._log += _BID_BYTES[p * 16 + v + 2]
                    return
        self._apply_checked(seat, action)

    def _apply_checked(self, seat: object, action: object) -> None:
        """``apply`` with every check spelled out, each with its own error."""
        if self._result is not None:
            raise IllegalAction("the match is over", "match_over")
        parsed = parse_action(action)
        kind, value = parsed
        p = seat_index(seat)
        hand = self.hand
        if parsed[0] == "look":
            if not self.is_hidden(p):
                raise IllegalAction(
                    f"{seat} cannot look now: blind nil is not on offer to {seat}",
                    "look_not_offered",
                )
            self._looked.add(p)
        elif parsed[0] == "bid":
            value = parsed[1]
            hand.check_bid(p, value)
            if value != BLIND_NIL and self.is_hidden(p):
                raise IllegalAction(
                    f"{seat} has not looked at its cards: bid blind nil or look first",
                    "bid_not_offered",
                )
            if value == BLIND_NIL and p in self._looked:
                raise IllegalAction(
                    f"{seat} cannot bid blind nil after looking at its cards", "bid_not_offered"
                )
            hand.bid_value(value)
        else:
            hand.check_play(p, parsed[1])
            hand.play_int(parsed[1])
        self._log += _encode(p, kind, value)
        if hand.is_complete:
            self._finish_hand()

    def _finish_hand(self) -> None:
        hand = self.hand
        bids, tricks = hand.bids_dict(), hand.tricks_dict()
        detail = score_hand_ints(self.rules, hand.bids, hand.tricks_won, self._totals)  # type: ignore[arg-type]
        entry = {
            "hand_number": self.hand_number,
            "dealer": SEATS[hand.dealer],
            "bids": bids,
            "tricks_won": tricks,
            **detail,
        }
        if self.deals is not None:
            entry["shuffle"] = self.deals.reveal(self.hand_number)
        self.history.append(entry)
        last = hand.completed_trick(-1)
        self._previous_last_trick = {"hand_number": self.hand_number, **last}
        for team in TEAMS:
            self._totals[team] = {"score": detail[team]["score"], "bags": detail[team]["bags"]}
        ns, ew = self._totals["NS"]["score"], self._totals["EW"]["score"]
        winner = match_winner(self.rules, ns, ew, self.hand_number)
        if winner is not None:
            self._result = {"winner": winner, "scores": {"NS": ns, "EW": ew}}
        elif (
            self.deals is not None
            and self.deals.final
            and self.hand_number >= len(self.deals.seeds)
        ):
            # A fixed set of deals ends with its last one; equal scores are a draw (no winner).
            leader = None if ns == ew else ("NS" if ns > ew else "EW")
            self._result = {"winner": leader, "scores": {"NS": ns, "EW": ew}}
        else:
            self._deal_next()

    # ----------------------------------------------------------------- views

    def last_trick(self) -> LastTrick | None:
        """The most recently completed trick of the match (possibly of the previous hand)."""
        if self.hand.trick_winners:
            return {"hand_number": self.hand_number, **self.hand.completed_trick(-1)}
        previous = self._previous_last_trick
        if previous is None:
            return None
        return {**previous, "cards": [card.copy() for card in previous["cards"]]}

    def views(self, seats: Iterable[str]) -> dict[str | None, SeatView]:
        """``view`` of a spectator (key ``None``) and of each of ``seats``, each equal to what
        ``view`` returns, for serializing at once: they share their public parts (the same
        objects), built once. A broadcast of one change to every seat needs exactly that."""
        public = self.view(None)
        out: dict[str | None, SeatView] = {None: public}
        for seat in seats:
            p = seat_index(seat)
            hidden = self.is_hidden(p)
            view = public.copy()  # the same keys in the same order: only these four differ
            view["seat"] = seat
            view["hand"] = None if hidden else self.hand.hand_codes(p)
            view["hand_hidden"] = hidden
            view["legal"] = self.legal_actions(seat)
            out[seat] = view
        return out

    def view(self, seat: str | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator). JSON-serializable, never another seat's
        unplayed card."""
        p = None if seat is None else seat_index(seat)
        hand = self.hand
        over = self._result is not None
        hidden = p is not None and self.is_hidden(p)
        n, e, s, w = hand.bids
        first = (hand.dealer + 1) & 3
        return {
            "seat": seat,
            "rules": self._rules_dict.copy(),
            "hand_number": self.hand_number,
            "dealer": SEATS[hand.dealer],
            "phase": "over" if over else ("bidding" if hand.bidding else "playing"),
            "to_move": self.to_move,
            "hand": None if p is None or hidden else hand.hand_codes(p),
            "hand_hidden": hidden,
            "hand_counts": hand.hand_counts(),
            "bid_order": [
                SEATS[first],
                SEATS[(first + 1) & 3],
                SEATS[(first + 2) & 3],
                SEATS[(first + 3) & 3],
            ],
            "bids": hand.bids_dict(),
            "tricks_won": hand.tricks_dict(),
            "trick": hand.current_trick(),
            "tricks": hand.completed_tricks(),
            "spades_broken": hand.spades_broken,
            "scores": self.scores,
            "contracts": {
                "NS": None if n is None or s is None else max(n, 0) + max(s, 0),
                "EW": None if e is None or w is None else max(e, 0) + max(w, 0),
            },
            "legal": [] if p is None else self.legal_actions(seat),
            "result": self.result,
            "last_trick": self.last_trick(),
            # The commitment, never the seed: it is revealed in the history once the hand ends.
            "shuffle": None if self.deals is None else self.deals.public(self.hand_number),
        }


#: Every attribute of a ``Match`` (``__reduce__``).
_MATCH_STATE: Final = (
    "rules",
    "_rules_dict",
    "seed",
    "deals",
    "first_dealer",
    "hand_number",
    "_log",
    "history",
    "_totals",
    "_result",
    "_looked",
    "_previous_last_trick",
    "_offered",
    "hand",
)


def _rebuild_match(rules: Rules, seed: int | str, state: dict[str, Any]) -> Match:
    """The ``Match`` of ``__reduce__``: a new one of the same rules and seed, given ``state``."""
    match = Match(rules, seed)
    for name, value in state.items():
        setattr(match, name, value)
    return match
