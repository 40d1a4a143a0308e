"""Random legal self-play: our engine against OpenSpiel's C++ spades, side by side.

Every engine plays complete hands = deal + 4 bids + 52 plays, each step "ask the legal actions,
pick one with ``rng.choice``, apply it". OpenSpiel deals through 52 chance nodes; both ways of
driving them (``chance_outcomes()`` or ``legal_actions()``) are measured and the faster one is
kept, so the comparison is against OpenSpiel's best Python driver. Rounds alternate between the
engines so that load on the machine hits both alike. Ours is measured through the fast int API
(the figure compared) and, for information, through the public dict APIs (``HandState`` actions
and a whole ``Match``). Prints one JSON line, which says whether the engine ran compiled
(``SPADES_ENGINE=pure`` runs its Python sources; spades/engine/compiled.py).

    .venv/bin/python bench/engine_vs_openspiel.py [--rounds 5] [--seconds 2] [--variants]

OpenSpiel (pip package ``open-spiel``) is only needed here, never at run time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades.engine import (
    COMPILED,
    ENGINE_BUILD,
    SEATS,
    STANDARD_RULES,
    HandState,
    Match,
    Rules,
    deal_ints,
    team_hand_ints,
)
from spades.engine.cards import CARD_CODES
from spades.engine.variants import VARIANTS

BATCH = 50


def ours_fast(rng: random.Random) -> Callable[[], int]:
    """A batch of hands through the fast int API (scored at the end, as OpenSpiel does)."""
    choice = rng.choice
    from_ints = HandState.from_ints
    rules = STANDARD_RULES

    def batch() -> int:
        for k in range(BATCH):
            state = from_ints(rules, k & 3, deal_ints(rng))
            while state.bidding:
                state.bid_value(choice(state.legal_bid_values()))
            while not state.is_complete:
                state.play_int(choice(state.legal_play_ints()))
            team_hand_ints(rules, state.bids, state.tricks_won, 0)
            team_hand_ints(rules, state.bids, state.tricks_won, 1)
        return BATCH

    return batch


def ours_fast_variant(rng: random.Random, variant: str) -> Callable[[], int]:
    """Like ``ours_fast`` for one variant of rules.md (its deck and its bids)."""
    choice = rng.choice
    from_ints = HandState.from_ints
    rules = Rules(variant=variant)
    deal = VARIANTS[variant].deal

    def batch() -> int:
        for k in range(BATCH):
            state = from_ints(rules, k & 3, deal(rng))
            while state.bidding:
                state.bid_value(choice(state.legal_bid_values()))
            while not state.is_complete:
                state.play_int(choice(state.legal_play_ints()))
            team_hand_ints(rules, state.bids, state.tricks_won, 0)
            team_hand_ints(rules, state.bids, state.tricks_won, 1)
        return BATCH

    return batch


def ours_hand_dicts(rng: random.Random) -> Callable[[], int]:
    """A batch of hands through HandState's checked dict API (card codes, action dicts)."""
    choice = rng.choice

    def batch() -> int:
        for k in range(BATCH):
            deck = list(CARD_CODES)
            rng.shuffle(deck)
            hands = {s: deck[13 * i : 13 * i + 13] for i, s in enumerate(SEATS)}
            state = HandState(STANDARD_RULES, SEATS[k & 3], hands)
            while not state.is_complete:
                state.apply(state.to_move, choice(state.legal_actions()))
            state.score()
        return BATCH

    return batch


def ours_match(rng: random.Random) -> Callable[[], int]:
    """A batch of hands through Match (dict actions, blind nil looks, scoring, next deal)."""
    choice = rng.choice
    state = {"match": Match(STANDARD_RULES, 0), "games": 0}

    def batch() -> int:
        match = state["match"]
        start = len(match.history)
        while len(match.history) - start < BATCH:
            if match.is_over:
                state["games"] += 1
                match = state["match"] = Match(STANDARD_RULES, state["games"])
                start = 0
                continue
            match.apply(match.to_move, choice(match.legal_actions()))
        return BATCH

    return batch


