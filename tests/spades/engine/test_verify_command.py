"""`python -m spades.engine verify` (shared/spec/fair-deals.md), run as a real subprocess: honest
records pass, and each kind of alteration is refused with what disagrees."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

from spades.engine import SEATS, Match, Rules
from spades.engine.cards import sort_cards
from spades.engine.shuffle import FairDeals, new_seed
from tests.support.engine import run_engine_command

ROOT = Path(__file__).resolve().parents[3]
ZERO = "00" * 32


def run_verify(text: str) -> tuple[int, list[dict]]:
    return run_engine_command("verify", text)


def jsonl(records: list) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def fair_records(hands: int = 3, variant: str = "none", seed: int = 1) -> list[dict]:
    """The hand records of a match dealt by sha256-fy-v1 and played at random."""
    rules = Rules(variant=variant, target=5000)
    match = Match(rules, str(seed), FairDeals(12, 34, [], fresh=new_seed))
    rng = random.Random(seed)
    records: list[dict] = []
    while len(records) < hands:
        dealt = {s: sort_cards(match.hand.hand_ints(p)) for p, s in enumerate(SEATS)}
        record: dict = {"dealer": match.dealer, "hands": dealt, "bids": [], "plays": []}
        if variant != "none":
            record["rules"] = {"variant": variant}
        number = match.hand_number
        while match.hand_number == number:
            seat = match.to_move
            action = rng.choice(match.legal_actions())
            match.apply(seat, action)
            if action["type"] == "bid":
                record["bids"].append({"seat": seat, "bid": action["bid"]})
            elif action["type"] == "play":
                record["plays"].append({"seat": seat, "card": action["card"]})
        record["shuffle"] = match.history[-1]["shuffle"]
        records.append(record)
    return records


def test_honest_records_are_each_ok_and_the_command_exits_0():
    records = fair_records(3) + fair_records(1, "joker", seed=2)
    status, lines = run_verify(jsonl(records))
    assert status == 0
    assert lines == [{"ok": True}] * 4


def test_the_spec_vector_as_a_record_is_ok():
    hands = {
        "E": "3S JC 2S JD 4D AS 8H TH 8C 4C 5C 3H 5H",
        "S": "QD 2H JH 5D KH 6S 2D TD KC AC JS 6D 4H",
        "W": "3C 7C KS KD AH 7S QH AD 9H 9C TC 9S 2C",
        "N": "7D QS 3D 5S 6C 6H 4S QC TS 8S 8D 7H 9D",
    }
    record = {
        "dealer": "N",
        "hands": {seat: cards.split() for seat, cards in hands.items()},
        "bids": [],
        "plays": [],
        "shuffle": {
            "scheme": "sha256-fy-v1",
            "context": "table=1;match=1;hand=1",
            "seed": ZERO,
            "commitment": "cfd7a26b1efd5aab2036a574894853ba349d88d429c5741fe4acf00c3db184b5",
        },
    }
    assert run_verify(json.dumps(record, indent=2)) == (0, [{"ok": True}])


def swapped(record: dict) -> tuple[dict, str]:
    """The record with one card of S moved to W and one of W's to S; W's card."""
    bad = copy.deepcopy(record)
    s_card, w_card = bad["hands"]["S"][0], bad["hands"]["W"][0]
    bad["hands"]["S"][0], bad["hands"]["W"][0] = w_card, s_card
    return bad, w_card


def test_a_card_moved_to_another_seat_is_refused_naming_the_card_and_both_seats():
    honest = fair_records(1)[0]
    bad, w_card = swapped(honest)
    status, lines = run_verify(jsonl([honest, bad]))
    assert status == 2
    assert lines[0] == {"ok": True}
    assert lines[1] == {"ok": False, "error": f"S holds {w_card}, the seed deals it to W"}


def test_a_card_taken_away_or_doubled_is_refused():
    honest = fair_records(1)[0]
    short = copy.deepcopy(honest)
    lost = short["hands"]["N"].pop()
    doubled = copy.deepcopy(honest)
    doubled["hands"]["E"][0] = doubled["hands"]["E"][1]
    status, lines = run_verify(jsonl([short, doubled]))
    assert status == 2
    assert lines[0] == {"ok": False, "error": f"the seed deals {lost} to N, who does not hold it"}
    gone = honest["hands"]["E"][0]
    assert lines[1] == {"ok": False, "error": f"the seed deals {gone} to E, who does not hold it"}


def test_a_changed_seed_is_refused_by_the_commitment():
    record = fair_records(1)[0]
    seed = record["shuffle"]["seed"]
    record["shuffle"]["seed"] = ("1" if seed[0] != "1" else "2") + seed[1:]
    assert run_verify(jsonl([record])) == (
        2,
        [{"ok": False, "error": "commitment does not match the seed"}],
    )


def test_another_hands_context_is_refused():
    first, second, _ = fair_records(3)
    first["shuffle"]["context"] = second["shuffle"]["context"]
    other_table = copy.deepcopy(second)
    other_table["shuffle"]["context"] = "table=13;match=34;hand=2"
    status, lines = run_verify(jsonl([first, other_table]))
    assert status == 2
    assert lines == [{"ok": False, "error": "commitment does not match the seed"}] * 2


def test_another_hands_whole_shuffle_is_refused_by_the_cards():
    first, second, _ = fair_records(3)
    first["shuffle"] = second["shuffle"]
    status, [line] = run_verify(jsonl([first]))
    assert status == 2
    assert line["ok"] is False
    assert "the seed deals it to" in line["error"]


def test_a_changed_dealer_deals_every_card_elsewhere():
    record = fair_records(1)[0]
    record["dealer"] = SEATS[(SEATS.index(record["dealer"]) + 1) % 4]
    status, [line] = run_verify(jsonl([record]))
    assert status == 2
    assert "the seed deals it to" in line["error"]


def test_a_record_without_shuffle_or_with_a_bad_one_says_so():
    honest = fair_records(1)[0]
    bare = {k: v for k, v in honest.items() if k != "shuffle"}
    scheme = copy.deepcopy(honest)
    scheme["shuffle"]["scheme"] = "md5-v0"
    short_seed = copy.deepcopy(honest)
    short_seed["shuffle"]["seed"] = "abc"
    context = copy.deepcopy(honest)
    context["shuffle"]["context"] = "hand=1"
    status, lines = run_verify(jsonl([bare, scheme, short_seed, context]) + "{nope\n")
    assert status == 2
    assert [line["ok"] for line in lines] == [False] * 5
    assert lines[0]["error"] == "no shuffle"
    assert "unknown scheme" in lines[1]["error"]
    assert "64 lowercase hexadecimal" in lines[2]["error"]
    assert "table=<id>;match=<id>;hand=<n>" in lines[3]["error"]
    assert lines[4] == {"ok": False, "error": "not JSON"}


def test_the_score_command_accepts_a_record_with_its_shuffle():
    proc = subprocess.run(
        [sys.executable, "-m", "spades.engine", "score"],
        input=jsonl(fair_records(1)),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0
    assert "tricks" in json.loads(proc.stdout)
