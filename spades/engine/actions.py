"""The types of the engine's actions and seat view (docs/engine.md), for type checkers only.

Actions are plain dicts at run time (JSON in, JSON out); these ``TypedDict`` describe them:

- ``Bid``: ``{"type": "bid", "bid": 3}``, ``{"type": "bid", "bid": "nil"}`` or
  ``{"type": "bid", "bid": "blind_nil"}``;
- ``Play``: ``{"type": "play", "card": "QS"}``;
- ``Look``: ``{"type": "look"}`` (the seat looks at its cards: blind nil is then gone).

``Action = Bid | Play | Look``. ``Match.apply`` still validates whatever it is given (an action
from outside is checked by ``parse_action``, never trusted because of its static type).
``is_bid`` / ``is_play`` / ``is_look`` test the ``type`` key as ``action.get("type") == ...`` does,
and narrow an ``Action`` for the type checker.

``SeatView`` is the dict ``Match.view(seat)`` returns, with its parts (``TrickView``, ...).
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypedDict, TypeGuard, cast

#: A bid as actions and views spell it: ``0..13``, ``"nil"`` or ``"blind_nil"``.
BidValue: TypeAlias = int | Literal["nil", "blind_nil"]


class Bid(TypedDict):
    """``{"type": "bid", "bid": 3}`` (or ``"nil"``, ``"blind_nil"``)."""

    type: Literal["bid"]
    bid: BidValue


class Play(TypedDict):
    """``{"type": "play", "card": "QS"}``."""

    type: Literal["play"]
    card: str


class Look(TypedDict):
    """``{"type": "look"}``: a blind nil candidate looks at its cards."""

    type: Literal["look"]


Action: TypeAlias = Bid | Play | Look

#: ``parse_action``'s result: the kind, then the int-encoded bid, the card int, or None.
ParsedAction: TypeAlias = (
    tuple[Literal["bid"], int] | tuple[Literal["play"], int] | tuple[Literal["look"], None]
)


def is_bid(action: Action) -> TypeGuard[Bid]:
    """Is ``action`` a bid (its ``type`` is ``"bid"``)?"""
    return action.get("type") == "bid"


def is_play(action: Action) -> TypeGuard[Play]:
    """Is ``action`` a play (its ``type`` is ``"play"``)?"""
    return action.get("type") == "play"


def is_look(action: Action) -> TypeGuard[Look]:
    """Is ``action`` a look (its ``type`` is ``"look"``)?"""
    return action.get("type") == "look"


def bid_number(action: Bid) -> int:
    """The number of a numeric bid action: its ``bid``, known to be an int (not checked)."""
    return cast(int, action["bid"])


# ----------------------------------------------------------------------------------------------
# The seat view
# ----------------------------------------------------------------------------------------------
class TrickCard(TypedDict):
    """One card of a trick and the seat that played it."""

    seat: str
    card: str


class TrickView(TypedDict):
    """The trick in progress: its leader and the cards played so far."""

    leader: str
    cards: list[TrickCard]


class CompletedTrick(TrickView):
    """A completed trick, with its winner."""

    winner: str


class LastTrick(CompletedTrick):
    """The most recently completed trick of the match, with its hand's number."""

    hand_number: int


class TeamTotals(TypedDict):
    """A partnership's match totals."""

    score: int
    bags: int


class MatchResult(TypedDict):
    """``{"winner": "NS", "scores": {"NS": 512, "EW": 330}}``; ``winner`` is None only for a
    draw at the end of a fixed set of deals (``FairDeals.final``)."""

    winner: str | None
    scores: dict[str, int]


class SeatView(TypedDict):
    """What ``Match.view(seat)`` returns (docs/engine.md, "The seat view")."""

    seat: str | None
    rules: dict[str, Any]
    hand_number: int
    dealer: str
    phase: Literal["bidding", "playing", "over"]
    to_move: str | None
    hand: list[str] | None
    hand_hidden: bool
    hand_counts: dict[str, int]
    bid_order: list[str]
    bids: dict[str, BidValue | None]
    tricks_won: dict[str, int]
    trick: TrickView
    tricks: list[CompletedTrick]
    spades_broken: bool
    scores: dict[str, dict[str, int]]
    contracts: dict[str, int | None]
    legal: list[Action]
    result: MatchResult | None
    last_trick: LastTrick | None
    #: ``{"scheme", "context", "commitment"}`` of the hand (``None``: dealt before that scheme).
    shuffle: dict[str, str] | None


__all__ = [
    "Action",
    "Bid",
    "BidValue",
    "CompletedTrick",
    "LastTrick",
    "Look",
    "MatchResult",
    "ParsedAction",
    "Play",
    "SeatView",
    "TeamTotals",
    "TrickCard",
    "TrickView",
    "bid_number",
    "is_bid",
    "is_look",
    "is_play",
]
