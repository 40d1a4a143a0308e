"""The cost of a finished match's page: rebuild the match from its log, write its hand records
(the JSON Lines export), its score table and its replay data. Prints JSON figures.

    .venv/bin/python bench/match_record.py [--target 500] [--repeat 20]

The match is played by Easy bots from a fixed seed (no database: the same functions the page
calls on the rows' rules, seed and actions)."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from games.match_record import (  # noqa: E402
    changed_rules,
    hand_record,
    played_hands,
    replay_data,
    score_table,
)
from spades.bots import choose_action  # noqa: E402
from spades.engine import Match, Rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    rules = Rules(target=args.target)
    match, rng, actions = Match(rules, "bench"), random.Random(1), []
    while not match.is_over:
        seat = match.to_move
        action = choose_action("easy", match.view(seat), rng=rng) or match.legal_actions()[0]
        actions.append((seat, action))
        match.apply(seat, action)
    started = time.perf_counter()
    for _ in range(args.repeat):
        hands = played_hands(rules, "bench", actions)
        changed = changed_rules(rules.to_dict())
        export = "".join(json.dumps(hand_record(h, changed)) + "\n" for h in hands)
        replay = json.dumps(replay_data(hands, {}))
        score_table(hands)
    per_page = (time.perf_counter() - started) / args.repeat
    print(json.dumps({
        "target": args.target, "hands": len(hands), "actions": len(actions),
        "ms_per_page": round(per_page * 1000, 1),
        "export_bytes": len(export), "replay_json_bytes": len(replay),
    }))  # fmt: skip


if __name__ == "__main__":
    main()
