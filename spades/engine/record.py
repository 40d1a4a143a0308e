"""Checking and scoring hand records (docs: shared/spec/hand-record.md)."""

from __future__ import annotations

from typing import Any, Final

from .cards import SEATS, TEAMS
from .checks import check_deal, parse_action, seat_index
from .hand import HandState
from .rules import STANDARD_RULES, IllegalAction, Rules
from .scoring import _check_before
from .variants import VARIANTS

# "shuffle": how the deal was drawn (fair-deals.md), checked by ``verify``, not by ``score``.
# "players" (the seats' names) and "score" (the hand's result, as ``score_record`` prints it,
# checked against the replay) are what the site's match export adds for a reader.
_KEYS: Final = {
    "rules",
    "dealer",
    "hands",
    "bids",
    "plays",
    "before",
    "shuffle",
    "players",
    "score",
}
_REQUIRED: Final = ("dealer", "hands", "bids", "plays")


class RecordError(ValueError):
    """A record that breaks a rule; ``at`` names the first step at fault."""

    def __init__(self, message: str, at: str) -> None:
        super().__init__(message)
        self.at = at


def _step(entry: Any, key: str, at: str) -> tuple[int, Any]:
    """``{"seat": ..., key: ...}`` -> (seat int, value), or RecordError at ``at``."""
    if not isinstance(entry, dict) or set(entry) != {"seat", key}:
        raise RecordError(f'expected {{"seat": ..., "{key}": ...}}', at)
    try:
        return seat_index(entry["seat"]), entry[key]
    except IllegalAction as exc:
        raise RecordError(str(exc), at) from None


def replay_record(record: Any) -> tuple[HandState, dict[str, dict[str, int]] | None]:
    """Replay a record's bids and plays on its deal; raise ``RecordError`` at the first fault."""
    if not isinstance(record, dict):
        raise RecordError("a hand record must be a JSON object", "record")
    unknown = sorted(set(record) - _KEYS)
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r}", "record")
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise RecordError(f"missing key {missing[0]!r}", "record")
    try:
        rules = Rules.from_dict(record["rules"]) if "rules" in record else STANDARD_RULES
    except (ValueError, TypeError) as exc:
        raise RecordError(str(exc), "record") from None
    dealer = record["dealer"]
    if not isinstance(dealer, str) or dealer not in SEATS:
        raise RecordError('"dealer" must be one of N, E, S, W', "record")
    before = record.get("before")
    try:
        before = _check_before(before)
    except ValueError as exc:
        raise RecordError(str(exc), "record") from None
    players = record.get("players", {})
    if not isinstance(players, dict) or not all(
        seat in SEATS and isinstance(name, str) for seat, name in players.items()
    ):
        raise RecordError('"players" must map seats (N, E, S, W) to names', "players")
    bids, plays = record["bids"], record["plays"]
    if not isinstance(bids, list) or not isinstance(plays, list):
        raise RecordError('"bids" and "plays" must be lists', "record")
    if not isinstance(record["hands"], dict):
        raise RecordError("hands must map each seat to its 13 cards", "hands")
    try:
        deal = check_deal(record["hands"], allow_ints=False, variant=VARIANTS[rules.variant])
    except ValueError as exc:
        raise RecordError(str(exc), "hands") from None

    state = HandState.from_ints(rules, SEATS.index(dealer), deal, before)
    for i, entry in enumerate(bids):
        at = f"bids[{i}]"
        p, bid = _step(entry, "bid", at)
        if not state.bidding:
            raise RecordError(f"{SEATS[p]} cannot bid: the bidding is over", at)
        try:
            _, value = parse_action({"type": "bid", "bid": bid})
            state.check_bid(p, value)  # type: ignore[arg-type]
        except IllegalAction as exc:
            raise RecordError(str(exc), at) from None
        state.bid_value(value)  # type: ignore[arg-type]
    if state.bidding:
        raise RecordError(f"hand incomplete: {len(bids)} bids of 4", f"bids[{len(bids)}]")
    for i, entry in enumerate(plays):
        at = f"plays[{i}]"
        p, card = _step(entry, "card", at)
        try:
            _, c = parse_action({"type": "play", "card": card})
            state.check_play(p, c)  # type: ignore[arg-type]
        except IllegalAction as exc:
            raise RecordError(str(exc), at) from None
        state.play_int(c)  # type: ignore[arg-type]
    if not state.is_complete:
        raise RecordError(f"hand incomplete: {len(plays)} plays of 52", f"plays[{len(plays)}]")
    return state, before


def score_record(record: Any) -> dict[str, Any]:
    """The ``score`` command's output line for one record (a result or an error)."""
    try:
        state, before = replay_record(record)
    except RecordError as exc:
        return {"error": str(exc), "at": exc.at}
    detail = state.score(before)
    out: dict[str, Any] = {"tricks": state.tricks_dict()}
    for team in TEAMS:
        d = detail[team]
        out[team] = {"hand": d["hand"], "score": d["score"], "bags": d["bags"]}
    claimed = record.get("score")
    if claimed is not None and claimed != {team: out[team] for team in TEAMS}:
        return {"error": "the record's score is not the one its plays make", "at": "score"}
    return out
