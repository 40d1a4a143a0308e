"""Builders shared by the engine tests: hands, random legal games, hand records."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from spades.engine import CARD_CODES, SEATS, HandState, Match, Rules

SUIT_ORDER = "SHDC"


def cards(text: str) -> list[str]:
    """``"AS KS 2H"`` -> ``["AS", "KS", "2H"]``."""
    return text.split()


def suit(letter: str) -> list[str]:
    """All 13 cards of a suit, Two to Ace."""
    return [r + letter for r in "23456789TJQKA"]


def straight_hands() -> dict[str, list[str]]:
    """N holds all spades, E all hearts, S all diamonds, W all clubs."""
    return {"N": suit("S"), "E": suit("H"), "S": suit("D"), "W": suit("C")}


def random_deal(seed: int) -> dict[str, list[str]]:
    """A shuffled deal as seat -> 13 codes."""
    deck = list(CARD_CODES)
    random.Random(seed).shuffle(deck)
    return {s: deck[13 * i : 13 * i + 13] for i, s in enumerate(SEATS)}


def play_random_hand(state: HandState, rng: random.Random) -> list[tuple[str, dict]]:
    """Finish a hand with uniformly random legal actions; return the (seat, action) steps."""
    steps = []
    while not state.is_complete:
        seat = state.to_move
        action = rng.choice(state.legal_actions())
        state.apply(seat, action)
        steps.append((seat, action))
    return steps


def random_record(seed: int, rules: Rules | None = None, dealer: str = "W") -> dict:
    """A complete, legal hand record played at random."""
    hands = random_deal(seed)
    rule_values = {} if rules is None else rules.to_dict()
    state = HandState(rules or Rules(), dealer, hands)
    steps = play_random_hand(state, random.Random(seed))
    record = {
        "dealer": dealer,
        "hands": hands,
        "bids": [{"seat": s, "bid": a["bid"]} for s, a in steps if a["type"] == "bid"],
        "plays": [{"seat": s, "card": a["card"]} for s, a in steps if a["type"] == "play"],
    }
    if rule_values:
        record["rules"] = {k: v for k, v in rule_values.items() if getattr(Rules(), k) != v}
    return record


def play_random_match_steps(match: Match, rng: random.Random, limit: int) -> None:
    """Apply up to ``limit`` random legal actions of the seat to move."""
    for _ in range(limit):
        if match.is_over:
            return
        match.apply(match.to_move, rng.choice(match.legal_actions()))


ROOT = Path(__file__).resolve().parents[2]


def run_engine_command(command: str, text: str) -> tuple[int, list[dict]]:
    """``python -m spades.engine COMMAND`` fed ``text``: its exit code and its JSON lines (it
    writes nothing to stderr)."""
    proc = subprocess.run(
        [sys.executable, "-m", "spades.engine", command],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.stderr == ""
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]
