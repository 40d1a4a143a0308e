"""Offline scoring of bid rules on bid_diag.py's lines: real points gained over Normal's bid.

A rule sees what Hard's bidding sees at the decision (the candidates, their playouts on sampled
deals, the nil's estimated chance) and picks a bid; its gain at that decision is the real hand's
points (our side minus theirs, the benchmark's Hard playing the cards) of its pick minus those of
Normal's bid. The mean gain and its standard error over decisions say whether deviating pays.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable

from spades.bots import hard_bid
from spades.engine import Rules
from spades.engine.cards import NIL
from spades.engine.scoring import team_hand_ints

RULES = Rules()
Decision = dict
Rule = Callable[[Decision], int]


def load(path: str) -> list[Decision]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def points(bids: list[int], tricks: list[int], team: int) -> int:
    """Our side's points minus theirs for one hand from 0 to 0 (bags as points, no penalty)."""
    us, _ = team_hand_ints(RULES, bids, tricks, team)
    them, _ = team_hand_ints(RULES, bids, tricks, 1 - team)
    return us - them


def shifted(bids: list[int], tricks: list[int], team: int, shift: float) -> float:
    """``points`` with ``shift`` of our tricks given to the opponents (playouts' optimism)."""
    whole, frac = int(shift), shift - int(shift)
    out = 0.0
    for k, w in ((whole, 1 - frac), (whole + 1, frac)):
        if w <= 0:
            continue
        t = tricks[:]
        for _ in range(k):
            ours = [p for p in range(4) if p & 1 == team and t[p] > 0 and bids[p] >= 0]
            if not ours:
                break
            give = max(ours, key=lambda p: t[p])
            take = max((p for p in range(4) if p & 1 != team), key=lambda p: bids[p])
            t[give] -= 1
            t[take] += 1
        out += w * points(bids, t, team)
    return out


def nil_points(d: Decision, bids: list[int], tricks: list[int], shift: float) -> float:
    """A nil's playout at its estimated chance (as hard_bid.MatchValue.nil_value does)."""
    seat, team, chance = d["seat"], d["seat"] & 1, d["chance"]
    made, failed = hard_bid.nil_outcomes(tricks, seat)
    return chance * shifted(bids, made, team, shift) + (1 - chance) * shifted(
        bids, failed, team, shift
    )


def playout_values(d: Decision, shift: float) -> list[list[float]]:
    """Per sampled deal, each candidate's shifted points."""
    team = d["seat"] & 1
    out = []
    for row in d["rows"]:
        vals = []
        for b, (bids, tricks) in zip(d["cands"], row, strict=True):
            if b == NIL:
                vals.append(nil_points(d, bids, tricks, shift))
            else:
                vals.append(shifted(bids, tricks, team, shift))
        out.append(vals)
    return out


def real_points(d: Decision) -> list[int]:
    return [points(bids, tricks, d["seat"] & 1) for bids, tricks in d["real"]]


def points_rule(
    shift: float,
    margin: float,
    z: float = 0.0,
    nil: bool = True,
    down: bool = True,
    nil_margin: float | None = None,
) -> Rule:
    """Best mean shifted points; another bid than Normal's needs ``margin`` points and a paired
    t-statistic of ``z`` over the sampled deals."""

    def rule(d: Decision) -> int:
        vals = playout_values(d, shift)
        n = len(vals)
        b0 = d["cands"].index(d["base"])
        best, best_m = b0, 0.0
        for j, b in enumerate(d["cands"]):
            if j == b0 or (b == NIL and not nil) or (0 <= b < d["base"] and not down):
                continue
            need = nil_margin if b == NIL and nil_margin is not None else margin
            diffs = [v[j] - v[b0] for v in vals]
            m = sum(diffs) / n
            sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / max(1, n - 1))
            t = m / (sd / math.sqrt(n)) if sd > 0 else (math.inf if m > 0 else 0.0)
            if m > need and t >= z and m > best_m:
                best, best_m = j, m
        return d["cands"][best]

    return rule


def current_rule(d: Decision) -> int:
    """Hard's bidding as committed (hard_bid.pick_bid at 0 to 0)."""
    judge = hard_bid.MatchValue(RULES, d["seat"] & 1)
    means = hard_bid.candidate_means(d["cands"], d["rows"], d["seat"], d["chance"], judge)
    return hard_bid.pick_bid(d["cands"], d["base"], means)


def score(
    decisions: list[Decision], rule: Rule, points_of: Callable[[Decision], list] | None = None
) -> tuple[float, float, int, int]:
    """(mean gain per decision, its standard error, deviations, deviations to nil), on the
    candidates' real points (or ``points_of``, e.g. ``static_points``)."""
    points_of = points_of or real_points
    gains, dev, nils = [], 0, 0
    for d in decisions:
        b = rule(d)
        pts = points_of(d)
        gains.append(pts[d["cands"].index(b)] - pts[d["cands"].index(d["base"])])
        if b != d["base"]:
            dev += 1
            nils += b == NIL
    n = len(gains)
    m = sum(gains) / n
    se = math.sqrt(sum((g - m) ** 2 for g in gains) / max(1, n - 1) / n)
    return m, se, dev, nils