def openspiel(rng: random.Random, chance: str) -> Callable[[], int]:
    """A batch of OpenSpiel spades hands; chance nodes driven by ``chance`` (see module doc)."""
    import pyspiel

    game = pyspiel.load_game("spades")
    choice = rng.choice
    new_state = game.new_initial_state

    if chance == "legal_actions":

        def batch() -> int:
            for _ in range(BATCH):
                state = new_state()
                while not state.is_terminal():
                    state.apply_action(choice(state.legal_actions()))
                state.returns()
            return BATCH

    else:

        def batch() -> int:
            for _ in range(BATCH):
                state = new_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.apply_action(choice(state.chance_outcomes())[0])
                    else:
                        state.apply_action(choice(state.legal_actions()))
                state.returns()
            return BATCH

    return batch


def measure(batch: Callable[[], int], seconds: float) -> tuple[int, float, float]:
    """Run batches for about ``seconds``: (hands, elapsed, seconds per hand of the best batch)."""
    hands = 0
    best = float("inf")
    start = now = time.perf_counter()
    deadline = start + seconds
    while now < deadline:
        done = batch()
        hands += done
        before, now = now, time.perf_counter()
        best = min(best, (now - before) / done)
    return hands, now - start, best


def main() -> int:
    """Alternate rounds of every driver and print the figures as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variants", action="store_true", help="also measure the fast API in every variant"
    )
    args = parser.parse_args()

    drivers: dict[str, Callable[[], int]] = {
        "ours_fast": ours_fast(random.Random(args.seed)),
    }
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print(
            "open_spiel is not installed (pip install open-spiel): "
            "measuring our engine alone, no comparison.",
            file=sys.stderr,
        )
        have_openspiel = False
    else:
        have_openspiel = True
        drivers["openspiel_chance_outcomes"] = openspiel(random.Random(args.seed), "outcomes")
        drivers["openspiel_legal_actions"] = openspiel(random.Random(args.seed), "legal_actions")
    info = {
        "ours_hand_dict_api": ours_hand_dicts(random.Random(args.seed)),
        "ours_match_api": ours_match(random.Random(args.seed)),
    }
    if args.variants:
        for name in VARIANTS:
            if name != "none":
                info[f"ours_fast_{name}"] = ours_fast_variant(random.Random(args.seed), name)
    totals = {name: [0, 0.0] for name in [*drivers, *info]}
    best = {name: float("inf") for name in totals}
    for _ in range(args.rounds):
        for name, batch in [*drivers.items(), *info.items()]:
            # The information-only drivers get half the time.
            hands, elapsed, fastest = measure(batch, args.seconds / (1 if name in drivers else 2))
            totals[name][0] += hands
            totals[name][1] += elapsed
            best[name] = min(best[name], fastest)
    rate = {name: round(h / s, 1) for name, (h, s) in totals.items()}
    out: dict[str, object] = {
        "rounds": args.rounds,
        "seconds_per_round": args.seconds,
        # The compiled engine (mypyc) or its Python sources: spades/engine/compiled.py.
        "engine": "compiled" if COMPILED else "pure",
        "engine_build": ENGINE_BUILD,
        "ours_fast_hands_per_second": rate["ours_fast"],
        "ours_hand_dict_api_hands_per_second": rate["ours_hand_dict_api"],
        "ours_match_api_hands_per_second": rate["ours_match_api"],
        **{
            f"{name}_hands_per_second": rate[name] for name in info if name.startswith("ours_fast_")
        },
    }
    if have_openspiel:
        os_rate = max(rate["openspiel_chance_outcomes"], rate["openspiel_legal_actions"])
        out.update(
            {
                "openspiel_hands_per_second": os_rate,
                "openspiel_chance_outcomes_hands_per_second": rate["openspiel_chance_outcomes"],
                "openspiel_legal_actions_hands_per_second": rate["openspiel_legal_actions"],
                "ratio_fast_vs_openspiel": round(rate["ours_fast"] / os_rate, 2),
                # Same ratio from each engine's fastest batch of 50 hands: less sensitive to
                # other processes on a shared machine.
                "ratio_fast_vs_openspiel_best_batches": round(
                    min(best["openspiel_chance_outcomes"], best["openspiel_legal_actions"])
                    / best["ours_fast"],
                    2,
                ),
                "ratio_match_api_vs_openspiel": round(rate["ours_match_api"] / os_rate, 2),
            }
        )
    else:
        out["openspiel_hands_per_second"] = None
        out["error"] = "open_spiel not installed"
    print(json.dumps(out))
    return 0 if have_openspiel else 1


if __name__ == "__main__":
    sys.exit(main())
