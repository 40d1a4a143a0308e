"""Do Hard's bid candidates pay at a real table? A cheap paired check before a tournament.

For each seeded match's first hand, every seat's bid decision is taken in turn (the others bid as
Normal does). At each decision Hard's candidates (hard_bid.Trial: Normal's bid, one less, one more,
nil) are played out on sampled deals as Hard's bidding does, and each candidate is also played for
real: the bid is made, the seats after it bid as Normal, and the hand is played by the benchmark's
Hard (bench_bots.hard_fast card search) with the same random streams for every candidate. One
JSON line per decision: the candidates, the playout outcomes (bids, tricks) per sampled deal, and
the real outcome of each candidate. ``--analyze`` then scores decision rules on those lines
offline (the real points each rule gains over Normal's bid), so rules can be tuned in minutes.

    nice -n 19 .venv/bin/python bench/bid_diag.py --seeds 9000:9100 --workers 2 --out FILE
    .venv/bin/python bench/bid_diag.py --analyze FILE
    nice -n 19 .venv/bin/python bench/bid_diag.py --nil --seeds 20000:24000 --workers 2 --out NILS
    .venv/bin/python bench/bid_diag.py --nil --analyze NILS

``--nil`` only asks, at decisions where a nil's estimated chance is at least ``NIL_FLOOR``, whether
nil beats Normal's numeric bid at the table (odds.nil_chance's calibration with Hard everywhere).
``--retrial FILE --out FILE2`` redoes the playout rows with the current hard_bid (a change to the
playouts judged on the same real outcomes).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import time
from collections.abc import Iterable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.bench_bots import hard_fast
from spades.bots import hard_bid, normal
from spades.bots.knowledge import Knowledge
from spades.engine import Match, Rules
from spades.engine.cards import NIL, SEAT_INDEX, bid_to_int, int_to_bid

RULES = Rules()
NIL_FLOOR = 0.3  # nils below this estimated chance are not worth a real hand


def _bid_action(legal: list[dict], value: int) -> dict:
    want = int_to_bid(value)
    return next(a for a in legal if a.get("type") == "bid" and a["bid"] == want)


def _finish_normal_bids(m: Match) -> None:
    """The remaining bidders bid as Normal (looking first when blind nil is offered)."""
    while m.hand.bidding:
        seat = m.to_move
        action = normal.choose_bid(m.view(seat), m.legal_actions(seat))
        m.apply(seat, action)


def _play_each(
    m: Match, seed: int, seat: str, legal: list[dict], bids: Iterable[int]
) -> list[tuple[list[int], list[int]]]:
    """Each of ``bids`` made by ``seat`` on a copy of ``m``, the rest bid as Normal, and the
    hand played for real (``_play_real``)."""
    real = []
    for b in bids:
        fork = Match.replay(RULES, seed, m.actions)
        fork.apply(seat, _bid_action(legal, b))
        _finish_normal_bids(fork)
        real.append(_play_real(fork, seed, seat))
    return real


def _play_real(m: Match, seed: int, tag: str) -> tuple[list[int], list[int]]:
    """Play the hand out with the benchmark's Hard card play; same rng streams for every tag."""
    rngs = {s: random.Random(f"{seed}:{tag}:{s}") for s in "NESW"}
    hand_no = len(m.history)
    while len(m.history) == hand_no and not m.is_over:
        seat = m.to_move
        m.apply(seat, hard_fast(m.view(seat), rngs[seat]))
    last = m.history[-1]
    bids = [bid_to_int(last["bids"][s]) for s in "NESW"]
    tricks = [last["tricks_won"][s] for s in "NESW"]
    return bids, tricks


def collect(seed: int) -> list[dict]:
    """Every bid decision of the first hand of match ``seed``, candidates played for real."""
    m = Match(RULES, seed)
    out = []
    while m.hand.bidding:
        seat = m.to_move
        view = m.view(seat)
        legal = m.legal_actions(seat)
        if view.get("hand") is None:
            m.apply(seat, normal.choose_bid(view, legal))
            continue
        trial = hard_bid.Trial(view, legal, RULES)
        if trial.base_int is None or len(trial.cands) < 2:
            m.apply(seat, trial.base)
            continue
        trial.run(random.Random(f"{seed}:bid:{seat}"), time.perf_counter() + 60, 24000)
        real = _play_each(m, seed, seat, legal, trial.cands)
        out.append(
            {
                "seed": seed,
                "seat": SEAT_INDEX[seat],
                "cands": trial.cands,
                "base": trial.base_int,
                "chance": trial.chance,
                "partner_bid": bid_to_int(view["bids"][trial.k.partner])
                if view["bids"].get(trial.k.partner) is not None
                else None,
                "rows": trial.rows,
                "real": real,
            }
        )
        m.apply(seat, trial.base)
    return out


