"""Who meets whom in a round: Swiss pairing and a knock-out bracket. Pure Python (no Django),
so that the rules can be tested exhaustively and timed apart from the site.

Swiss: the pairs are taken in standing order (points, then rating) and each is paired with the
nearest one below it that it has not met; a backtracking search undoes a choice that leaves the
rest impossible, so **no two pairs meet twice while a pairing without a rematch exists**. Only
when none exists are rematches allowed, as few as possible. With an odd count one pair has a bye
(it scores a win): the lowest-placed pair that has not had one yet, unless only a pair that
already had a bye leaves a pairing without rematches.

Knock-out: the bracket of the next power of two, seeds placed so that seed 1 and seed 2 can only
meet in the final; the missing places are byes, and they go to the best seeds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class SwissRound(Generic[P]):
    """One round's pairing: the games (in standing order of their first pair) and the bye."""

    games: list[tuple[P, P]]
    bye: P | None
    rematches: int


def met(history: Iterable[tuple[P, P]]) -> set[frozenset[P]]:
    """The set of encounters (unordered) from a list of games."""
    return {frozenset(game) for game in history}


def _pair_rest(
    order: Sequence[P], encounters: set[frozenset[P]], allowed: int
) -> list[tuple[P, P]] | None:
    """Pair ``order`` (an even count, in standing order) with at most ``allowed`` rematches, each
    pair with the nearest one below it that works; None when impossible. Failures are
    remembered by the set left to pair (and the rematches still allowed), which keeps the
    search short even when it must prove that no pairing exists."""
    index = {p: i for i, p in enumerate(order)}
    failed: set[tuple[int, int]] = set()

    def solve(mask: int, budget: int) -> list[tuple[P, P]] | None:
        if mask == 0:
            return []
        if (mask, budget) in failed:
            return None
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        a = order[first]
        candidate = rest
        while candidate:
            low = candidate & -candidate
            candidate &= ~low
            j = low.bit_length() - 1
            b = order[j]
            cost = 1 if frozenset((a, b)) in encounters else 0
            if cost > budget:
                continue
            found = solve(rest & ~low, budget - cost)
            if found is not None:
                return [(a, b), *found]
        failed.add((mask, budget))
        return None

    full = (1 << len(order)) - 1
    assert len(index) == len(order), "a pair appears twice"
    return solve(full, allowed)


def swiss(
    standing: Sequence[P], history: Iterable[tuple[P, P]], byes: Iterable[P] = ()
) -> SwissRound[P]:
    """Pair ``standing`` (best first) for the next round, given the games already played
    (``history``) and the pairs that already had a bye."""
    order = list(standing)
    encounters = met(history)
    had_bye = set(byes)
    if len(order) < 2:
        return SwissRound([], order[0] if order else None, 0)
    if len(order) % 2 == 0:
        candidates: list[P | None] = [None]
    else:
        # The lowest-placed first; those who had a bye only after everyone else.
        bottom_up = list(reversed(order))
        candidates = [p for p in bottom_up if p not in had_bye]
        candidates += [p for p in bottom_up if p in had_bye]
    for allowed in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = [p for p in order if p != bye]
            games = _pair_rest(rest, encounters, allowed)
            if games is not None:
                return SwissRound(games, bye, allowed)
    raise AssertionError("unreachable: any pairing is allowed with enough rematches")


def bracket_size(count: int) -> int:
    """The power of two a knock-out of ``count`` pairs is played in."""
    size = 1
    while size < count:
        size *= 2
    return size


def knockout_rounds(count: int) -> int:
    """How many rounds a knock-out of ``count`` pairs takes (0 for fewer than two)."""
    return max(0, bracket_size(count).bit_length() - 1)


def seed_order(size: int) -> list[int]:
    """The seed numbers (1-based) in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for 8 — seed s meets
    seed size+1-s in the first round, and 1 and 2 only in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout_first_round(seeds: Sequence[P]) -> list[tuple[P, P | None]]:
    """The first round of a knock-out of ``seeds`` (best first), in bracket order: a game is
    (a, b), or (a, None) for a bye. The byes go to the best seeds, never two in one game."""
    count = len(seeds)
    size = bracket_size(count)
    games: list[tuple[P, P | None]] = []
    order = seed_order(size)
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        first = seeds[a - 1]
        second = seeds[b - 1] if b <= count else None
        games.append((first, second))
    return games


def knockout_next_round(winners: Sequence[P]) -> list[tuple[P, P | None]]:
    """The next round of a knock-out: the winners of the previous games in bracket order, the
    winner of game 2k meeting the winner of game 2k+1."""
    games: list[tuple[P, P | None]] = []
    for i in range(0, len(winners), 2):
        games.append((winners[i], winners[i + 1] if i + 1 < len(winners) else None))
    return games
