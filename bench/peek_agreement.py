"""How often Hard picks the card an all-seeing Hard picks: the peeking gap, decision by decision.

    .venv/bin/python bench/peek_agreement.py --matches 6

Normal plays seeded matches; at each card decision with a real choice (after the first trick),
three searches of the same budget (``--budget`` simulated plays, no deadline) choose a card: the
all-seeing Hard (the real deal, slightly noisy playouts: the tournament's ``hard_lite_cheat``),
Hard sampling from voids and bids only, and Hard with the plays' signals too (inferences.py). Prints
how often each honest Hard agrees with the all-seeing one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from spades.bots import choose_action, hard
from spades.bots.knowledge import Knowledge
from spades.engine import Match, Rules


def measure(matches: int, budget: int, hands: int) -> dict:
    agree = {"voids_and_bids": 0, "with_plays": 0}
    decisions = 0
    for m in range(matches):
        match = Match(Rules(), f"peek:{m}")
        rng = random.Random(m)
        while not match.is_over and len(match.history) < hands:
            seat = match.to_move
            view = match.view(seat)
            plays = [a["card"] for a in view["legal"] if a.get("type") == "play"]
            if len(plays) > 1 and view.get("tricks"):
                k = Knowledge.from_view(view)
                real = {s: match.hand.hand_codes(i) for i, s in enumerate("NESW")}
                far = 1e9
                seeing = hard.search_play(k, plays, random.Random(1), real, budget, 0.1, far)
                if hard.candidate_cards(k, plays) and len(hard.candidate_cards(k, plays)) > 1:
                    decisions += 1
                    for mode, signals in (("voids_and_bids", False), ("with_plays", True)):
                        card = hard.search_play(
                            k, plays, random.Random(2), None, budget, 0.0, far, signals
                        )
                        agree[mode] += card == seeing
            match.apply(seat, choose_action("normal", view, rng))
    return {
        "matches": matches,
        "budget": budget,
        "decisions": decisions,
        **{f"agrees_{m}": round(v / max(1, decisions), 4) for m, v in agree.items()},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--budget", type=int, default=1500)
    parser.add_argument("--hands", type=int, default=2, help="hands played per match")
    args = parser.parse_args()
    print(json.dumps(measure(args.matches, args.budget, args.hands), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
