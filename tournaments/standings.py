"""The standing of a tournament, read from its pairs and games (two queries, any size).

Order: points (a win, a bye or an opponent's forfeit is 1), then the Buchholz score (the sum of
the points of the pairs met: who beat strong pairs goes first), then the match points scored
minus those conceded, then the seed. The same rows are kept in ``Tournament.standings`` when it
ends, and the page shows them while it runs.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Game, Pair, Tournament


def standing_rows(t: Tournament) -> list[dict[str, Any]]:
    pairs = {p.pk: p for p in Pair.objects.filter(tournament=t)}
    opponents: dict[int, list[int]] = {pk: [] for pk in pairs}
    margin: dict[int, int] = dict.fromkeys(pairs, 0)
    games = Game.objects.filter(round__tournament=t).values_list(
        "pair_a_id", "pair_b_id", "score_a", "score_b"
    )
    for a, b, score_a, score_b in games:
        if b is None:
            continue
        opponents[a].append(b)
        opponents[b].append(a)
        if score_a is not None and score_b is not None:
            margin[a] += score_a - score_b
            margin[b] += score_b - score_a
    rows = []
    for pk, pair in pairs.items():
        rows.append(
            {
                "pair_id": pk,
                "number": pair.number,
                "points": pair.points,
                "played": pair.played,
                "buchholz": sum(pairs[o].points for o in opponents[pk]),
                "margin": margin[pk],
                "withdrawn": pair.withdrawn_at is not None,
                "eliminated": pair.eliminated,
            }
        )
    rows.sort(key=lambda r: (-r["points"], -r["buchholz"], -r["margin"], r["number"]))
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return rows
