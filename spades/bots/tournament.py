"""Duplicate tournaments between bots, through the engine's Match and seat views only.

Each match seed is played twice with the partnerships swapped (same deals, same dealer rotation),
so luck of the cards cancels out. Side A is the ``--ns`` side of the first game of each pair.
"""

from __future__ import annotations

import importlib
import inspect
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from spades.engine import Match, Rules
from spades.engine.actions import Action, is_play
from spades.engine.cards import SEATS

from . import LEVELS, choose_action
from .cards import partner_of
from .quality import FaultTracker
from .tourney_stats import GameResult, Stats, percentile, sprt_llr, wilson
from .view import View

SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
# The benchmark Hards are bounded by their work budgets alone: a tournament under ``nice -n 19``
# on a busy machine would otherwise cut searches at the wall-clock deadline and measure the machine.
NO_DEADLINE_S = 30.0


class Cheat(NamedTuple):
    """A benchmark-only Hard shown hands it could not see at a table (a ceiling, never in play)."""

    noise: float  # playouts' chance of a random card
    budget: int | None  # card-search budget (None: the real one, with its bids and deadline)
    partner_only: bool = False  # shown its partner's hand only, the others still sampled


# ``hard_cheat`` averages slightly noisy playouts of the real deal; ``hard_cheat1`` runs one
# deterministic playout per card; ``hard_fast_cheat`` and ``hard_lite_cheat`` are ``hard_cheat``
# with the budget, Normal's bids and no deadline of ``bench/bench_bots.py``'s ``hard_fast_normal_bidding`` and
# ``hard_lite`` (the peeking gap); ``hard_lite_partner`` is ``hard_lite`` shown its partner's hand
# only (what the partnership's knowledge is worth).
CHEATS: dict[str, Cheat] = {
    "hard_cheat": Cheat(0.1, None),
    "hard_cheat1": Cheat(0.0, None),
    "hard_fast_cheat": Cheat(0.1, 6000),
    "hard_lite_cheat": Cheat(0.1, 1500),
    "hard_lite_partner": Cheat(0.0, 1500, partner_only=True),
}