def collect_nil(seed: int) -> list[dict]:
    """The first hand's bid decisions with a nil worth asking about (its estimated chance at
    least ``NIL_FLOOR``): nil and Normal's numeric bid, each played for real."""
    m = Match(RULES, seed)
    out = []
    while m.hand.bidding:
        seat = m.to_move
        view, legal = m.view(seat), m.legal_actions(seat)
        base = normal.choose_bid(view, legal)
        if view.get("hand") is not None:
            k = Knowledge.from_view(view)
            cands, _, chance = hard_bid.candidates(view, legal, k)
            numeric = next((b for b in cands if b >= 0), None)
            if chance >= NIL_FLOOR and NIL in cands and numeric is not None:
                real = _play_each(m, seed, seat, legal, (NIL, numeric))
                out.append(
                    {
                        "seed": seed,
                        "seat": SEAT_INDEX[seat],
                        "chance": chance,
                        "normal_nil": base.get("bid") == "nil",
                        "numeric": numeric,
                        "real": real,
                    }
                )
        m.apply(seat, base)
    return out


def retrial(d: dict) -> dict:
    """``d`` with its playout rows redone by the current hard_bid.Trial (the real outcomes do
    not depend on them): a change to the playouts is judged without replaying real hands."""
    m = Match(RULES, d["seed"])
    while m.hand.bidding:
        seat = m.to_move
        view, legal = m.view(seat), m.legal_actions(seat)
        if SEAT_INDEX[seat] == d["seat"] and view.get("hand") is not None:
            trial = hard_bid.Trial(view, legal, RULES)
            assert trial.cands == d["cands"], (trial.cands, d["cands"])
            rng = random.Random(f"{d['seed']}:bid:{seat}")
            trial.run(rng, time.perf_counter() + 600, d.get("budget", 24000))
            return {**d, "rows": trial.rows, "chance": trial.chance}
        m.apply(seat, normal.choose_bid(view, legal))
    raise ValueError("decision not found")


def main_retrial(args: argparse.Namespace) -> None:
    with open(args.retrial) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    for d in lines:
        d["budget"] = args.budget
    if args.budget > 24000:
        hard_bid.MAX_SAMPLES = args.budget // 156  # the budget decides, not the table's cap
    with mp.get_context("fork").Pool(args.workers) as pool, open(args.out, "w") as out:
        for d in pool.imap(retrial, lines):
            out.write(json.dumps(d) + "\n")


def main_collect(args: argparse.Namespace) -> None:
    lo, hi = (int(x) for x in args.seeds.split(":"))
    started = time.time()
    job = collect_nil if args.nil else collect
    with open(args.out, "a") as f:
        if args.workers > 1:
            with mp.get_context("fork").Pool(args.workers) as pool:
                for i, lines in enumerate(pool.imap_unordered(job, range(lo, hi))):
                    for d in lines:
                        f.write(json.dumps(d) + "\n")
                    f.flush()
                    sys.stderr.write(f"\r{i + 1}/{hi - lo} deals {time.time() - started:.0f}s")
        else:
            for i, seed in enumerate(range(lo, hi)):
                for d in job(seed):
                    f.write(json.dumps(d) + "\n")
                f.flush()
                sys.stderr.write(f"\r{i + 1}/{hi - lo} deals {time.time() - started:.0f}s")
    sys.stderr.write("\n")


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--seeds", default="9000:9100")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", default="/tmp/bid_diag.jsonl")
    p.add_argument("--analyze")
    p.add_argument("--nil", action="store_true", help="nil against Normal's numeric bid only")
    p.add_argument("--retrial", help="redo the playout rows of this file's lines into --out")
    p.add_argument("--budget", type=int, default=24000, help="--retrial's simulated plays")
    a = p.parse_args()
    if a.retrial:
        main_retrial(a)
    elif a.analyze:
        from bid_diag_analyze import analyze, analyze_nil  # type: ignore[import-not-found]

        (analyze_nil if a.nil else analyze)(a.analyze)
    else:
        main_collect(a)
