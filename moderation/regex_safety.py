"""Whether a moderator's regular expression could freeze the chat: Python's ``re`` backtracks,
and a pattern such as ``(\\w+)+z`` takes seconds on 25 letters (exponentially longer on each
one more), with no way to stop it. A pattern is refused before it is saved, and skipped if it
is already in the list, when

- a repetition holds another one (``(a+)+``, ``(\\w*\\s?)*``): the classic catastrophic form,
  unless the inner one is possessive (``a++``) or inside an atomic group (``(?>…)``), which
  never backtrack; or
- it takes more than ``PROBE_SECONDS`` on any of the probes: texts of growing length (up to the
  longest chat message) made of the pattern's own letters, then a letter it does not expect.
  Lengths grow in small steps, so a pattern that explodes is caught at a few milliseconds, long
  before it would take seconds."""

from __future__ import annotations

import re
import re._parser as sre_parse  # type: ignore[import-not-found]
import time
from typing import Any

PROBE_SECONDS = 0.05
PROBE_LENGTHS = (4, 8, 12, 16, 20, 24, 32, 48, 64, 96, 128, 160, 200)
_REPEATS = {sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT}


def _children(op: Any, av: Any) -> list[Any]:
    """The subpatterns under one item that may backtrack. ATOMIC_GROUP and POSSESSIVE_REPEAT
    never backtrack into themselves: not walked."""
    if op == sre_parse.SUBPATTERN:
        return [av[3]]
    if op == sre_parse.BRANCH:
        return list(av[1])
    if op in (sre_parse.ASSERT, sre_parse.ASSERT_NOT):
        return [av[1]]
    if op == sre_parse.GROUPREF_EXISTS:
        return [branch for branch in av[1:] if branch is not None]
    return []


def _walk(items: Any, inside_repeat: bool) -> bool:
    """Whether a repetition of ``items`` (more than once) holds another one."""
    for op, av in items:
        if op in _REPEATS:
            _min, high, sub = av
            repeats = high is sre_parse.MAXREPEAT or high > 1
            if (repeats and inside_repeat) or _walk(sub, inside_repeat or repeats):
                return True
        elif any(_walk(child, inside_repeat) for child in _children(op, av)):
            return True
    return False


def nested_repetition(pattern: str) -> bool:
    try:
        return _walk(sre_parse.parse(pattern), False)
    except (re.error, RecursionError):
        return False  # the compiler says why


def too_slow(regex: re.Pattern[str], pattern: str) -> bool:
    """Whether a probe text takes more than PROBE_SECONDS to search."""
    letters = sorted(set(re.findall(r"(?<!\\)[a-z0-9]", pattern)))[:6]
    seeds = [*letters, "".join(letters), "a", "ab", "a b", "1"]
    seeds = [s for s in dict.fromkeys(seeds) if s]
    for length in PROBE_LENGTHS:
        for seed in seeds:
            body = (seed * length)[:length]
            for text in (body, body + "!", body + " !"):
                start = time.perf_counter()
                regex.search(text)
                if time.perf_counter() - start > PROBE_SECONDS:
                    return True
    return False
