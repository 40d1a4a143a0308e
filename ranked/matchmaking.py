"""Who plays whom in ranked play: pure grouping of the queue (no database here).

The oldest waiting player comes first: they are seated with the three players closest to their
rating, as long as each is within their window (``RANKED_WINDOW_POINTS``, growing by
``RANKED_WINDOW_GROWTH`` per second waited). Once they have waited ``RANKED_WAIT_SECONDS``, they
start with whoever is in their window (bots take the other seats). Then the next oldest, and so
on; a player with nobody close enough yet keeps waiting. Two players in an ``apart`` pair (two
accounts sharing an address or a browser, ``ranked.origins``) are never in one group.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

# Seats in the order the group's players take them, strongest first: the strongest and the
# weakest play together (N–S) against the two in the middle (E–W).
SEAT_ORDER = ("N", "E", "W", "S")


@dataclass(frozen=True)
class Waiting:
    """One queued player."""

    user_id: int
    points: float
    joined_at: datetime


def window(waited: float, base: float, growth: float) -> float:
    """How far from a player's rating matchmaking looks after ``waited`` seconds."""
    return base + growth * max(0.0, waited)


def _compatible(first: Waiting, near: list[Waiting], apart: set[frozenset[int]]) -> list[Waiting]:
    """Up to three of ``near`` (closest first) of whom no two, ``first`` included, are apart."""
    chosen: list[Waiting] = []
    for w in near:
        if all(frozenset((w.user_id, o.user_id)) not in apart for o in (first, *chosen)):
            chosen.append(w)
            if len(chosen) == 3:
                break
    return chosen


def form_groups(
    queue: list[Waiting],
    now: datetime,
    *,
    base: float,
    growth: float,
    wait_seconds: float,
    apart: set[frozenset[int]] = frozenset(),  # type: ignore[assignment]
) -> list[list[Waiting]]:
    """The groups to seat now, each of one to four players, none with two players apart."""
    left = sorted(queue, key=lambda w: (w.joined_at, w.user_id))
    groups: list[list[Waiting]] = []
    index = 0
    while index < len(left):
        first = left[index]
        waited = (now - first.joined_at).total_seconds()
        reach = window(waited, base, growth)
        near = _compatible(
            first,
            sorted(
                (w for w in left if w is not first and abs(w.points - first.points) <= reach),
                key=lambda w: (abs(w.points - first.points), w.joined_at),
            ),
            apart,
        )
        if len(near) >= 3:
            group = [first, *near[:3]]
        elif waited >= wait_seconds:
            group = [first, *near]
        else:
            index += 1
            continue
        groups.append(group)
        left = [w for w in left if w not in group]
    return groups


def seating(group: list[Waiting]) -> dict[str, Waiting]:
    """Seats for a group: by rating, strongest and weakest partners (N–S) against the middle."""
    ranked = sorted(group, key=lambda w: (-w.points, w.user_id))
    return dict(zip(SEAT_ORDER, ranked, strict=False))
