"""The variants of rules.md ("Variants"): one strategy object each, the only place where a variant
changes the game.

A variant supplies its deck (52 card ints), its trump order (spades from weakest to strongest; the
Joker variant's jokers above the ace of spades) and the bids it offers to a seat given that seat's
hand and the bids so far. Everything else (play, scoring, the end of a match) is the standard mode's.
``HandState`` asks ``VARIANTS[rules.variant]`` and has no variant condition of its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from .cards import (
    BIG_JOKER,
    BLIND_NIL,
    CARD_INDEX,
    LITTLE_JOKER,
    NIL,
    SEATS,
    deal_ints,
    int_to_bid,
)

if TYPE_CHECKING:
    from .hand import HandState


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (the Django side does)."""
    return message


_NUMERIC: Final = tuple(range(14))
# (nil offered, blind nil offered) -> bids offered to a seat whose partner has not bid yet.
_FIRST_OFFERS: Final = {
    (False, False): _NUMERIC,
    (True, False): (*_NUMERIC, NIL),
    (False, True): (*_NUMERIC, BLIND_NIL),
    (True, True): (*_NUMERIC, NIL, BLIND_NIL),
}
_AT_LEAST_FOUR: Final = tuple(range(4, 14))
_STANDARD_DECK: Final = tuple(range(52))
_JOKER_DECK: Final = (
    *(c for c in range(52) if c not in (CARD_INDEX["2D"], CARD_INDEX["2C"])),
    LITTLE_JOKER,
    BIG_JOKER,
)


def _bid_text(value: int) -> str:
    return str(int_to_bid(value)).replace("_", " ")


class Variant:
    """The standard mode; subclasses change the deck or the bids offered."""

    name = "none"
    label = gettext_noop("Standard")
    help = gettext_noop("The usual game: bid from 0 to 13, nil and blind nil as the options say.")
    #: The 52 card ints dealt.
    deck: tuple[int, ...] = _STANDARD_DECK
    #: Spades from the weakest to the strongest: the trump order.
    trumps: tuple[int, ...] = tuple(range(13))
    #: Options whose value this variant decides, whatever the table says (rules.md: "where a
    #: variant forces or offers nil, it does so whatever the nil option says"). The summaries
    #: leave them out.
    fixed: dict[str, Any] = {}

    def __init__(self) -> None:
        self.deck_set = frozenset(self.deck)
        #: May this variant offer blind nil at all (when the options allow it)?
        self.blind_nil: bool = self.fixed.get("blind_nil", True)

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy (``copy``, ``deepcopy``, ``pickle``) of a variant is the variant itself: one
        object each, in ``VARIANTS``, the same compiled or not."""
        return _variant, (self.name,)

    def deal(self, rng: random.Random) -> list[list[int]]:
        """A uniformly random deal of this variant's deck: card ints by seat int."""
        return deal_ints(rng, None if self.deck is _STANDARD_DECK else self.deck)

    def bid_offers(self, state: HandState, p: int) -> tuple[int, ...]:
        """The int-encoded bids offered to seat int ``p``, numbers first, then nil, blind nil."""
        if state.bids[p ^ 2] is None:
            return _FIRST_OFFERS[state.rules.nil, state.blind_ok[p & 1]]
        return _NUMERIC

    def refusal(self, state: HandState, p: int, value: int) -> str:
        """Why ``value`` is not among ``bid_offers(state, p)``, in plain English."""
        seat = SEATS[p]
        offers = ", ".join(_bid_text(v) for v in self.bid_offers(state, p))
        return f"{seat} cannot bid {_bid_text(value)} in {self.label}: offered {offers}"


class Standard(Variant):
    """The standard mode: nil and blind nil follow the options, first bidder of a partnership."""

    def refusal(self, state: HandState, p: int, value: int) -> str:
        seat = SEATS[p]
        name = "nil" if value == NIL else "blind nil"
        rules = state.rules
        if not (rules.nil if value == NIL else rules.blind_nil):
            return f"{name} is not played at this table"
        partner = p ^ 2
        if state.bids[partner] is not None:
            return f"{seat} cannot bid {name}: partner {SEATS[partner]} has already bid"
        return (
            f"{seat} cannot bid blind nil: its partnership is not behind by "
            f"{rules.blind_nil_min_deficit} points"
        )


class Mirror(Variant):
    """Each bid is forced: the number of spades held; no spade means nil."""

    name = "mirror"
    label = gettext_noop("Mirror")
    help = gettext_noop("Everyone must bid the number of spades they hold (none: nil).")
    fixed = {"nil": True, "blind_nil": False}

    def bid_offers(self, state: HandState, p: int) -> tuple[int, ...]:
        n = state.spade_count(p)
        return (n,) if n else (NIL,)


class Whiz(Variant):
    """Bid the number of spades held, or nil (always offered)."""

    name = "whiz"
    label = gettext_noop("Whiz")
    help = gettext_noop("Everyone bids either the number of spades they hold or nil.")
    fixed = {"nil": True, "blind_nil": False}

    def bid_offers(self, state: HandState, p: int) -> tuple[int, ...]:
        n = state.spade_count(p)
        return (n, NIL) if n else (NIL,)


class Suicide(Variant):
    """In each partnership exactly one player bids nil, the other at least 4."""

    name = "suicide"
    label = gettext_noop("Suicide")
    help = gettext_noop(
        "In each partnership one player bids nil and the other at least 4. Set a loss floor too:"
        " failed nils can sink both teams for a long time."
    )
    fixed = {"nil": True}

    def bid_offers(self, state: HandState, p: int) -> tuple[int, ...]:
        partner = state.bids[p ^ 2]
        if partner is None:
            if state.blind_ok[p & 1]:
                return (*_AT_LEAST_FOUR, NIL, BLIND_NIL)
            return (*_AT_LEAST_FOUR, NIL)
        if partner < 0:
            return _AT_LEAST_FOUR
        return (NIL,)


class Joker(Standard):
    """Two jokers replace the twos of clubs and diamonds; they are the two highest spades."""

    name = "joker"
    label = gettext_noop("Joker")
    help = gettext_noop(
        "Two jokers replace the 2 of clubs and the 2 of diamonds: the highest spades."
    )
    deck = _JOKER_DECK
    trumps = (*range(13), LITTLE_JOKER, BIG_JOKER)


#: Variant name -> its strategy object, in the order the form offers them.
VARIANTS: Final[dict[str, Variant]] = {
    v.name: v for v in (Standard(), Mirror(), Whiz(), Suicide(), Joker())
}


def _variant(name: str) -> Variant:
    """``VARIANTS[name]``: what a copied variant is (``Variant.__reduce__``)."""
    return VARIANTS[name]
