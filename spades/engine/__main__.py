"""Command line: ``python -m spades.engine score``, ``verify``, ``selfplay``, ``info`` and
``compile``."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from . import COMPILED, ENGINE_BUILD, compiled
from .hand import HandState
from .match import Match
from .record import score_record
from .rules import Rules
from .shuffle import verify_record
from .variants import VARIANTS

_NOT_JSON = object()


def read_records(text: str) -> Iterator[Any]:
    """One record alone (possibly pretty-printed) or JSON Lines; ``_NOT_JSON`` for a bad line."""
    if not text.strip():
        return
    try:
        yield json.loads(text)
        return
    except json.JSONDecodeError:
        pass
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            yield _NOT_JSON


def cmd_score(args: argparse.Namespace) -> int:
    """Score each record of stdin; exit 2 if any line is an error."""
    status = 0
    out = sys.stdout
    for record in read_records(sys.stdin.read()):
        if record is _NOT_JSON:
            line: dict[str, Any] = {"error": "not JSON", "at": "record"}
        else:
            line = score_record(record)
        if "error" in line:
            status = 2
        out.write(json.dumps(line) + "\n")
    out.flush()
    return status


def cmd_verify(args: argparse.Namespace) -> int:
    """Check each record's deal against its shuffle (fair-deals.md); exit 2 if any disagrees."""
    status = 0
    out = sys.stdout
    for record in read_records(sys.stdin.read()):
        error = "not JSON" if record is _NOT_JSON else verify_record(record)
        if error is not None:
            status = 2
        out.write(json.dumps({"ok": True} if error is None else {"ok": False, "error": error}))
        out.write("\n")
    out.flush()
    return status


def selfplay_fast(hands: int, seed: str, rules: Rules) -> None:
    """Random legal hands through the fast int API."""
    rng = random.Random(seed)
    choice = rng.choice
    from_ints = HandState.from_ints
    deal = VARIANTS[rules.variant].deal
    for k in range(hands):
        state = from_ints(rules, k & 3, deal(rng))
        while state.bidding:
            state.bid_value(choice(state.legal_bid_values()))
        while not state.is_complete:
            state.play_int(choice(state.legal_play_ints()))


def selfplay_match(hands: int, seed: str, rules: Rules) -> None:
    """Random legal actions through the public ``Match`` API, new matches as needed."""
    rng = random.Random(seed)
    done = 0
    game = 0
    while done < hands:
        match = Match(rules, f"{seed}:{game}")
        game += 1
        while not match.is_over and done + len(match.history) < hands:
            seat = match.to_move
            match.apply(seat, rng.choice(match.legal_actions()))
        done += len(match.history)


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Play N random hands and print the speed."""
    start = time.perf_counter()
    rules = Rules(variant=args.variant)
    (selfplay_fast if args.api == "fast" else selfplay_match)(args.hands, str(args.seed), rules)
    seconds = time.perf_counter() - start
    print(
        json.dumps(
            {
                "hands": args.hands,
                "seconds": round(seconds, 4),
                "hands_per_second": round(args.hands / seconds, 1) if seconds else None,
                "api": args.api,
                "variant": args.variant,
            }
        )
    )
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    """Say whether this process runs the compiled engine or its Python sources, and why."""
    print(json.dumps({"compiled": COMPILED, "why": ENGINE_BUILD}))
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    """Build the compiled engine (exit 0 even when it stays pure Python), or remove it."""
    if args.clean:
        compiled.clean()
        print("engine: pure Python (compiled files removed)")
    else:
        compiled.build()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run a subcommand."""
    parser = argparse.ArgumentParser(prog="python -m spades.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="score hand records read as JSON Lines on stdin")
    score.set_defaults(func=cmd_score)
    verify = sub.add_parser(
        "verify", help="check each hand record's deal against its seed and commitment (stdin)"
    )
    verify.set_defaults(func=cmd_verify)
    play = sub.add_parser("selfplay", help="play random legal hands and print the speed")
    play.add_argument("--hands", type=int, default=1000)
    play.add_argument("--seed", default="0")
    play.add_argument(
        "--api",
        choices=("match", "fast"),
        default="match",
        help="match: the public Match API (default); fast: the int API of HandState",
    )
    play.add_argument(
        "--variant", choices=tuple(VARIANTS), default="none", help="rules.md variant (default none)"
    )
    play.set_defaults(func=cmd_selfplay)
    info = sub.add_parser("info", help="is the engine compiled (compiled.py) or pure Python?")
    info.set_defaults(func=cmd_info)
    build = sub.add_parser(
        "compile", help="build the optional compiled engine with mypyc (needs a C compiler)"
    )
    build.add_argument("--clean", action="store_true", help="remove it: pure Python again")
    build.set_defaults(func=cmd_compile)
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    return func(args)


if __name__ == "__main__":
    sys.exit(main())
