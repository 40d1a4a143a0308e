"""Statistics of the duplicate tournament: match results, intervals and the printed summary."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .quality import FAULTS, per_100_hands


@dataclass
class GameResult:
    """One match: who won and per-hand detail, from side A's and side B's point of view."""

    seed: int
    a_team: str  # the team side A sat as
    winner_side: str  # "A" or "B"
    hands: list[dict[str, Any]] = field(default_factory=list)  # match.history entries
    times: dict[str, list[float]] = field(default_factory=dict)  # bot name -> seconds
    hands_played: int = 0
    faults: dict[str, dict[str, int]] = field(default_factory=dict)  # bot name -> fault counts
    seat_hands: dict[str, int] = field(default_factory=dict)  # bot name -> hands x seats played
    blind_nils: dict[str, list[int]] = field(default_factory=dict)  # bot name -> [bids, made]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def sprt_llr(wins: int, losses: int, p0: float, p1: float) -> float:
    """Log-likelihood ratio of H1 (p = p1) against H0 (p = p0) for Bernoulli match results."""
    return wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))


class Stats:
    """Accumulates game results into the summary the CLI prints."""

    def __init__(self) -> None:
        self.games: list[GameResult] = []
        self.pair_diffs: list[float] = []  # per pair: mean (A - B) hand points per hand

    def add_pair(self, g1: GameResult, g2: GameResult) -> None:
        self.games += [g1, g2]
        diff = 0.0
        hands = 0
        for g in (g1, g2):
            b_team = "EW" if g.a_team == "NS" else "NS"
            for h in g.hands:
                diff += h[g.a_team]["hand"] - h[b_team]["hand"]
                hands += 1
        self.pair_diffs.append(diff / max(1, hands))

    @property
    def a_wins(self) -> int:
        return sum(1 for g in self.games if g.winner_side == "A")

    def summary(
        self,
        a_bots: Sequence[str],
        b_bots: Sequence[str],
        seed: int,
        extra: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        n = len(self.games)
        a = self.a_wins
        lo, hi = wilson(a, n)
        pairs = [(self.games[i], self.games[i + 1]) for i in range(0, n, 2)]
        sweep_a = sum(1 for x, y in pairs if x.winner_side == y.winner_side == "A")
        sweep_b = sum(1 for x, y in pairs if x.winner_side == y.winner_side == "B")
        side: dict[str, dict[str, Any]] = {}
        for label in ("A", "B"):
            hands = made = sets = zero = nil_tries = nil_ok = bags = blind_tries = blind_ok = 0
            for g in self.games:
                team = g.a_team if label == "A" else ("EW" if g.a_team == "NS" else "NS")
                for h in g.hands:
                    d = h[team]
                    hands += 1
                    bags += d["bags_added"]
                    if d["made"] is True:
                        made += 1
                    elif d["made"] is False:
                        sets += 1
                    else:
                        zero += 1
                    for nil in d["nil"]:
                        if nil["bid"] == "blind_nil":
                            blind_tries += 1
                            blind_ok += bool(nil["success"])
                        else:
                            nil_tries += 1
                            nil_ok += bool(nil["success"])
            side[label] = {
                "bots": list(a_bots if label == "A" else b_bots),
                "matches_won": a if label == "A" else n - a,
                "contracts_made": made,
                "sets": sets,
                "zero_contracts": zero,
                "contract_success_rate": round(made / max(1, made + sets), 4),
                "set_rate_per_hand": round(sets / max(1, hands), 4),
                "nil_bids": nil_tries,
                "nil_success_rate": round(nil_ok / nil_tries, 4) if nil_tries else None,
                "blind_nil_bids": blind_tries,
                "blind_nil_success_rate": round(blind_ok / blind_tries, 4) if blind_tries else None,
                "bags_per_hand": round(bags / max(1, hands), 4),
            }
        times: dict[str, list[float]] = {}
        for g in self.games:
            for name, ts in g.times.items():
                times.setdefault(name, []).extend(ts)
        fault_counts: dict[str, dict[str, int]] = {}
        seat_hands: dict[str, int] = {}
        for g in self.games:
            for name, counts in g.faults.items():
                acc = fault_counts.setdefault(name, dict.fromkeys(FAULTS, 0))
                for f, c in counts.items():
                    acc[f] += c
                seat_hands[name] = seat_hands.get(name, 0) + g.seat_hands.get(name, 0)
        blind: dict[str, list[int]] = {}
        for g in self.games:
            for name, (bids, ok) in g.blind_nils.items():
                acc2 = blind.setdefault(name, [0, 0])
                acc2[0] += bids
                acc2[1] += ok
        diffs = self.pair_diffs
        mean = sum(diffs) / len(diffs) if diffs else 0.0
        sd = (
            math.sqrt(sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1))
            if len(diffs) > 1
            else 0.0
        )
        half = 1.96 * sd / math.sqrt(len(diffs)) if diffs else 0.0
        out = {
            "duplicate_matches": len(pairs),
            "matches": n,
            "seed": seed,
            "A": side["A"],
            "B": side["B"],
            "A_match_win_rate": round(a / n, 4) if n else None,
            "A_win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "pairs_swept": {"A": sweep_a, "B": sweep_b, "split": len(pairs) - sweep_a - sweep_b},
            "mean_paired_score_diff_per_hand": round(mean, 2),
            "paired_diff_ci95": [round(mean - half, 2), round(mean + half, 2)],
            "hands_per_match": round(sum(g.hands_played for g in self.games) / max(1, n), 2),
            "decision_ms": {
                name: {
                    "decisions": len(ts),
                    "p50": round(1000 * percentile(ts, 0.5), 3),
                    "p95": round(1000 * percentile(ts, 0.95), 3),
                    "max": round(1000 * max(ts), 3),
                    "mean": round(1000 * sum(ts) / len(ts), 3),
                }
                for name, ts in sorted(times.items())
            },
            "partner_faults_per_100_hands": {
                name: per_100_hands(fault_counts[name], seat_hands.get(name, 0))
                for name in sorted(fault_counts)
            },
            "blind_nil_by_bot": {
                name: {
                    "bids": bids,
                    "made": ok,
                    "success_rate": round(ok / bids, 4) if bids else None,
                    "success_ci95": [round(x, 4) for x in wilson(ok, bids)] if bids else None,
                }
                for name, (bids, ok) in sorted(blind.items())
            },
        }
        if extra:
            out.update(extra)
        return out
