"""The Spades rules engine: pure Python, no Django, deterministic from a seed (docs/engine.md).

Its modules may run compiled by mypyc from these same sources (``compiled.py``): ``COMPILED``
says whether they do, ``ENGINE_BUILD`` why. Where no current build is present (or with
``SPADES_ENGINE=pure``) the sources are imported, never a stale build.
"""

from . import compiled as _compiled
from .cards import (
    BLIND_NIL,
    CARD_CODES,
    NIL,
    SEATS,
    TEAMS,
    bid_to_int,
    card_to_int,
    deal_ints,
    int_to_bid,
    int_to_card,
)
from .checks import parse_action
from .hand import HandState
from .match import Match, deal_for, first_dealer, match_winner
from .rules import OPTIONS, STANDARD_RULES, IllegalAction, Rules, table_rules
from .scoring import apply_bags, score_hand, team_hand_ints
from .variants import VARIANTS

COMPILED: bool = _compiled.COMPILED
ENGINE_BUILD: str = _compiled.ENGINE_BUILD

__all__ = [
    "BLIND_NIL",
    "CARD_CODES",
    "COMPILED",
    "ENGINE_BUILD",
    "NIL",
    "OPTIONS",
    "SEATS",
    "STANDARD_RULES",
    "TEAMS",
    "VARIANTS",
    "HandState",
    "IllegalAction",
    "Match",
    "Rules",
    "apply_bags",
    "bid_to_int",
    "card_to_int",
    "deal_for",
    "deal_ints",
    "first_dealer",
    "int_to_bid",
    "int_to_card",
    "match_winner",
    "parse_action",
    "score_hand",
    "table_rules",
    "team_hand_ints",
]