def calibration(decisions: list[Decision]) -> None:
    """Our side's tricks: playout mean on sampled deals against the real hand, per candidate."""
    diff, n = 0.0, 0
    for d in decisions:
        team = d["seat"] & 1
        for j, _ in enumerate(d["cands"]):
            tricks = d["real"][j][1]
            real = sum(tricks[p] for p in range(4) if p & 1 == team)
            po = [sum(r[j][1][p] for p in range(4) if p & 1 == team) for r in d["rows"]]
            diff += sum(po) / len(po) - real
            n += 1
    print(f"playouts' tricks minus real, our side: {diff / max(1, n):+.3f} over {n}")


def analyze(path: str) -> None:
    """Calibration, then the real gain over Normal's bid of Hard's rule and of points rules."""
    ds = load(path)
    print(f"{len(ds)} decisions")
    calibration(ds)
    rules: list[tuple[str, Rule]] = [("current (hard_bid as committed)", current_rule)]
    for shift in (0.0, 0.3):
        for margin in (0.0, 6.0):
            for down in (True, False):
                name = f"points shift {shift} margin {margin} {'+-1' if down else '+1 only'}"
                rules.append((name, points_rule(shift, margin, 0.0, True, down, 17.0)))
    for name, rule in rules:
        m, se, dev, nils = score(ds, rule)
        sm, sse, _, _ = score(ds, rule, static_points)
        print(
            f"{name}: replay {m:+.2f} ± {se:.2f}, static {sm:+.2f} ± {sse:.2f} "
            f"points per decision, {dev} deviations ({nils} nil)"
        )


def analyze_nil(path: str) -> None:
    """bid_diag.py --nil lines: nil against Normal's numeric bid, by estimated chance."""
    ds = load(path)
    print(f"{len(ds)} nil decisions")
    rows = []
    for d in ds:
        team = d["seat"] & 1
        nil_real, num_real = d["real"]
        gain = points(*nil_real, team) - points(*num_real, team)
        rows.append((d["chance"], nil_real[1][d["seat"]] == 0, gain, d["normal_nil"]))
    edges = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 1.01)
    for lo, hi in itertools.pairwise(edges):
        sel = [r for r in rows if lo <= r[0] < hi]
        if not sel:
            continue
        g = [r[2] for r in sel]
        m = sum(g) / len(g)
        se = math.sqrt(sum((x - m) ** 2 for x in g) / max(1, len(g) - 1) / len(g))
        print(
            f"chance {lo:.2f}-{hi:.2f}: n {len(sel)}, estimated {sum(r[0] for r in sel) / len(sel):.2f}"
            f" made {sum(r[1] for r in sel) / len(sel):.2f}, nil gains {m:+.1f} ± {se:.1f}"
            f" points over Normal's number; Normal bid nil {sum(r[3] for r in sel)} times"
        )


def predicted_vs_real(decisions: list[Decision], shift: float) -> None:
    """Each non-Normal candidate: playouts' predicted gain over Normal's bid against the real
    gain, by bins of the prediction (a useful prediction's bins rise with it)."""
    bins: dict[tuple[str, int], list[float]] = {}
    edges = (-1e9, -20, -10, -5, 0, 5, 10, 20, 1e9)
    for d in decisions:
        vals = playout_values(d, shift)
        b0 = d["cands"].index(d["base"])
        real = real_points(d)
        for j, b in enumerate(d["cands"]):
            if j == b0:
                continue
            kind = "nil" if b == NIL else ("+1" if b > d["base"] else "-1")
            pred = sum(v[j] - v[b0] for v in vals) / len(vals)
            k = next(i for i in range(len(edges) - 1) if edges[i] <= pred < edges[i + 1])
            bins.setdefault((kind, k), []).append(real[j] - real[b0])
    for (kind, k), gains in sorted(bins.items()):
        m = sum(gains) / len(gains)
        sd = math.sqrt(sum((g - m) ** 2 for g in gains) / max(1, len(gains) - 1))
        print(
            f"shift {shift} {kind} pred [{edges[k]}, {edges[k + 1]}): n {len(gains)} "
            f"real {m:+.1f} ± {sd / math.sqrt(len(gains)):.1f}"
        )


def static_points(d: Decision) -> list[float]:
    """Each candidate scored on the real play of Normal's bid (the seat's bid swapped, the
    tricks kept): free of the play's chaos, blind to how a bid changes the play. A nil keeps
    its own real replay (it changes the play entirely)."""
    team = d["seat"] & 1
    b0 = d["cands"].index(d["base"])
    bids0, tricks0 = d["real"][b0]
    out: list[float] = []
    for j, b in enumerate(d["cands"]):
        if b == NIL:
            out.append(points(*d["real"][j], team))
            continue
        bids = bids0[:]
        bids[d["seat"]] = b
        out.append(points(bids, tricks0, team))
    return out
