"""`python -m spades.engine score` on records of every variant and with blind nil when behind."""

from __future__ import annotations

import json
import random

import pytest
from test_score_command import run_score

from spades.engine import SEATS, HandState, Rules, int_to_card
from spades.engine.variants import VARIANTS
from tests.support.engine import play_random_hand


def variant_record(variant: str, seed: int, **options) -> dict:
    """A complete, legal hand record of ``variant`` played at random (dealer W)."""
    rules = Rules(variant=variant, **options)
    deal = VARIANTS[variant].deal(random.Random(seed))
    hands = {s: [int_to_card(c) for c in deal[i]] for i, s in enumerate(SEATS)}
    steps = play_random_hand(HandState(rules, "W", hands), random.Random(seed))
    return {
        "rules": {"variant": variant, **options},
        "dealer": "W",
        "hands": hands,
        "bids": [{"seat": s, "bid": a["bid"]} for s, a in steps if a["type"] == "bid"],
        "plays": [{"seat": s, "card": a["card"]} for s, a in steps if a["type"] == "play"],
    }


def test_records_of_every_variant_are_scored():
    records = [variant_record(v, seed) for v in VARIANTS for seed in range(3)]
    status, lines = run_score("\n".join(json.dumps(r) for r in records))
    assert status == 0
    for line in lines:
        assert sum(line["tricks"].values()) == 13


def test_a_joker_deal_with_a_two_of_clubs_is_refused_at_the_hands():
    record = variant_record("joker", 1)
    held = next(s for s in SEATS if "BJ" in record["hands"][s])
    record["hands"][held] = ["2C" if c == "BJ" else c for c in record["hands"][held]]
    status, lines = run_score(json.dumps(record))
    assert status == 2
    assert lines == [{"error": "2C is not in the deck of Joker", "at": "hands"}]


@pytest.mark.parametrize(
    ("variant", "index", "bid"),
    [("mirror", 0, 14), ("mirror", 1, "blind_nil"), ("whiz", 2, 13), ("suicide", 0, 3)],
)
def test_a_bid_the_variant_does_not_offer_is_refused_at_that_bid(variant, index, bid):
    record = variant_record(variant, 5)
    spades = sum(1 for c in record["hands"][record["bids"][index]["seat"]] if c[1] == "S")
    if bid == 13 and spades == 13:
        bid = 12
    record["bids"][index]["bid"] = bid
    status, lines = run_score(json.dumps(record))
    assert status == 2
    assert lines[0]["at"] == f"bids[{index}]"


def test_suicide_refuses_a_second_number_in_a_partnership():
    record = variant_record("suicide", 2)
    first, second = record["bids"][0], record["bids"][2]
    first["bid"], second["bid"] = 4, 5  # N then S: both numbers
    status, lines = run_score(json.dumps(record))
    assert status == 2
    assert lines[0]["at"] == "bids[2]"


def test_blind_nil_when_behind_is_judged_from_the_records_before():
    record = variant_record("none", 3, blind_nil_min_deficit=100)
    record["bids"][0]["bid"] = "blind_nil"  # N, the first bidder of NS
    behind = {"NS": {"score": 0, "bags": 0}, "EW": {"score": 150, "bags": 0}}
    status, lines = run_score(json.dumps({**record, "before": behind}) + "\n" + json.dumps(record))
    assert status == 2
    assert "error" not in lines[0]
    assert lines[1]["at"] == "bids[0]" and "behind by 100" in lines[1]["error"]
