"""How close Hard's sampled deals are to the real one: the peeking gap, measured without a
tournament.

    .venv/bin/python bench/sampler_fidelity.py --matches 20 --samples 24
    .venv/bin/python bench/sampler_fidelity.py --players bench.bench_bots:hard_lite_no_signals

Normal plays seeded matches (Hard's card play is Normal's judgement plus search: the same
signals), or the bot ``--players`` names (a tournament name) at all four seats. At each card
decision after the first trick, the deciding seat's ``DealSampler`` draws ``--samples`` deals,
first with the voids and bids only, then with the plays' signals too (``spades/bots/inferences.py``),
then by policy-based inference (``with_model``: the tables' Hard since issue 30; a pool of deals
weighted by how likely Normal's card choice makes the plays seen, ``spades/bots/play_model.py``).
Prints, for both, the share of the unseen cards dealt to the seat that really holds them (1/3
would be blind luck, 1 an all-seeing Hard), overall and in the last eight tricks, with the number
of decisions and the sampling time per deal.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from spades.bots.hard import rules_of
from spades.bots.knowledge import Knowledge
from spades.bots.sampler import POOL_SIZE, DealSampler
from spades.bots.tournament import BotSpec
from spades.engine import Match, Rules
from spades.engine.cards import CARD_INDEX

MODES = ("voids_and_bids", "with_plays", "with_model")


def measure(matches: int, samples: int, hands: int, players: str, pool: int) -> dict:
    totals = {
        mode: {
            "right": 0,
            "cards": 0,
            "late_right": 0,
            "late_cards": 0,
            "secs": 0.0,
            "deals": 0,
            "ess": 0.0,
            "pools": 0,
        }
        for mode in MODES
    }
    bot = BotSpec.parse(players)
    decisions = 0
    for m in range(matches):
        match = Match(Rules(), f"fidelity:{m}")
        rng = random.Random(m)
        while not match.is_over and len(match.history) < hands:
            seat = match.to_move
            view = match.view(seat)
            legal = [a for a in view["legal"] if a.get("type") == "play"]
            if legal and len(legal) > 1 and (view.get("tricks") or []):
                decisions += 1
                real = {
                    s: {CARD_INDEX[c] for c in match.hand.hand_codes(i)}
                    for i, s in enumerate("NESW")
                }
                k = Knowledge.from_view(view)
                late = len(view["tricks"]) >= 5
                for mode in MODES:
                    t = totals[mode]
                    t0 = time.perf_counter()
                    sampler = DealSampler(
                        k,
                        rules_of(view),
                        use_plays=mode == "with_plays",
                        infer=mode == "with_model",
                        pool_size=pool,
                    )
                    deals = [
                        sampler.sample(random.Random(f"{m}:{decisions}:{j}"))
                        for j in range(samples)
                    ]
                    t["secs"] += time.perf_counter() - t0
                    t["deals"] += samples
                    if sampler.pool:
                        t["ess"] += sampler.effective_size()
                        t["pools"] += 1
                    for deal in deals:
                        for s, cards in deal.items():
                            right = sum(1 for c in cards if c in real[s])
                            t["right"] += right
                            t["cards"] += len(cards)
                            if late:
                                t["late_right"] += right
                                t["late_cards"] += len(cards)
            match.apply(seat, bot.act(view, rng, match))
    out: dict = {
        "matches": matches,
        "players": players,
        "decisions": decisions,
        "samples_per_decision": samples,
    }
    for mode, t in totals.items():
        out[mode] = {
            "share_right": round(t["right"] / max(1, t["cards"]), 4),
            "share_right_last_8_tricks": round(t["late_right"] / max(1, t["late_cards"]), 4),
            "ms_per_deal": round(1000 * t["secs"] / max(1, t["deals"]), 3),
        }
        if t["pools"]:
            out[mode]["pool_size"] = pool
            out[mode]["mean_effective_pool"] = round(t["ess"] / t["pools"], 1)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--hands", type=int, default=3, help="hands played per match")
    parser.add_argument("--players", default="normal", help="the four seats' bot (tournament name)")
    parser.add_argument("--pool", type=int, default=POOL_SIZE, help="deals weighed by with_model")
    args = parser.parse_args()
    load = os.getloadavg()
    result = measure(args.matches, args.samples, args.hands, args.players, args.pool)
    result["loadavg_before"] = [round(x, 2) for x in load]
    result["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
