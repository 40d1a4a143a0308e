"""Benchmark of the bots: duplicate tournaments against the targets, printed as figures.

    .venv/bin/python bench/bots_tournament.py                 # every pairing, default sizes
    .venv/bin/python bench/bots_tournament.py --only hard_vs_normal --matches 400 --workers 2
    .venv/bin/python bench/bots_tournament.py --quick         # a few minutes, rough figures

Pairings (side A listed first; a "match" below is one game, a duplicate match is a pair of games
on the same seed with the partnerships swapped):

- ``normal_vs_easy``     target: Normal wins >= 80% of the matches
- ``hard_vs_normal``     target: Hard wins >= 60%, 95% interval above 55%, over >= 400 duplicate
                         matches (or fewer when the sequential test concludes)
- ``hard_partner``       Hard + Normal against two Normals; target > 55%
- ``cheat_vs_hard``      how far Hard is from the same Hard shown every hand (a ceiling): its
                         samples are all the real deal, with slightly noisy playouts to average
- ``cheat1_vs_hard``     the same with one deterministic playout per card (no averaging)
- ``normal_nil``         Normal against Normal with its former nil and blind nil rules
                         (normal.choose_before): the effect of bidding them from their odds
- ``normal_before_vs_easy`` the former Normal against Easy, to compare with ``normal_vs_easy``
- ``hard_bidding``       Hard with its own bids against the same Hard bidding as Normal, both with
                         a quarter of the card search (bench_bots.hard_fast*), 2-hand matches so
                         300 duplicate matches fit in an hour on this machine; target > 50% with the
                         interval above 50%
- decision times         target: Hard p95 <= 300 ms, Easy and Normal <= 5 ms (bench/hard_deadline.py
                         times Hard alone at ordinary priority; a tournament under nice 19 on a busy
                         machine measures the scheduler)

Every summary also gives each bot's partner faults per 100 hands (spades/bots/quality.py).

Not a test: it prints figures, it does not assert. Hard runs take long on 2 cores (about 20 s of
CPU per Hard match); run them in the background and read the JSON afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from spades.bots.tournament import run_tournament

BEFORE = "spades.bots.normal:choose_before"
FAST = "bench.bench_bots:hard_fast"
FAST_NB = "bench.bench_bots:hard_fast_normal_bidding"
# name: (side A, side B, duplicate matches, target win rate, SPRT, hands per match or None)
PAIRINGS = {
    "normal_vs_easy": (("normal", "normal"), ("easy", "easy"), 400, 0.80, None, None),
    "hard_vs_normal": (("hard", "hard"), ("normal", "normal"), 400, 0.60, (0.55, 0.65), None),
    "hard_partner": (("hard", "normal"), ("normal", "normal"), 200, 0.55, (0.5, 0.6), None),
    "cheat_vs_hard": (("hard_cheat", "hard_cheat"), ("hard", "hard"), 50, None, None, None),
    "cheat1_vs_hard": (("hard_cheat1", "hard_cheat1"), ("hard", "hard"), 50, None, None, None),
    "normal_nil": (("normal", "normal"), (BEFORE, BEFORE), 400, 0.5, None, None),
    "normal_before_vs_easy": ((BEFORE, BEFORE), ("easy", "easy"), 400, None, None, None),
    "hard_bidding": ((FAST, FAST), (FAST_NB, FAST_NB), 300, 0.5, None, 2),
}
QUICK = {
    "normal_vs_easy": 100,
    "hard_vs_normal": 10,
    "hard_partner": 10,
    "cheat_vs_hard": 5,
    "cheat1_vs_hard": 5,
    "normal_nil": 100,
    "normal_before_vs_easy": 100,
    "hard_bidding": 10,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(PAIRINGS), action="append")
    parser.add_argument("--matches", type=int, help="duplicate matches per pairing")
    parser.add_argument("--seed", type=int, default=20240)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="small runs, rough figures")
    parser.add_argument("--sequential", action="store_true", help="SPRT stop where defined")
    args = parser.parse_args()
    results = {}
    for name in args.only or list(PAIRINGS):
        a, b, default_n, target, sprt, hands = PAIRINGS[name]
        n = args.matches or (QUICK[name] if args.quick else default_n)
        print(f"# {name}: {a} vs {b}, {n} duplicate matches", file=sys.stderr)
        summary = run_tournament(
            a,
            b,
            n,
            seed=args.seed,
            workers=args.workers,
            sprt=sprt if args.sequential else None,
            max_hands=hands,
        )
        rate = summary["A_match_win_rate"]
        lo, _hi = summary["A_win_rate_ci95"]
        summary["target"] = target
        if target is not None:
            floor = {"hard_vs_normal": 0.55, "hard_bidding": 0.5}.get(name)
            summary["target_met"] = rate >= target and (floor is None or lo > floor)
        results[name] = summary
        print(json.dumps({name: summary}), flush=True)
    print("\n# figures", file=sys.stderr)
    for name, s in results.items():
        times = ", ".join(
            f"{bot} p50 {t['p50']} p95 {t['p95']} max {t['max']} ms"
            for bot, t in s["decision_ms"].items()
        )
        print(
            f"{name}: A wins {s['A']['matches_won']}/{s['matches']} "
            f"({s['A_match_win_rate']:.3f}, 95% CI {s['A_win_rate_ci95']}), "
            f"paired diff/hand {s['mean_paired_score_diff_per_hand']} {s['paired_diff_ci95']}, "
            f"target {s['target']} met={s.get('target_met')}; {times}",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
