"""`python -m spades.engine score` (shared/spec/hand-record.md), run as a real subprocess."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

from spades.engine import CARD_CODES, SEATS, HandState, Rules
from tests.support.engine import random_record, run_engine_command, straight_hands

ROOT = Path(__file__).resolve().parents[3]


def run_score(text: str) -> tuple[int, list[dict]]:
    return run_engine_command("score", text)


def straight_record() -> dict:
    """N holds every spade and takes all 13 tricks. NS bid 10 + 2, E nil, W 3."""
    hands = straight_hands()
    plays = []
    for k in range(13):
        plays += [
            {"seat": "N", "card": hands["N"][k]},
            {"seat": "E", "card": hands["E"][k]},
            {"seat": "S", "card": hands["S"][k]},
            {"seat": "W", "card": hands["W"][k]},
        ]
    return {
        "dealer": "W",
        "hands": hands,
        "bids": [
            {"seat": "N", "bid": 10},
            {"seat": "E", "bid": "nil"},
            {"seat": "S", "bid": 2},
            {"seat": "W", "bid": 3},
        ],
        "plays": plays,
        "before": {"NS": {"score": 120, "bags": 9}, "EW": {"score": 95, "bags": 2}},
    }


def test_a_legal_record_is_scored_with_totals_after_the_hand():
    status, lines = run_score(json.dumps(straight_record()) + "\n")
    assert status == 0
    assert lines == [
        {
            "tricks": {"N": 13, "E": 0, "S": 0, "W": 0},
            # 12 bid, 13 taken: 121 and a 10th bag: -100, none left.
            "NS": {"hand": 21, "score": 141, "bags": 0},
            # E's nil +100, W's 3 set: -30.
            "EW": {"hand": 70, "score": 165, "bags": 2},
        }
    ]


def test_records_are_scored_line_by_line_in_order_with_rules_and_without_before():
    records = [random_record(seed) for seed in range(6)]
    records[2] = random_record(2, rules=Rules(nil_tricks_count_for_contract=False, bag_limit=5))
    status, lines = run_score("".join(json.dumps(r) + "\n" for r in records))
    assert status == 0 and len(lines) == 6
    for record, line in zip(records, lines, strict=True):
        rules = Rules.from_dict(record.get("rules", {}))
        state = HandState(rules, record["dealer"], record["hands"])
        for step in record["bids"]:
            state.apply(step["seat"], {"type": "bid", "bid": step["bid"]})
        for step in record["plays"]:
            state.apply(step["seat"], {"type": "play", "card": step["card"]})
        detail = state.score()
        assert line["tricks"] == state.tricks_dict()
        for team in ("NS", "EW"):
            assert line[team] == {k: detail[team][k] for k in ("hand", "score", "bags")}
    assert records[2]["rules"] == {"nil_tricks_count_for_contract": False, "bag_limit": 5}


def test_one_pretty_printed_record_alone_is_read_whole():
    status, lines = run_score(json.dumps(straight_record(), indent=2))
    assert status == 0 and len(lines) == 1 and lines[0]["NS"]["score"] == 141


def broken(mutate) -> dict:
    record = straight_record()
    mutate(record)
    return record


def with_play(record: dict, i: int, seat: str, card: str) -> None:
    record["plays"][i] = {"seat": seat, "card": card}


def test_each_kind_of_illegal_step_is_reported_at_the_first_step_at_fault():
    base = random_record(7)
    revoke_at, revoke = find_step(base, "revoke")
    lead_at, lead = find_step(base, "spade_lead")
    cases = [
        # out of turn, bid and play
        (broken(lambda r: r["bids"][1].update(seat="S")), "bids[1]", "out of turn"),
        (
            broken(lambda r: with_play(r, 17, "W", r["plays"][17]["card"])),
            "plays[17]",
            "out of turn",
        ),
        # a card the seat does not hold, or already played
        (broken(lambda r: with_play(r, 17, "E", "3S")), "plays[17]", "E does not hold 3S"),
        (broken(lambda r: with_play(r, 16, "N", "2S")), "plays[16]", "already played"),
        # revoke and spade led before broken, found in a random legal hand
        (revoke, revoke_at, "must follow"),
        (lead, lead_at, "before they are broken"),
        # nil after the partner bid; bid out of range; blind nil not offered by the rules
        (broken(lambda r: r["bids"][2].update(bid="nil")), "bids[2]", "partner N has already bid"),
        (broken(lambda r: r["bids"][3].update(bid=14)), "bids[3]", "out of range"),
        (
            broken(
                lambda r: (
                    r.update(rules={"blind_nil": False}) or r["bids"][0].update(bid="blind_nil")
                )
            ),
            "bids[0]",
            "not played at this table",
        ),
        # incomplete hands
        (broken(lambda r: r.update(plays=r["plays"][:30])), "plays[30]", "30 plays of 52"),
        (broken(lambda r: r.update(bids=r["bids"][:3], plays=[])), "bids[3]", "3 bids of 4"),
        (
            broken(lambda r: r["plays"].append({"seat": "N", "card": "2S"})),
            "plays[52]",
            "hand is over",
        ),
        # a bad deal
        (broken(lambda r: r["hands"]["E"].__setitem__(0, "2S")), "hands", "dealt twice"),
        (broken(lambda r: r["hands"]["E"].pop()), "hands", "13 cards"),
        (broken(lambda r: r["hands"].pop("W")), "hands", "N, E, S and W"),
        (broken(lambda r: r["hands"]["S"].__setitem__(0, "1D")), "hands", "not a card"),
        # input that is not a record
        (["not", "a", "record"], "record", "JSON object"),
        (broken(lambda r: r.pop("plays")), "record", "missing key 'plays'"),
        (broken(lambda r: r.update(dealer="X")), "record", "dealer"),
        (broken(lambda r: r.update(rules={"target": 1})), "record", "target"),
        (broken(lambda r: r.update(before={"NS": 1})), "record", "before"),
        (broken(lambda r: r.update(extra=1)), "record", "unknown key"),
    ]
    text = "".join(json.dumps(record) + "\n" for record, _, _ in cases) + "{not json\n"
    status, lines = run_score(text)
    assert status == 2
    assert len(lines) == len(cases) + 1
    for (_, at, fragment), line in zip(cases, lines, strict=False):
        assert set(line) == {"error", "at"}
        assert line["at"] == at, (line, at)
        assert fragment in line["error"], (line, fragment)
    assert lines[-1]["at"] == "record"


def test_one_bad_line_among_good_ones_still_scores_the_others_and_exits_2():
    good = json.dumps(straight_record())
    status, lines = run_score(f"{good}\n\n[]\n{good}\n")
    assert status == 2
    assert [("error" in line) for line in lines] == [False, True, False]


def test_the_exact_revoke_message_names_the_seat_suit_and_cards_held():
    hands = {
        "N": [r + "H" for r in "23456789TJQK"] + ["AS"],
        "E": ["AH"] + [r + "S" for r in "23456789TJQK"],
        "S": [r + "D" for r in "23456789TJQKA"],
        "W": [r + "C" for r in "23456789TJQKA"],
    }
    record = {
        "dealer": "W",
        "hands": hands,
        "bids": [{"seat": s, "bid": 3} for s in "NESW"],
        "plays": [{"seat": "N", "card": "2H"}, {"seat": "E", "card": "2S"}],
    }
    status, lines = run_score(json.dumps(record))
    assert (status, lines) == (2, [{"error": "E must follow hearts: holds AH", "at": "plays[1]"}])


def find_step(record: dict, kind: str) -> tuple[str, dict]:
    """Replace the first play where ``kind`` can be broken by the breaking card."""
    state = HandState(Rules(), record["dealer"], record["hands"])
    for step in record["bids"]:
        state.apply(step["seat"], {"type": "bid", "bid": step["bid"]})
    for i, step in enumerate(record["plays"]):
        p = SEATS.index(step["seat"])
        held = state.hand_ints(p)
        bad = None
        if kind == "revoke" and state.trick_len:
            if state.suit_ints(p, state.led):
                bad = next((c for c in held if c // 13 != state.led), None)
        elif kind == "spade_lead" and not state.trick_len and not state.spades_broken:
            has_other_suit = any(c >= 13 for c in held)
            bad = next((c for c in held if c < 13), None) if has_other_suit else None
        if bad is not None:
            out = copy.deepcopy(record)
            out["plays"][i] = {"seat": step["seat"], "card": CARD_CODES[bad]}
            return f"plays[{i}]", out
        state.apply(step["seat"], {"type": "play", "card": step["card"]})
    raise AssertionError(f"no place for a {kind} in this record")


def test_selfplay_plays_the_hands_asked_and_reports_its_speed():
    proc = subprocess.run(
        [sys.executable, "-m", "spades.engine", "selfplay", "--hands", "40", "--seed", "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0
    line = json.loads(proc.stdout)
    assert line["hands"] == 40 and line["seconds"] > 0
    assert line["hands_per_second"] > 0
