"""A finished match told hand by hand, rebuilt from its rules, seeds and action log.

The engine is pure, so the whole match is replayed once: each hand's deal (from its own seed,
revealed when the hand ended; a match dealt before that scheme, from the match's seed), its bids
and plays in order, the engine's own scoring, and the hand's ``shuffle`` object
(shared/spec/fair-deals.md) that lets anyone check the deal. Two readings come
out of it: the hand records of shared/spec/hand-record.md (the JSON Lines export, which
``python -m spades.engine score`` accepts) and the match page's replay data. No row is written.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from accounts.models import shown_name
from games.models import Action, Match
from spades.engine import SEATS, STANDARD_RULES, TEAMS, Rules
from spades.engine import Match as EngineMatch
from spades.engine.cards import sort_cards
from spades.engine.shuffle import FairDeals

if TYPE_CHECKING:
    from spades.engine.actions import Action as EngineAction
    from spades.engine.actions import CompletedTrick


@dataclass
class PlayedHand:
    """One complete hand as the engine played it."""

    number: int
    dealer: str
    deal: dict[str, list[str]]
    before: dict[str, dict[str, int]]
    bids: list[dict[str, Any]] = field(default_factory=list)
    plays: list[dict[str, str]] = field(default_factory=list)
    tricks: list[CompletedTrick] = field(default_factory=list)
    scoring: dict[str, Any] = field(default_factory=dict)

    @property
    def shuffle(self) -> dict[str, str] | None:
        """How the deal was drawn, seed included (None: a match dealt before fair deals)."""
        found: dict[str, str] | None = self.scoring.get("shuffle")
        return found


def _new_hand(engine: EngineMatch) -> PlayedHand:
    """The hand the engine has just dealt: its cards (nothing played yet), the totals before it."""
    hand = engine.hand
    return PlayedHand(
        number=engine.hand_number,
        dealer=engine.dealer,
        deal={seat: sort_cards(hand.hand_ints(i)) for i, seat in enumerate(SEATS)},
        before=engine.scores,
    )


def played_hands(
    rules: Rules,
    seed: str,
    actions: Iterable[tuple[str, dict[str, Any]]],
    deals: FairDeals | None = None,
) -> list[PlayedHand]:
    """Replay the log and return its complete hands, in order (a hand cut short is left out)."""
    engine = EngineMatch(rules, seed, deals)
    hands: list[PlayedHand] = []
    current = _new_hand(engine)
    for seat, action in actions:
        hand = engine.hand
        engine.apply(seat, cast("EngineAction", action))  # the log holds applied actions (JSON)
        kind = action.get("type")
        if kind == "bid":
            current.bids.append({"seat": seat, "bid": action["bid"]})
        elif kind == "play":
            current.plays.append({"seat": seat, "card": action["card"]})
        if len(engine.history) > len(hands):  # the hand is complete and scored
            current.tricks = hand.completed_tricks()
            current.scoring = engine.history[-1]
            hands.append(current)
            if not engine.is_over:
                current = _new_hand(engine)
    return hands


def match_hands(match: Match) -> list[PlayedHand]:
    """The complete hands of a match row, from its log."""
    rows = Action.objects.filter(match=match).order_by("seq").values_list("seat", "payload")
    return played_hands(Rules.from_dict(match.rules), match.seed, rows.iterator(), match.deals())


def changed_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """Only the options that differ from the standard mode (a record's ``rules``)."""
    standard = STANDARD_RULES.to_dict()
    full = Rules.from_dict(rules).to_dict()
    return {key: value for key, value in full.items() if value != standard[key]}


def hand_record(hand: PlayedHand, rules: dict[str, Any]) -> dict[str, Any]:
    """One hand as a hand record (shared/spec/hand-record.md)."""
    record: dict[str, Any] = {}
    if rules:
        record["rules"] = rules
    record.update(
        dealer=hand.dealer,
        hands=hand.deal,
        bids=hand.bids,
        plays=hand.plays,
        before=hand.before,
    )
    if hand.shuffle is not None:
        record["shuffle"] = hand.shuffle
    return record


def export_record(
    hand: PlayedHand, rules: dict[str, Any], players: dict[str, str]
) -> dict[str, Any]:
    """A hand record as the match export gives it: the seats' names as the match page shows them
    (``players``) and the hand's score as the engine's ``score`` command prints it (``score``:
    per team the hand's points, the total and the bags), which that command checks."""
    record = hand_record(hand, rules)
    record["players"] = {seat: players.get(seat, "") for seat in SEATS}
    record["score"] = {
        team: {key: hand.scoring[team][key] for key in ("hand", "score", "bags")} for team in TEAMS
    }
    return record


def jsonl_export(match: Match, players: dict[str, str] | None = None) -> str:
    """The hand history of the match as JSON Lines, one hand record a line, in order; ``players``
    as the match page names the seats (by default the names the match was dealt with)."""
    if players is None:
        players = {seat: shown_name(match.players.get(seat, "")) for seat in SEATS}
    rules = changed_rules(match.rules)
    lines = [
        json.dumps(export_record(h, rules, players), ensure_ascii=False) for h in match_hands(match)
    ]
    return "".join(line + "\n" for line in lines)


def _score_row(hand: PlayedHand) -> dict[str, Any]:
    """The score table's line of a hand: per team its bid, tricks, points, bags and total."""
    scoring = hand.scoring
    bids, tricks = scoring["bids"], scoring["tricks_won"]
    teams = {}
    for team in TEAMS:
        detail = scoring[team]
        teams[team] = {
            "bids": {seat: bids[seat] for seat in team},
            "contract": detail["contract"],
            "tricks": sum(tricks[seat] for seat in team),
            "points": detail["hand"],
            "bags": detail["bags"],
            "bag_penalty": detail["bag_penalty"],
            "total": detail["score"],
        }
    return {"number": hand.number, "dealer": hand.dealer, "teams": teams}


def score_table(hands: list[PlayedHand]) -> list[dict[str, Any]]:
    """Every hand's line of the score table, in order."""
    return [_score_row(hand) for hand in hands]


def replay_data(
    hands: list[PlayedHand], players: dict[str, str], variant: str = "none"
) -> dict[str, Any]:
    """What static/js/match.js steps through: the seats' names and, per hand, the deal, the bids,
    the tricks and the scoring (the engine's detail, as the table page shows it, with the hand's
    ``shuffle``, which the page's "Check" button verifies against the deal)."""
    return {
        "variant": variant,
        "players": {seat: players.get(seat, "") for seat in SEATS},
        "hands": [
            {
                "number": hand.number,
                "dealer": hand.dealer,
                "deal": hand.deal,
                "bids": hand.bids,
                "tricks": hand.tricks,
                "before": hand.before,
                "scoring": hand.scoring,
            }
            for hand in hands
        ],
    }


__all__ = [
    "PlayedHand",
    "changed_rules",
    "export_record",
    "hand_record",
    "jsonl_export",
    "match_hands",
    "played_hands",
    "replay_data",
    "score_table",
]
