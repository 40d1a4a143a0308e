"""How often a nil is made, by hand features: the data behind ``spades/bots/odds.py``.

    .venv/bin/python bench/nil_odds.py --deals 20000                      # against Normal
    .venv/bin/python bench/nil_odds.py --deals 3000 --opponents hard --max-risk 2.5

On seeded deals the first bidder bids nil (or, with ``--blind``, blind nil) whatever its hand, its
partner and everything else is Normal except the opponents (``--opponents``). One hand each. Prints
the success rate by ``nil_risk`` bin, the logistic fit (intercept, nil_risk, trick estimate, spades
beyond the third) and, for the fit in odds.py, the logit shift that best explains these results
(0 means odds.NIL_FIT fits these opponents). ``--max-risk`` skips hopeless hands (faster with Hard).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import itertools

from spades.bots import choose_action
from spades.bots.estimate import estimate_tricks
from spades.bots.odds import NIL_FIT
from spades.engine import Match, Rules


def play(deals: int, opponents: str, blind: bool, max_risk: float | None) -> list[dict]:
    rows = []
    for i in range(deals):
        match = Match(Rules(), f"nil-odds:{i}")
        first = match.to_move
        hand = match.hand.hand_codes("NESW".index(first))
        est = estimate_tricks(hand)
        if max_risk is not None and est.nil_risk > max_risk:
            continue
        team = "NS" if first in "NS" else "EW"
        while not match.history:
            seat = match.to_move
            view = match.view(seat)
            if seat == first and view["phase"] == "bidding":
                if {"type": "look"} in view["legal"] and not blind:
                    match.apply(seat, {"type": "look"})
                    continue
                match.apply(seat, {"type": "bid", "bid": "blind_nil" if blind else "nil"})
                continue
            level = "normal" if (seat in "NS") == (team == "NS") else opponents
            match.apply(seat, choose_action(level, view))
        spades = sum(1 for c in hand if c[1] == "S")
        ok = bool(match.history[0][team]["nil"][0]["success"])
        rows.append({"ok": ok, "risk": est.nil_risk, "total": est.total, "spades": spades})
    return rows


def features(r: dict) -> list[float]:
    return [1.0, r["risk"], r["total"], max(0, r["spades"] - 3)]


def fit(rows: list[dict], iters: int = 25) -> list[float]:
    """Logistic regression by Newton's method (four parameters, no dependency)."""
    xs = [features(r) for r in rows]
    ys = [1.0 if r["ok"] else 0.0 for r in rows]
    k = 4
    w = [0.0] * k
    for _ in range(iters):
        g = [0.0] * k
        h = [[1e-6 if a == b else 0.0 for b in range(k)] for a in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x, strict=True))))
            for a in range(k):
                g[a] += (y - p) * x[a]
                for b in range(k):
                    h[a][b] += p * (1 - p) * x[a] * x[b]
        m = [[*row[:], gg] for row, gg in zip(h, g, strict=True)]
        for c in range(k):
            piv = max(range(c, k), key=lambda r, c=c: abs(m[r][c]))
            m[c], m[piv] = m[piv], m[c]
            for r in range(k):
                if r != c:
                    f = m[r][c] / m[c][c]
                    for cc in range(c, k + 1):
                        m[r][cc] -= f * m[c][cc]
        w = [a + m[i][k] / m[i][i] for i, a in enumerate(w)]
    return w


def best_shift(rows: list[dict]) -> float:
    def loglik(s: float) -> float:
        total = 0.0
        for r in rows:
            z = sum(a * b for a, b in zip(NIL_FIT, features(r), strict=True)) + s
            p = 1 / (1 + math.exp(-z))
            total += math.log(p if r["ok"] else 1 - p)
        return total

    return max((s / 10 for s in range(-40, 21)), key=loglik)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--opponents", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--blind", action="store_true")
    parser.add_argument("--max-risk", type=float)
    args = parser.parse_args()
    rows = play(args.deals, args.opponents, args.blind, args.max_risk)
    finite = [r for r in rows if not math.isinf(r["risk"])]
    bins = [0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 1000]
    by_bin = {}
    for lo, hi in itertools.pairwise(bins):
        sel = [r for r in finite if lo <= r["risk"] < hi]
        if sel:
            by_bin[f"{lo}-{hi}"] = [len(sel), round(sum(r["ok"] for r in sel) / len(sel), 3)]
    out = {
        "nils": len(rows),
        "made": round(sum(r["ok"] for r in rows) / max(1, len(rows)), 4),
        "by_nil_risk": by_bin,
        "ace_of_spades_hands": len(rows) - len(finite),
    }
    if not args.blind and len(finite) > 50:
        out["fit"] = [round(v, 3) for v in fit(finite)]
        out["shift_from_odds_fit"] = best_shift(finite)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
