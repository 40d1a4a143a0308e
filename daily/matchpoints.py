"""Matchpoints, as in duplicate bridge: pure functions, no Django.

On one deal, a result scores the share of the *other* results on that deal that it beats, a tie
counting half: the best of five scores 1, the worst 0, two equal best 0.875 each. A result alone
on its deal scores 0.5 (no one to beat, no one beaten). A deal not played scores 0 and is no one
else's comparison. A try's matchpoints are the sum over the set's deals.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

ALONE = 0.5


def deal_points(results: Sequence[int | None]) -> list[float | None]:
    """Each result's matchpoints on one deal (None for those who did not play it)."""
    played = sorted(r for r in results if r is not None)
    others = len(played) - 1
    out: list[float | None] = []
    for r in results:
        if r is None:
            out.append(None)
        elif others == 0:
            out.append(ALONE)
        else:
            below = bisect_left(played, r)
            tied = bisect_right(played, r) - below - 1
            out.append((below + tied / 2) / others)
    return out


def set_points(
    scores: Sequence[Sequence[int]], hands: int
) -> tuple[list[float], list[list[float | None]]]:
    """Every try's total and per-deal matchpoints; ``scores[i]`` holds try i's results on the
    deals it played, in order (shorter when left half-way)."""
    per_deal = [deal_points([s[k] if k < len(s) else None for s in scores]) for k in range(hands)]
    per_try = [[per_deal[k][i] for k in range(hands)] for i in range(len(scores))]
    totals = [float(sum(p for p in row if p is not None)) for row in per_try]
    return totals, per_try


def ranks(totals: Sequence[float]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) by total, best first; totals are compared rounded to
    1e-9 so that sums of halves in another order still tie."""
    keyed = [round(t, 9) for t in totals]
    order = sorted(range(len(totals)), key=lambda i: -keyed[i])
    out = [0] * len(totals)
    for pos, i in enumerate(order):
        if pos and keyed[order[pos - 1]] == keyed[i]:
            out[i] = out[order[pos - 1]]
        else:
            out[i] = pos + 1
    return out


def spread(results: Sequence[int | None]) -> list[tuple[int, int]]:
    """(result, how many) on one deal, best result first."""
    counts: dict[int, int] = {}
    for r in results:
        if r is not None:
            counts[r] = counts.get(r, 0) + 1
    return sorted(counts.items(), reverse=True)


def summary(results: Sequence[int | None], common: int = 5) -> dict[str, object] | None:
    """One deal's spread in a few numbers, whatever the number of players: how many played it,
    the best, the quartiles, the median and the worst result, and the ``common`` results most
    often reached (how many each, best first). None when nobody played it."""
    played = sorted((r for r in results if r is not None), reverse=True)
    if not played:
        return None

    def at(share: float) -> int:
        return played[min(len(played) - 1, int(share * len(played)))]

    frequent = sorted(spread(played), key=lambda item: (-item[1], -item[0]))[:common]
    return {
        "count": len(played),
        "best": played[0],
        "upper": at(0.25),
        "median": at(0.5),
        "lower": at(0.75),
        "worst": played[-1],
        "common": sorted(([score, n] for score, n in frequent), reverse=True),
    }