# ----------------------------------------------------------------------------------------------
# Bots by name
# ----------------------------------------------------------------------------------------------
@dataclass
class BotSpec:
    """A bot named on the command line: a level, ``hard_cheat`` or ``package.module:function``."""

    name: str
    func: Callable[..., Action | None] | None = None
    takes_rng: bool = False

    @classmethod
    def parse(cls, name: str) -> BotSpec:
        if name in LEVELS or name in CHEATS:
            return cls(name)
        if ":" not in name:
            raise ValueError(
                f"unknown bot {name!r}: a level ({', '.join(LEVELS)}), hard_cheat or module:func"
            )
        mod, _, attr = name.partition(":")
        func = getattr(importlib.import_module(mod), attr)
        try:
            params = [
                p
                for p in inspect.signature(func).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            takes_rng = len(params) >= 2
        except (TypeError, ValueError):
            takes_rng = False
        return cls(name, func, takes_rng)

    def _cheat(self, view: View, rng: random.Random, match: Match) -> Action | None:
        """The ``CHEATS`` Hard's action, shown the real hands it is allowed."""
        from . import hard

        hands = {s: match.hand.hand_codes(i) for i, s in enumerate(SEATS)}
        cheat = CHEATS[self.name]
        if cheat.budget is None:
            return hard.choose(view, rng, oracle_hands=hands, noise=cheat.noise)
        bounded: dict[str, Any] = {
            "budget": cheat.budget,
            "own_bidding": False,
            "time_budget": NO_DEADLINE_S,
        }
        if cheat.partner_only:
            mate = partner_of(view["seat"])
            return hard.choose(view, rng, pinned={mate: hands[mate]}, **bounded)
        return hard.choose(view, rng, oracle_hands=hands, noise=cheat.noise, **bounded)

    def act(self, view: View, rng: random.Random, match: Match) -> Action | None:
        if self.name in CHEATS:
            if not view.get("legal") or view.get("to_move") != view.get("seat"):
                return None
            return self._cheat(view, rng, match)
        if self.func is None:
            return choose_action(self.name, view, rng)
        if self.takes_rng:
            return self.func(view, rng)
        return self.func(view)


# ----------------------------------------------------------------------------------------------
# Playing
# ----------------------------------------------------------------------------------------------
def play_game(
    seed: int,
    a_team: str,
    a_bots: Sequence[str],
    b_bots: Sequence[str],
    rules: Rules,
    max_hands: int | None = None,
) -> GameResult:
    """One match; side A holds ``a_team``'s seats (first seat gets ``a_bots[0]``).

    ``max_hands``: stop after that many hands (a short smoke run); the side ahead then wins, and
    side B on a tie."""
    b_team = "EW" if a_team == "NS" else "NS"
    seat_bot: dict[str, BotSpec] = {}
    for team, bots in ((a_team, a_bots), (b_team, b_bots)):
        for s, name in zip(SIDE_SEATS[team], bots, strict=True):
            seat_bot[s] = BotSpec.parse(name)
    rngs = {s: random.Random(f"{seed}:{a_team}:{s}") for s in "NESW"}
    match = Match(rules, seed)
    times: dict[str, list[float]] = {}
    faults = FaultTracker()
    for spec in seat_bot.values():
        faults.ensure(spec.name)
    guard = 0
    while not match.is_over and (max_hands is None or len(match.history) < max_hands):
        seat = cast(str, match.to_move)  # not None: the match is not over
        view = match.view(seat)
        spec = seat_bot[seat]
        t0 = time.perf_counter()
        action = spec.act(view, rngs[seat], match)
        times.setdefault(spec.name, []).append(time.perf_counter() - t0)
        if action is None:
            raise RuntimeError(f"bot {spec.name} returned no action for {seat}")
        if is_play(action):
            faults.on_play(spec.name, view, action["card"])
        else:
            faults.on_bid(spec.name, view, action)
        match.apply(seat, action)
        guard += 1
        if guard > 20000:
            raise RuntimeError("match does not end")
    blind_nils: dict[str, list[int]] = {spec.name: [0, 0] for spec in seat_bot.values()}
    for entry in match.history:
        for team in ("NS", "EW"):
            for nil in entry[team]["nil"]:
                if nil["bid"] == "blind_nil":
                    tally = blind_nils[seat_bot[nil["seat"]].name]
                    tally[0] += 1
                    tally[1] += bool(nil["success"])
    result = match.result  # None unless the match is over
    if result is not None:
        winner_team = result["winner"]
    else:
        totals = match.scores
        a_ahead = totals[a_team]["score"] > totals[b_team]["score"]
        winner_team = a_team if a_ahead else b_team
    return GameResult(
        seed=seed,
        a_team=a_team,
        winner_side="A" if winner_team == a_team else "B",
        hands=match.history,
        times=times,
        hands_played=len(match.history),
        faults=faults.counts,
        seat_hands={
            name: len(match.history) * sum(1 for sp in seat_bot.values() if sp.name == name)
            for name in faults.counts
        },
        blind_nils=blind_nils,
    )


#: ``play_pair``'s job: seed, side A's bots, side B's bots, the rules dict, ``max_hands``.
PairJob = tuple[int, tuple[str, ...], tuple[str, ...], dict[str, Any], int | None]


def play_pair(args: PairJob) -> tuple[GameResult, GameResult]:
    """A duplicate pair: the same seed with side A as NS, then as EW."""
    seed, a_bots, b_bots, rules_dict, max_hands = args
    rules = Rules.from_dict(rules_dict)
    return (
        play_game(seed, "NS", a_bots, b_bots, rules, max_hands),
        play_game(seed, "EW", a_bots, b_bots, rules, max_hands),
    )


def _progress(done: int, total: int, stats: Stats, started: float) -> None:
    width = 30
    filled = int(width * done / max(1, total))
    n = len(stats.games)
    rate = stats.a_wins / n if n else 0.0
    elapsed = time.time() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} pairs  "
        f"A wins {rate:.3f}  {elapsed:.0f}s elapsed, eta {eta:.0f}s "
    )
    sys.stderr.flush()


