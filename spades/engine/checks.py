"""Checking what comes from outside the engine: actions, seats, deals, and who may bid blind nil.

Shared by ``HandState`` (hand.py), ``Match`` and the hand records; errors name what is wrong in plain
English (``IllegalAction`` for actions, ``ValueError`` for deals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .actions import Bid, ParsedAction, Play
from .cards import BLIND_NIL, CARD_INDEX, CODES, NIL, SEAT_INDEX, SEATS, int_to_bid
from .rules import IllegalAction, Rules
from .variants import VARIANTS, Variant

BAD_ACTION: Final = "bad_action"


def fmt_json(value: Any) -> str:
    """A value quoted the JSON way, for error messages."""
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    return repr(value)


def parse_action(action: object) -> ParsedAction:
    """Validate an action dict strictly: ``("bid", value)``, ``("play", card)`` or ``("look", None)``.

    Bids come back in the int encoding and cards as ints. Raises ``IllegalAction("bad_action")``.
    """
    if not isinstance(action, dict):
        raise IllegalAction("an action must be an object", BAD_ACTION)
    kind = action.get("type")
    if kind == "bid":
        if len(action) != 2 or "bid" not in action:
            raise IllegalAction('a bid action has exactly the keys "type" and "bid"', BAD_ACTION)
        bid = action["bid"]
        if type(bid) is int:
            if 0 <= bid <= 13:
                return "bid", bid
            raise IllegalAction(f"bid out of range: {bid} (0..13, nil or blind_nil)", BAD_ACTION)
        if bid == "nil":
            return "bid", NIL
        if bid == "blind_nil":
            return "bid", BLIND_NIL
        raise IllegalAction(
            f'a bid is 0..13, "nil" or "blind_nil", not {fmt_json(bid)}', BAD_ACTION
        )
    if kind == "play":
        if len(action) != 2 or "card" not in action:
            raise IllegalAction('a play action has exactly the keys "type" and "card"', BAD_ACTION)
        card = action["card"]
        if isinstance(card, str) and card in CARD_INDEX:
            return "play", CARD_INDEX[card]
        raise IllegalAction(f"not a card: {fmt_json(card)}", BAD_ACTION)
    if kind == "look":
        if len(action) != 1:
            raise IllegalAction('a look action has only the key "type"', BAD_ACTION)
        return "look", None
    raise IllegalAction(f"unknown action type {fmt_json(kind)} (bid, play or look)", BAD_ACTION)


def play_card(action: object) -> int:
    """The card int of a well-formed play action (exactly a ``dict`` of ``type`` and a card code
    ``str``), else -1: the checked APIs try this first, and on -1 ``parse_action`` says what is
    wrong. It accepts nothing that ``parse_action`` refuses."""
    if type(action) is dict and len(action) == 2 and action.get("type") == "play":
        card = action.get("card")
        if type(card) is str:
            return CARD_INDEX.get(card, -1)
    return -1


def bid_int(action: object) -> int | None:
    """The int-encoded bid of a well-formed bid action (exactly a ``dict`` of ``type`` and a bid),
    else None; like ``play_card``, a fast path that accepts nothing ``parse_action`` refuses."""
    if type(action) is dict and len(action) == 2 and action.get("type") == "bid":
        bid = action.get("bid")
        if type(bid) is int:
            if 0 <= bid <= 13:
                return bid
        elif bid == "nil":
            return NIL
        elif bid == "blind_nil":
            return BLIND_NIL
    return None


def bid_action(value: int) -> Bid:
    """Int-encoded bid -> action dict."""
    return {"type": "bid", "bid": int_to_bid(value)}


#: Action dicts by card int and by int-encoded bid + 2, to be handed out as copies only
#: (``PLAY_ACTIONS[c].copy()``), so that a caller who changes one cannot change what the engine
#: offers next.
PLAY_ACTIONS: Final[tuple[Play, ...]] = tuple({"type": "play", "card": code} for code in CODES)
BID_ACTIONS: Final[tuple[Bid, ...]] = tuple(bid_action(v) for v in range(-2, 14))


def seat_index(seat: Any) -> int:
    """``"E"`` -> 1; anything else raises ``IllegalAction("bad_action")``."""
    if isinstance(seat, str) and seat in SEAT_INDEX:
        return SEAT_INDEX[seat]
    raise IllegalAction(f"not a seat: {fmt_json(seat)} (N, E, S or W)", BAD_ACTION)


def blind_nil_teams(
    rules: Rules, variant: Variant, before: Mapping[str, Mapping[str, int]] | None
) -> tuple[bool, bool]:
    """May each team (NS, EW) be offered blind nil this hand? (rules.md "Blind nil when behind")

    ``before``: the partnerships' totals at the deal (None: zero scores).
    """
    if not (rules.blind_nil and variant.blind_nil):
        return False, False
    deficit = rules.blind_nil_min_deficit
    if not deficit:
        return True, True
    ns, ew = (0, 0) if before is None else (before["NS"]["score"], before["EW"]["score"])
    return ew - ns >= deficit, ns - ew >= deficit


def check_deal(
    hands: Any, allow_ints: bool = True, variant: Variant = VARIANTS["none"]
) -> list[list[int]]:
    """Seat -> 13 card codes, 52 distinct cards in all -> card ints by seat int; else ValueError.

    ``hands`` may also be a list of 4 rows by seat int, and cards ints when ``allow_ints``. Every
    card must belong to the variant's deck.
    """
    if isinstance(hands, Mapping):
        if set(hands) != set(SEATS):
            raise ValueError("hands must give the cards of N, E, S and W")
        rows = [hands[s] for s in SEATS]
    elif isinstance(hands, Sequence) and not isinstance(hands, str) and len(hands) == 4:
        rows = list(hands)
    else:
        raise ValueError("hands must map each seat to its 13 cards")
    out: list[list[int]] = []
    seen: set[int] = set()
    for seat, row in zip(SEATS, rows, strict=True):
        if isinstance(row, str) or not isinstance(row, Sequence) or len(row) != 13:
            raise ValueError(f"{seat} must hold 13 cards")
        ints = []
        for card in row:
            if isinstance(card, str) and card in CARD_INDEX:
                c = CARD_INDEX[card]
            elif allow_ints and type(card) is int and 0 <= card < len(CODES):
                c = card
            else:
                raise ValueError(f"{seat} holds something that is not a card: {fmt_json(card)}")
            if c not in variant.deck_set:
                raise ValueError(f"{CODES[c]} is not in the deck of {variant.label}")
            if c in seen:
                raise ValueError(f"{CODES[c]} is dealt twice")
            seen.add(c)
            ints.append(c)
        out.append(ints)
    return out
