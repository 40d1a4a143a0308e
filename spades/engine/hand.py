"""One hand of Spades: bidding then thirteen tricks (rules.md "Bidding" and "Play").

``HandState`` has two faces over the same state:

- a checked API in the rules' vocabulary (``legal_actions``, ``apply``, seats and card codes),
  used by ``Match`` and the ``score`` command;
- a fast, unchecked int API for simulation (``legal_bid_values``, ``bid_value``,
  ``legal_play_ints``, ``play_int``, ``copy``), used by self-play and the bots' search. See
  "Fast API for search" in docs/engine.md; the int encoding is described in ``cards.py``.

A ``HandState`` has no notion of looking at one's cards: a hand record does not say when a player
looked, so a numeric bid implies a look. ``Match`` adds the blind nil look on top. What a variant
changes (deck, bids offered) is asked of ``VARIANTS[rules.variant]`` (variants.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from .actions import Action, BidValue, CompletedTrick, TrickCard, TrickView
from .cards import (
    BEATS,
    BID_NAMES,
    CODES,
    RANK_BIT,
    RANK_MASKS,
    SEAT_INDEX,
    SEATS,
    SUIT_BASE,
    SUIT_CARDS,
    SUIT_NAMES,
    SUIT_OF,
)
from .checks import (
    BAD_ACTION,
    BID_ACTIONS,
    PLAY_ACTIONS,
    blind_nil_teams,
    check_deal,
    fmt_json,
    parse_action,
    play_card,
    seat_index,
)
from .rules import IllegalAction, Rules
from .scoring import score_hand
from .variants import VARIANTS

#: The totals of both partnerships at the deal (``None``: zero scores), and a deal as card ints.
Totals = Mapping[str, Mapping[str, int]] | None
Ints = Sequence[Sequence[int]]
# A seat's suit masks start at their suit's base so that ``SUIT_CARDS[mask]`` needs no offset.
_B0: Final = SUIT_BASE[0]
_B1: Final = SUIT_BASE[1]
_B2: Final = SUIT_BASE[2]
_B3: Final = SUIT_BASE[3]
# A card's rank bit in a seat's four suit masks packed in one int (15 bits a suit, spades
# first): a deal is summed per seat with one ``|`` a card, then split into the masks.
_PACKED_BIT: Final = tuple(RANK_BIT[c] << (15 * SUIT_OF[c]) for c in range(len(RANK_BIT)))
# The rank bits of a suit other than spades, and of spades (with the jokers).
_RANKS13: Final = RANK_MASKS[1]
_SPADE_RANKS: Final = RANK_MASKS[0]
# Each seat and where its suit masks start.
_SEAT_BASES: Final = tuple((seat, i << 2) for i, seat in enumerate(SEATS))
# ``{"seat": ..., "card": ...}`` of each seat and card, by ``seat * 54 + card``: copied into views.
_SEAT_CARDS: Final = tuple(TrickCard(seat=seat, card=code) for seat in SEATS for code in CODES)


#: Every attribute of a ``HandState``: its ``__slots__``, and what ``__reduce__`` copies.
_HAND_STATE: Final = (
    "_masks",
    "_variant",
    "bidding",
    "bids",
    "blind_ok",
    "dealer",
    "is_complete",
    "led",
    "n_bids",
    "plays",
    "rules",
    "spades_broken",
    "to_move_index",
    "trick_len",
    "trick_winners",
    "tricks_won",
    "win_card",
    "win_seat",
)


class HandState:
    """One hand from the deal to the 13th trick. See the module docstring for its two APIs.

    Public attributes (read them, never write them; the fast API is unchecked):
    ``rules``, ``dealer`` (seat int), ``bids`` (4 ints or None, int-encoded), ``tricks_won``
    (4 ints), ``plays`` (card ints in order), ``to_move_index`` (seat int), ``bidding``,
    ``is_complete``, ``spades_broken``, ``trick_len`` (cards in the trick in progress),
    ``led`` (suit int of the trick in progress), ``win_seat`` / ``win_card`` (best so far),
    ``trick_winners`` (seat int of each completed trick).
    """

    __slots__ = _HAND_STATE

    def __init__(
        self,
        rules: object,
        dealer: object,
        hands: Any,
        before: Totals = None,
        *,
        _unchecked: bool = False,
    ) -> None:
        """``rules`` (a ``Rules``); ``dealer``: a seat or seat int; ``hands``: seat -> 13 card
        codes (or a list of 4 lists of card ints); checked against the variant's deck.
        ``before``: the totals at the deal (blind nil when behind). Typed ``object`` where
        checked here (so that a compiled engine raises the same errors as the sources).

        ``_unchecked`` is for ``from_ints`` and ``copy`` only (a compiled class has no bare
        ``__new__``): nothing checked, and with ``hands=None`` nothing set at all."""
        if _unchecked:
            if hands is not None:
                self._setup(cast(Rules, rules), cast(int, dealer), hands, before)
            return
        if isinstance(dealer, str):
            d = SEAT_INDEX.get(dealer)
        else:
            d = dealer if type(dealer) is int and 0 <= dealer < 4 else None
        if d is None:
            raise ValueError(f"not a seat: {fmt_json(dealer)}")
        if not isinstance(rules, Rules):
            raise ValueError("rules must be a Rules")
        self._setup(rules, d, check_deal(hands, variant=VARIANTS[rules.variant]), before)

    @classmethod
    def from_ints(cls, rules: Rules, dealer: int, hands: Ints, before: Totals = None) -> HandState:
        """Fast constructor: ``hands[seat_int]`` = 13 card ints. Not checked. ``before``: the
        totals at the deal, needed only when ``rules.blind_nil_min_deficit`` is set."""
        return HandState(rules, dealer, hands, before, _unchecked=True)

    def _setup(self, rules: Rules, dealer: int, hands: Ints, before: Totals) -> None:
        masks: list[int] = []
        bits = _PACKED_BIT
        for p in range(4):
            m = 0
            for c in hands[p]:
                m |= bits[c]
            masks += (
                _B0 | (m & 0x7FFF),
                _B1 | (m >> 15 & 0x1FFF),
                _B2 | (m >> 30 & 0x1FFF),
                _B3 | (m >> 45 & 0x1FFF),
            )
        self._masks = masks
        variant = self._variant = VARIANTS[rules.variant]
        self.blind_ok = blind_nil_teams(rules, variant, before)
        self.rules = rules
        self.dealer = dealer
        self.bids: list[int | None] = [None, None, None, None]
        self.n_bids = 0
        self.bidding = True
        self.is_complete = False
        self.tricks_won = [0, 0, 0, 0]
        self.plays: list[int] = []
        self.trick_winners: list[int] = []
        self.to_move_index = (dealer + 1) & 3
        self.spades_broken = False
        self.trick_len = 0
        self.led = -1
        self.win_card = -1
        self.win_seat = -1

    def __reduce__(self) -> tuple[Any, ...]:
        """For ``copy``/``deepcopy``/``pickle``, the same compiled or not: a compiled class has
        no bare ``__new__`` nor ``__slots__`` to read (``_rebuild_hand``)."""
        return _rebuild_hand, (tuple(getattr(self, name) for name in _HAND_STATE),)

    def copy(self) -> HandState:
        """An independent copy (cheap: a few small lists)."""
        new = HandState(self.rules, self.dealer, None, _unchecked=True)
        new._masks = self._masks[:]
        new._variant = self._variant
        new.blind_ok = self.blind_ok
        new.rules = self.rules
        new.dealer = self.dealer
        new.bids = self.bids[:]
        new.n_bids = self.n_bids
        new.bidding = self.bidding
        new.is_complete = self.is_complete
        new.tricks_won = self.tricks_won[:]
        new.plays = self.plays[:]
        new.trick_winners = self.trick_winners[:]
        new.to_move_index = self.to_move_index
        new.spades_broken = self.spades_broken
        new.trick_len = self.trick_len
        new.led = self.led
        new.win_card = self.win_card
        new.win_seat = self.win_seat
        return new

    # ----------------------------------------------------------------- fast API (unchecked)

    def legal_bid_values(self) -> tuple[int, ...]:
        """Bids offered to the seat to move (by the variant): numbers, then ``NIL``, ``BLIND_NIL``."""
        return self._variant.bid_offers(self, self.to_move_index)

    def bid_value(self, value: int) -> None:
        """Record the int-encoded bid of the seat to move. Unchecked."""
        p = self.to_move_index
        self.bids[p] = value
        self.to_move_index = (p + 1) & 3
        self.n_bids += 1
        if self.n_bids == 4:
            self.bidding = False

    def legal_play_ints(self) -> tuple[int, ...]:
        """Cards the seat to move may play, ascending card ints. Do not call during bidding."""
        p4 = self.to_move_index << 2
        masks = self._masks
        if self.trick_len:
            follow = SUIT_CARDS[masks[p4 + self.led]]
            if follow:  # any card of the suit led
                return follow
            return (
                SUIT_CARDS[masks[p4]]
                + SUIT_CARDS[masks[p4 + 1]]
                + SUIT_CARDS[masks[p4 + 2]]
                + SUIT_CARDS[masks[p4 + 3]]
            )
        others = SUIT_CARDS[masks[p4 + 1]] + SUIT_CARDS[masks[p4 + 2]] + SUIT_CARDS[masks[p4 + 3]]
        if self.spades_broken:
            return SUIT_CARDS[masks[p4]] + others
        return others or SUIT_CARDS[masks[p4]]

    def play_int(self, c: int) -> None:
        """Play card int ``c`` for the seat to move. Unchecked: ``c`` must be legal."""
        p = self.to_move_index
        self._masks[(p << 2) + SUIT_OF[c]] ^= RANK_BIT[c]
        self.plays.append(c)
        n = self.trick_len
        if n:
            if BEATS[self.win_card * 54 + c]:
                self.win_card = c
                self.win_seat = p
                # A spade that does not take the lead was beaten by a spade, so spades were
                # already broken: only leading or winning spades need the flag set.
                if c < 13 or c > 51:
                    self.spades_broken = True
            if n != 3:
                self.trick_len = n + 1
                self.to_move_index = (p + 1) & 3
                return
            w = self.win_seat
            self.tricks_won[w] += 1
            winners = self.trick_winners
            winners.append(w)
            self.trick_len = 0
            self.to_move_index = w
            if len(winners) == 13:
                self.is_complete = True
            return
        led = self.led = SUIT_OF[c]
        self.win_card = c
        self.win_seat = p
        self.trick_len = 1
        self.to_move_index = (p + 1) & 3
        if not led:
            self.spades_broken = True

    def holds(self, seat: int, c: int) -> bool:
        """Does seat int ``seat`` still hold card int ``c``?"""
        return bool(self._masks[(seat << 2) + SUIT_OF[c]] & RANK_BIT[c])

    def hand_ints(self, seat: int) -> list[int]:
        """The unplayed card ints of a seat, ascending."""
        m = self._masks
        b = seat << 2
        return [
            *SUIT_CARDS[m[b]],
            *SUIT_CARDS[m[b + 1]],
            *SUIT_CARDS[m[b + 2]],
            *SUIT_CARDS[m[b + 3]],
        ]

    def hand_count(self, seat: int) -> int:
        """How many cards a seat still holds."""
        m = self._masks
        b = seat << 2
        return (
            (m[b] & _SPADE_RANKS).bit_count()
            + (m[b + 1] & _RANKS13).bit_count()
            + (m[b + 2] & _RANKS13).bit_count()
            + (m[b + 3] & _RANKS13).bit_count()
        )

    def hand_counts(self) -> dict[str, int]:
        """Seat -> how many cards it still holds (``hand_count`` of each, in one pass)."""
        m = self._masks
        r, sp = _RANKS13, _SPADE_RANKS
        return {
            seat: (m[b] & sp).bit_count()
            + (m[b + 1] & r).bit_count()
            + (m[b + 2] & r).bit_count()
            + (m[b + 3] & r).bit_count()
            for seat, b in _SEAT_BASES
        }

    def spade_count(self, seat: int) -> int:
        """How many spades (jokers included) a seat still holds."""
        return (self._masks[seat << 2] & RANK_MASKS[0]).bit_count()

    def blind_nil_offered(self, seat: int) -> bool:
        """Is blind nil offered to seat int ``seat`` this hand (first bidder of a partnership
        that may have it)? ``Match`` deals the hand face down to such a seat."""
        first = (self.dealer + 1) & 3
        return self.blind_ok[seat & 1] and (seat == first or seat == (first + 1) & 3)

    def suit_ints(self, seat: int, suit: int) -> tuple[int, ...]:
        """The unplayed card ints of one suit in a seat's hand, ascending."""
        return SUIT_CARDS[self._masks[(seat << 2) + suit]]

    # ----------------------------------------------------------------- checked API

    @property
    def to_move(self) -> str | None:
        """Seat to move, or None once the 13th trick is taken."""
        return None if self.is_complete else SEATS[self.to_move_index]

    @property
    def trick_leader(self) -> int:
        """Seat int leading the trick in progress (or the next trick)."""
        return (self.to_move_index - self.trick_len) & 3

    def legal_actions(self) -> list[Action]:
        """Action dicts for the seat to move (``[]`` once complete): fresh dicts each call."""
        if self.is_complete:
            return []
        if self.bidding:
            return [BID_ACTIONS[v + 2].copy() for v in self.legal_bid_values()]
        return [PLAY_ACTIONS[c].copy() for c in self.legal_play_ints()]

    def apply(self, seat: object, action: object) -> None:
        """Apply one bid or play action dict (an ``Action``) for ``seat``, or raise
        ``IllegalAction``. Both are validated here (``parse_action``, ``seat_index``), hence
        typed ``object``."""
        if type(seat) is str and seat == SEATS[self.to_move_index]:
            c = play_card(action)
            if c >= 0 and self.try_play(c):
                return
        parsed = parse_action(action)
        p = seat_index(seat)
        if parsed[0] == "bid":
            self.check_bid(p, parsed[1])
            self.bid_value(parsed[1])
        elif parsed[0] == "play":
            self.check_play(p, parsed[1])
            self.play_int(parsed[1])
        else:
            raise IllegalAction("looking at one's cards is a match action", BAD_ACTION)

    def try_play(self, c: int) -> bool:
        """Play card int ``c`` for the seat to move if that is legal; else change nothing and
        return False (``check_play`` then says why). The checked APIs' fast path: the same test
        as ``check_play`` on the suit masks, without building any message."""
        if self.bidding or self.is_complete:
            return False
        p4 = self.to_move_index << 2
        masks = self._masks
        suit = SUIT_OF[c]
        if not masks[p4 + suit] & RANK_BIT[c]:
            return False
        if self.trick_len:
            led = self.led
            if suit != led and masks[p4 + led] & RANK_MASKS[led]:
                return False
        elif (
            not suit
            and not self.spades_broken
            and (masks[p4 + 1] | masks[p4 + 2] | masks[p4 + 3]) & _RANKS13
        ):
            return False
        self.play_int(c)
        return True

    def check_bid(self, p: int, value: int) -> None:
        """Raise ``IllegalAction`` unless seat int ``p`` may bid ``value`` now."""
        seat = SEATS[p]
        if not self.bidding:
            raise IllegalAction(f"{seat} cannot bid: the bidding is over", "not_bidding")
        if p != self.to_move_index:
            raise IllegalAction(
                f"{seat} bid out of turn: {SEATS[self.to_move_index]} is to bid", "not_your_turn"
            )
        if value not in self._variant.bid_offers(self, p):
            raise IllegalAction(self._variant.refusal(self, p, value), "bid_not_offered")

    def check_play(self, p: int, c: int) -> None:
        """Raise ``IllegalAction`` unless seat int ``p`` may play card int ``c`` now."""
        seat = SEATS[p]
        card = CODES[c]
        if self.bidding:
            raise IllegalAction(
                f"{seat} cannot play {card}: the bidding is not over", "not_playing"
            )
        if self.is_complete:
            raise IllegalAction(f"{seat} cannot play {card}: the hand is over", "not_playing")
        if p != self.to_move_index:
            raise IllegalAction(
                f"{seat} played out of turn: {SEATS[self.to_move_index]} is to play",
                "not_your_turn",
            )
        if not self.holds(p, c):
            where = " (already played)" if c in self.plays else ""
            raise IllegalAction(f"{seat} does not hold {card}{where}", "not_held")
        suit = SUIT_OF[c]
        if self.trick_len:
            if suit != self.led:
                held = self.suit_ints(p, self.led)
                if held:
                    raise IllegalAction(
                        f"{seat} must follow {SUIT_NAMES[self.led]}: holds "
                        + ", ".join(CODES[x] for x in held),
                        "must_follow_suit",
                    )
        elif suit == 0 and not self.spades_broken:
            others = [x for s in (1, 2, 3) for x in self.suit_ints(p, s)]
            if others:
                raise IllegalAction(
                    f"{seat} cannot lead spades before they are broken: holds other suits",
                    "spades_not_broken",
                )

    # ----------------------------------------------------------------- reading the state

    def bids_dict(self) -> dict[str, BidValue | None]:
        """Seat -> bid (``None`` while not bid)."""
        # Spelled out, as in ``tricks_dict``: a compiled engine builds the dict in one step.
        n, e, s, w = self.bids
        names = BID_NAMES
        return {
            "N": n if n is None or n >= 0 else names[n],
            "E": e if e is None or e >= 0 else names[e],
            "S": s if s is None or s >= 0 else names[s],
            "W": w if w is None or w >= 0 else names[w],
        }

    def tricks_dict(self) -> dict[str, int]:
        """Seat -> tricks won so far."""
        n, e, s, w = self.tricks_won
        return {"N": n, "E": e, "S": s, "W": w}

    def hand_codes(self, seat: int) -> list[str]:
        """A seat's unplayed cards as codes, in display order (``sort_cards``: clubs, diamonds,
        hearts, spades, each suit from low to high as ``SUIT_CARDS`` holds it)."""
        m = self._masks
        b = seat << 2
        cards = (
            SUIT_CARDS[m[b + 3]] + SUIT_CARDS[m[b + 2]] + SUIT_CARDS[m[b + 1]] + SUIT_CARDS[m[b]]
        )
        return [CODES[c] for c in cards]

    def current_trick(self) -> TrickView:
        """The trick in progress: ``{"leader": seat, "cards": [{"seat", "card"}...]}``."""
        leader = self.trick_leader
        n = self.trick_len
        plays = self.plays
        b = len(plays) - n
        return {
            "leader": SEATS[leader],
            "cards": [_SEAT_CARDS[((leader + i) & 3) * 54 + plays[b + i]].copy() for i in range(n)],
        }

    def completed_tricks(self) -> list[CompletedTrick]:
        """This hand's completed tricks, oldest first, with leader, cards and winner."""
        return [self.completed_trick(k) for k in range(len(self.trick_winners))]

    def completed_trick(self, k: int) -> CompletedTrick:
        """Completed trick ``k`` (0-based; -1: the last one, when there is one) with leader,
        cards and winner."""
        winners = self.trick_winners
        if k < 0:
            k += len(winners)
        leader = winners[k - 1] if k else (self.dealer + 1) & 3
        plays = self.plays
        b = 4 * k
        return {
            "leader": SEATS[leader],
            "cards": [
                _SEAT_CARDS[leader * 54 + plays[b]].copy(),
                _SEAT_CARDS[((leader + 1) & 3) * 54 + plays[b + 1]].copy(),
                _SEAT_CARDS[((leader + 2) & 3) * 54 + plays[b + 2]].copy(),
                _SEAT_CARDS[((leader + 3) & 3) * 54 + plays[b + 3]].copy(),
            ],
            "winner": SEATS[winners[k]],
        }

    def score(self, before: dict[str, dict[str, int]] | None = None) -> dict[str, Any]:
        """``score_hand`` of this complete hand."""
        if not self.is_complete:
            raise ValueError("the hand is not complete")
        return score_hand(self.rules, self.bids_dict(), self.tricks_dict(), before)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        state = "complete" if self.is_complete else ("bidding" if self.bidding else "playing")
        return (
            f"<HandState dealer={SEATS[self.dealer]} {state} plays={len(self.plays)} "
            f"tricks={self.tricks_dict()}>"
        )


def _rebuild_hand(values: tuple[Any, ...]) -> HandState:
    """The ``HandState`` of ``__reduce__``'s values (in ``__slots__`` order)."""
    new = HandState(None, 0, None, _unchecked=True)
    for name, value in zip(_HAND_STATE, values, strict=True):
        setattr(new, name, value)
    return new