def run_tournament(
    a_bots: tuple[str, str],
    b_bots: tuple[str, str],
    matches: int,
    seed: int = 0,
    workers: int = 1,
    rules: Rules | None = None,
    sprt: tuple[float, float] | None = None,
    progress: bool = True,
    max_hands: int | None = None,
    checkpoint: str | None = None,
) -> dict[str, Any]:
    """Play ``matches`` duplicate pairs (seeds ``seed .. seed+matches-1``) and summarize them.

    ``sprt=(p0, p1)``: stop early once a sequential probability ratio test (alpha = beta = 0.05)
    decides between side A winning a fraction p0 or p1 of the matches. ``checkpoint``: a file
    rewritten with the summary so far after every pair (long background runs).
    """
    for name in (*a_bots, *b_bots):
        BotSpec.parse(name)  # fail fast on a bad name
    rules = rules or Rules()
    jobs: list[PairJob] = [
        (seed + i, tuple(a_bots), tuple(b_bots), rules.to_dict(), max_hands) for i in range(matches)
    ]
    stats = Stats()
    started = time.time()
    decision: str | None = None
    upper = math.log((1 - 0.05) / 0.05)
    lower = math.log(0.05 / (1 - 0.05))

    def consume(pair: tuple[GameResult, GameResult]) -> bool:
        nonlocal decision
        stats.add_pair(*pair)
        if progress:
            _progress(len(stats.pair_diffs), matches, stats, started)
        if checkpoint:
            partial = stats.summary(a_bots, b_bots, seed, {"partial": True})
            partial["elapsed_s"] = round(time.time() - started, 1)
            with open(checkpoint, "w") as f:
                json.dump(partial, f, indent=2)
        if sprt:
            wins = stats.a_wins
            llr = sprt_llr(wins, len(stats.games) - wins, *sprt)
            if llr >= upper:
                decision = f"H1: A wins >= {sprt[1]}"
            elif llr <= lower:
                decision = f"H0: A wins <= {sprt[0]}"
            return decision is not None
        return False

    if workers > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(workers) as pool:
            for pair in pool.imap(play_pair, jobs):
                if consume(pair):
                    pool.terminate()
                    break
    else:
        for job in jobs:
            if consume(play_pair(job)):
                break
    if progress:
        sys.stderr.write("\n")
    extra: dict[str, Any] = {"elapsed_s": round(time.time() - started, 1), "workers": workers}
    if max_hands:
        extra["max_hands"] = max_hands
    if sprt:
        extra["sprt"] = {"p0": sprt[0], "p1": sprt[1], "decision": decision}
    return stats.summary(a_bots, b_bots, seed, extra)


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m spades.bots")
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", help="duplicate matches between two partnerships of bots")
    t.add_argument("--ns", required=True, help="side A: level, hard_cheat or package.module:func")
    t.add_argument("--ew", required=True, help="side B: level, hard_cheat or package.module:func")
    t.add_argument("--ns-partner", help="side A's second seat (default: same as --ns)")
    t.add_argument("--ew-partner", help="side B's second seat (default: same as --ew)")
    t.add_argument("--matches", type=int, default=20, help="duplicate matches (pairs of games)")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--workers", type=int, default=1, help="processes (2 cores here)")
    t.add_argument("--sprt", help="sequential stop, e.g. 0.5,0.6 (side A match win rate)")
    t.add_argument("--rules", help="rules as JSON, e.g. '{\"blind_nil\": false}'")
    t.add_argument("--hands", type=int, help="stop each match after this many hands (smoke)")
    t.add_argument("--checkpoint", help="file rewritten with the summary so far after each pair")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    a_bots = (args.ns, args.ns_partner or args.ns)
    b_bots = (args.ew, args.ew_partner or args.ew)
    rules = Rules.from_dict(json.loads(args.rules)) if args.rules else Rules()
    sprt = tuple(float(x) for x in args.sprt.split(",")) if args.sprt else None
    summary = run_tournament(
        a_bots,
        b_bots,
        args.matches,
        seed=args.seed,
        workers=args.workers,
        rules=rules,
        sprt=sprt,  # type: ignore[arg-type]
        progress=not args.quiet,
        max_hands=args.hands,
        checkpoint=args.checkpoint,
    )
    print(json.dumps(summary, indent=2))
    return 0


__all__ = [
    "BotSpec",
    "GameResult",
    "Stats",
    "main",
    "percentile",
    "play_game",
    "run_tournament",
    "sprt_llr",
    "wilson",
]
