"""Summarise py-spy's raw (collapsed) stacks: where a process spent its samples.

    .venv/bin/python bench/spy_top.py DIR_OR_FILES... [--top 30] [--moves N]

Prints the functions with the most samples of their own (self) and the most samples with them
anywhere on the stack (cumulative, counted once per stack), as a share of all samples; with
``--moves N`` (the moves the window measured) also the milliseconds per move at py-spy's
100 samples a second. Lines are ``frame;frame;... count`` (``py-spy record -f raw``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

RATE = 100.0  # samples per second (bench/ws_load.py records with -r 100)


def _short(frame: str) -> str:
    """'func (path/to/module.py:12)' -> 'func (module.py)': one entry per function."""
    found = re.match(r"(.*?) \((.*?)(?::\d+)?\)$", frame.strip())
    if not found:
        return frame.strip()
    func, path = found.groups()
    parts = Path(path).parts
    where = "/".join(parts[-2:]) if len(parts) > 1 else path
    return f"{func} ({where})"


def read(paths: list[Path]) -> tuple[Counter, Counter, int]:
    own: Counter = Counter()
    total: Counter = Counter()
    samples = 0
    for path in paths:
        for line in path.read_text(errors="replace").splitlines():
            stack, _, count = line.rpartition(" ")
            if not stack or not count.isdigit():
                continue
            n = int(count)
            frames = [_short(f) for f in stack.split(";") if f]
            if not frames:
                continue
            samples += n
            own[frames[-1]] += n
            for name in set(frames):
                total[name] += n
    return own, total, samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--moves", type=int, default=0, help="moves measured in the window")
    args = parser.parse_args(argv)
    files: list[Path] = []
    for item in args.paths:
        p = Path(item)
        files += sorted(p.glob("*.txt")) if p.is_dir() else [p]
    own, total, samples = read(files)
    if not samples:
        print("no samples", file=sys.stderr)
        return 1
    per_move = (1000.0 / RATE / args.moves) if args.moves else None
    print(
        f"{samples} samples in {len(files)} file(s)"
        + (f", {args.moves} moves" if args.moves else "")
    )
    for title, counter in (("self", own), ("cumulative", total)):
        print(f"\n-- {title} --")
        for name, n in counter.most_common(args.top):
            extra = f" {n * per_move:6.3f} ms/move" if per_move else ""
            print(f"{100 * n / samples:5.1f}%{extra}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
