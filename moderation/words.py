"""The word filter's matching: text normalised (case, accents, repeated letters, letters written
as digits or signs, invisible characters), then compared whole word by whole word, so that a
listed word is found however it is spelled and never inside a longer word ("con" is not in
"conseil"). Pure: no database (``moderation.wordfilter`` loads the entries)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# Letters commonly written as digits or signs.
LOOKALIKES = {
    "0": "o",
    "1": "i",
    "3": "e",
    "4": "a",
    "5": "s",
    "7": "t",
    "8": "b",
    "9": "g",
    "@": "a",
    "$": "s",
    "!": "i",
    "€": "e",
    "|": "l",
}
MASK = "*"


def _base(ch: str) -> str:
    """A character without case or accents ("É" -> "e", "ß" -> "ss", "œ" -> "oe")."""
    decomposed = unicodedata.normalize("NFKD", ch.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return {"œ": "oe", "æ": "ae"}.get(plain, plain)


def normalise_spans(text: str) -> tuple[str, list[tuple[int, int]]]:
    """The normalised text, and for each of its characters the span of ``text`` it stands for.

    Letters lose case and accents; a digit or sign stands for a letter inside a word that has
    letters ("c0nn@rd"), a sign only when a letter follows ("sh!t" but "zut!"); repeated
    letters count once ("connnard" -> "conard", as "connard"); invisible characters vanish; any
    other run of characters is one space."""
    kinds = []
    for ch in text:
        if unicodedata.category(ch) == "Cf":
            kinds.append("skip")  # zero-width spaces and joiners
        elif _base(ch).isalpha():
            kinds.append("letter")
        elif ch in LOOKALIKES:
            kinds.append("lookalike")
        elif ch.isdigit():
            kinds.append("digit")
        else:
            kinds.append("space")
    chars: list[str] = []
    spans: list[tuple[int, int]] = []

    def push(value: str, start: int, end: int) -> None:
        for c in value:
            if chars and chars[-1] == c and (c.isalpha() or c == " "):
                spans[-1] = (spans[-1][0], end)  # a repeated letter, a run of separators
            else:
                chars.append(c)
                spans.append((start, end))

    i = 0
    while i < len(text):
        if kinds[i] == "space":
            push(" ", i, i + 1)
            i += 1
            continue
        # A word: letters, digits and signs, up to the next separator.
        j = i
        while j < len(text) and kinds[j] != "space":
            j += 1
        has_letter = any(kinds[k] == "letter" for k in range(i, j))
        for k in range(i, j):
            ch, kind = text[k], kinds[k]
            if kind == "skip":
                continue
            if kind == "letter":
                push(_base(ch), k, k + 1)
            elif (
                kind == "lookalike" and has_letter and (ch.isdigit() or _letter_after(kinds, k, j))
            ):
                push(LOOKALIKES[ch], k, k + 1)
            elif kind == "lookalike" and not ch.isdigit():
                push(" ", k, k + 1)
            else:
                push(ch, k, k + 1)
        i = j
    return "".join(chars), spans


def _letter_after(kinds: list[str], k: int, end: int) -> bool:
    return any(kinds[m] in ("letter", "lookalike") for m in range(k + 1, end))


def normalise(text: str) -> str:
    """``text`` as the filter compares it (see ``normalise_spans``)."""
    return normalise_spans(text)[0].strip()


@dataclass(frozen=True)
class Entry:
    """One listed word, phrase or pattern and what to do when a message contains it."""

    pattern: str
    is_regex: bool
    action: str  # "mask", "refuse" or "report"


@lru_cache(maxsize=512)
def compile_entry(pattern: str, is_regex: bool) -> re.Pattern[str] | None:
    """The entry as a regular expression over normalised text, whole words only (None: a
    pattern that does not compile, or a word that normalises to nothing)."""
    body = pattern if is_regex else re.escape(normalise(pattern))
    if not body:
        return None
    try:
        return re.compile(rf"(?<!\w)(?:{body})(?!\w)")
    except re.error:
        return None


@dataclass(frozen=True)
class Verdict:
    """What the filter makes of a message: the text to publish (masked), and the strictest
    action of the entries found ("" when none)."""

    text: str
    action: str
    found: tuple[str, ...]


SEVERITY = {"": 0, "mask": 1, "refuse": 2, "report": 3}


def check(text: str, entries: list[Entry]) -> Verdict:
    """Find every entry in ``text``; mask the words of "mask" entries (same length, so the
    sentence keeps its shape)."""
    normalised, spans = normalise_spans(text)
    action = ""
    found: list[str] = []
    masked = list(text)
    for entry in entries:
        regex = compile_entry(entry.pattern, entry.is_regex)
        if regex is None:
            continue
        for match in regex.finditer(normalised):
            if match.end() <= match.start():
                continue
            found.append(entry.pattern)
            if SEVERITY[entry.action] > SEVERITY[action]:
                action = entry.action
            start, end = spans[match.start()][0], spans[match.end() - 1][1]
            for k in range(start, end):
                if not masked[k].isspace():
                    masked[k] = MASK
    return Verdict("".join(masked), action, tuple(dict.fromkeys(found)))
