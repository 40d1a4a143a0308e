"""Memory of a match's engine, as a server's cache holds one per live table.

    .venv/bin/python bench/engine_memory.py                # 20 matches of 700 actions
    .venv/bin/python bench/engine_memory.py --actions 300

Plays seeded matches (every bid 3, random legal cards) and prints the Python memory each engine
holds (tracemalloc, after a collection), per match and per action.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades.engine import Match, Rules


def play(seed: int, actions: int) -> Match:
    match = Match(Rules(), seed)
    rng = random.Random(seed)
    while not match.is_over and match.action_count < actions:
        seat = match.to_move
        legal = match.legal_actions(seat)
        threes = [a for a in legal if a.get("type") == "bid" and a.get("bid") == 3]
        match.apply(seat, threes[0] if threes else rng.choice(legal))
    return match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument(
        "--actions", type=int, default=700, help="actions per match (a whole match: about 700)"
    )
    args = parser.parse_args()
    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    matches = [play(seed, args.actions) for seed in range(args.matches)]
    gc.collect()
    after = tracemalloc.take_snapshot()
    total = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    actions = sum(m.action_count for m in matches)
    print(json.dumps({
        "matches": len(matches),
        "actions_per_match": actions / len(matches),
        "kb_per_engine": round(total / len(matches) / 1024, 1),
        "bytes_per_action": round(total / actions),
    }))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
