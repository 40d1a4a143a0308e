"""The word filter's matching. Pure: no database (``moderation.wordfilter`` loads the entries).

A message is first read as a person reads it (``normalise``): each character's Latin skeleton
(``core.skeleton``: NFKC, look-alike letters of other scripts, case, accents, invisible
characters), digits and signs inside a word read as letters ("c0nn@rd", "sh!t"), and letters written
apart joined ("c.o.n.n.a.r.d", "f u c k"). A listed word is then found as a whole word, with its
inflections ("connards", "enculées", "fucked"), each of its letters perhaps repeated ("fuuuck")
but never fewer ("cône" is not "conne"), and never inside a longer word ("con" is not in
"conseil").

An entry may belong to one language: it then applies to messages in that language or in none
that can be told ("retard" is an English slur and an everyday French word: "je suis en retard"
passes, "you retard" does not). An "allow" entry is an exception: what it matches is left alone
by the others ("pain bâtard")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby

from core.skeleton import fold
from moderation.regex_safety import nested_repetition, too_slow

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
# Letters written apart are joined when at least this many stand in a row, each followed by at
# most SPACED_GAP separator characters ("k.y.s", "c. o. n"); two ("y a", "e.g.") stay apart.
SPACED_MIN = 3
SPACED_GAP = 2

# Words that tell a message's language (after normalisation: no accents). Words both languages
# use ("on", "a", "me", "son", "as") tell nothing.
_STOPWORDS = {
    "fr": (
        "je tu il elle nous vous ils elles le la les un une des du de et est suis es sommes "
        "sont ai avons avez ont pas ne que qui quoi pour en au aux avec sur dans mais ou donc "
        "ce cet cette ces mon ma mes ton ta tes ses notre votre leur moi toi oui non merci tres "
        "trop bien deja encore c j qu"
    ),
    "en": (
        "the you your youre i im is are was were be to of and it its that this what with for "
        "not no yes my he she they we so but just how why u ur lol get got go good well played "
        "sorry late from have has do dont can cant will at in"
    ),
}
STOPWORDS = {lang: frozenset(words.split()) for lang, words in _STOPWORDS.items()}
LANGUAGES = tuple(STOPWORDS)

# Endings a listed word takes ("connard" -> "connards", "connarde"; "fuck" -> "fucked"). The
# longer ones only for words of LONG_WORD letters or more: "con" + "e" is "cône".
LONG_WORD = 4
SUFFIXES = {
    "fr": (("s",), ("x", "e", "es")),
    "en": (("s",), ("es", "ed", "er", "ers", "ing", "in", "y")),
}


@dataclass(frozen=True)
class Normalised:
    """A message as the filter reads it: words of letters and digits separated by one space,
    and for each character the span of the original text it stands for."""

    text: str
    spans: tuple[tuple[int, int], ...]
    words: tuple[str, ...]  # the words before letters apart were joined (to tell the language)

    def collapsed(self) -> Normalised:
        """The same with repeated letters once ("connnard" -> "conard"): what a moderator's
        regular expression reads."""
        chars: list[str] = []
        spans: list[tuple[int, int]] = []
        for ch, span in zip(self.text, self.spans, strict=True):
            if chars and chars[-1] == ch and not ch.isdigit():
                spans[-1] = (spans[-1][0], span[1])
            else:
                chars.append(ch)
                spans.append(span)
        return Normalised("".join(chars), tuple(spans), self.words)


# One normalised character: its value, and the span of the text it comes from.
Cell = tuple[str, int, int]


def _cells(text: str) -> list[list[Cell] | str]:
    """The text cut into words (lists of cells) and the separators between them (strings)."""
    kinds: list[tuple[str, str, int, int]] = []  # (kind, value, start, end)
    for i, ch in enumerate(text):
        value = fold(ch)
        if not value:  # invisible characters and combining marks: part of the character before
            if kinds and kinds[-1][0] != "space":
                kinds[-1] = (*kinds[-1][:3], i + 1)
            continue
        if value.isalpha():
            kinds.append(("letter", value, i, i + 1))
        elif value in LOOKALIKES:
            kinds.append(("lookalike", value, i, i + 1))
        elif value.isdigit():
            kinds.append(("digit", value, i, i + 1))
        else:
            kinds.append(("space", ch, i, i + 1))
    parts: list[list[Cell] | str] = []
    k = 0
    while k < len(kinds):
        if kinds[k][0] == "space":
            gap = ""
            while k < len(kinds) and kinds[k][0] == "space":
                gap += kinds[k][1]
                k += 1
            parts.append(gap)
            continue
        j = k
        while j < len(kinds) and kinds[j][0] != "space":
            j += 1
        run = kinds[k:j]
        has_letter = any(kind == "letter" for kind, *_rest in run)
        word: list[Cell] = []
        for m, (kind, value, i, end) in enumerate(run):
            letter_after = any(kd == "letter" for kd, *_rest in run[m + 1 :])
            if kind == "letter" or kind == "digit":
                word.extend((c, i, end) for c in value)
            elif has_letter and (value.isdigit() or letter_after):
                word.append((LOOKALIKES[value], i, end))  # "c0nn@rd", "sh!t"
            elif value.isdigit():
                word.append((value, i, end))
            else:  # a sign after the letters: punctuation ("zut!")
                if word:
                    parts.append(word)
                    word = []
                parts.append(value)
        if word:
            parts.append(word)
        k = j
    return parts


def _single(part: list[Cell] | str) -> bool:
    """A word of one letter, or of one digit that may stand for a letter ("p.u.t.3")."""
    return (
        isinstance(part, list)
        and len(part) == 1
        and (not part[0][0].isdigit() or part[0][0] in LOOKALIKES)
    )


def _join_spaced(parts: list[list[Cell] | str]) -> list[list[Cell]]:
    """The words, with runs of SPACED_MIN or more single letters apart joined into one."""
    words: list[list[Cell]] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if isinstance(part, str):
            i += 1
            continue
        run = [part]
        j = i + 1
        while (
            _single(part)
            and j + 1 < len(parts)
            and isinstance(parts[j], str)
            and len(parts[j]) <= SPACED_GAP
            and _single(parts[j + 1])
        ):
            run.append(parts[j + 1])  # type: ignore[arg-type]
            j += 2
        if sum(not word[0][0].isdigit() for word in run) >= SPACED_MIN:
            words.append([(LOOKALIKES.get(c, c), a, b) for word in run for c, a, b in word])
            i = j
        else:
            words.append(part)
            i += 1
    return words


def normalised(text: str) -> Normalised:
    """``text`` as the filter reads it (see the module's docstring)."""
    parts = _cells(text)
    plain = tuple("".join(c for c, _s, _e in p) for p in parts if isinstance(p, list))
    chars: list[str] = []
    spans: list[tuple[int, int]] = []
    for word in _join_spaced(parts):
        if chars:
            chars.append(" ")
            spans.append((spans[-1][1], word[0][1]))
        for c, start, end in word:
            chars.append(c)
            spans.append((start, end))
    return Normalised("".join(chars), tuple(spans), plain)


def normalise_spans(text: str) -> tuple[str, list[tuple[int, int]]]:
    """The collapsed normalised text and its spans (repeated letters once)."""
    once = normalised(text).collapsed()
    return once.text, list(once.spans)


def normalise(text: str) -> str:
    """``text`` as a moderator's regular expression reads it: normalised, repeated letters once
    ("C0nnnard" -> "conard")."""
    return normalised(text).collapsed().text


def languages(words: tuple[str, ...]) -> frozenset[str]:
    """The message's language, by its commonest words; every language when none wins."""
    counts = {lang: sum(w in STOPWORDS[lang] for w in words) for lang in LANGUAGES}
    best = max(counts.values())
    winners = [lang for lang, n in counts.items() if n == best]
    return frozenset(winners if best and len(winners) == 1 else LANGUAGES)


@dataclass(frozen=True)
class Entry:
    """One listed word, phrase or pattern and what to do when a message contains it."""

    pattern: str
    is_regex: bool
    action: str  # "mask", "refuse", "report", or "allow" (an exception to the others)
    language: str = ""  # "" for every language, else "fr" or "en"


def _suffixes(word: str, language: str) -> str:
    ends: list[str] = []
    for lang in [language] if language in SUFFIXES else LANGUAGES:
        short, long = SUFFIXES[lang]
        ends += short
        if len(word) >= LONG_WORD:
            ends += long
    ordered = sorted(dict.fromkeys(ends), key=len, reverse=True)
    return f"(?:{'|'.join(map(re.escape, ordered))})?"


def _word_regex(word: str) -> str:
    """Each letter of ``word``, perhaps repeated: "conne" -> c+o+n{2,}e+."""
    pieces = []
    for ch, same in groupby(word):
        count = len(list(same))
        pieces.append(re.escape(ch) + ("+" if count == 1 else f"{{{count},}}"))
    return "".join(pieces)


def regex_problem(pattern: str) -> str:
    """Why a moderator's regular expression cannot be used: "invalid", "slow" or ""."""
    try:
        regex = re.compile(rf"(?<!\w)(?:{pattern})(?!\w)")
    except (re.error, RecursionError, OverflowError):
        return "invalid"
    if nested_repetition(pattern) or too_slow(regex, pattern):
        return "slow"
    return ""


@lru_cache(maxsize=512)
def compile_entry(pattern: str, is_regex: bool, language: str = "") -> re.Pattern[str] | None:
    """The entry as a regular expression, whole words only: a word or phrase over the
    normalised text, a moderator's pattern over the collapsed one (``Normalised.collapsed``).
    None: a pattern that does not compile or could take seconds, or a word that normalises to
    nothing."""
    if is_regex:
        if not pattern or regex_problem(pattern):
            return None
        return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)")
    words = normalised(pattern).text.split()
    if not words:
        return None
    # The words of a phrase may be written together ("niquetamère").
    body = " ?".join(_word_regex(w) for w in words) + _suffixes(words[-1], language)
    return re.compile(rf"(?<!\w){body}(?!\w)")


@dataclass(frozen=True)
class Verdict:
    """What the filter makes of a message: the text to publish (masked), and the strictest
    action of the entries found ("" when none)."""

    text: str
    action: str
    found: tuple[str, ...]


SEVERITY = {"": 0, "mask": 1, "refuse": 2, "report": 3}


def _matches(entry: Entry, full: Normalised, once: Normalised) -> list[tuple[int, int]]:
    """The spans of the original text that ``entry`` matches."""
    regex = compile_entry(entry.pattern, entry.is_regex, entry.language)
    if regex is None:
        return []
    read = once if entry.is_regex else full
    return [
        (read.spans[m.start()][0], read.spans[m.end() - 1][1])
        for m in regex.finditer(read.text)
        if m.end() > m.start()
    ]


def check(text: str, entries: list[Entry]) -> Verdict:
    """Find every entry in ``text`` (those of its language and of every language); mask the
    words of "mask" entries (same length, so the sentence keeps its shape)."""
    full = normalised(text)
    once = full.collapsed()
    langs = languages(full.words)
    applying = [e for e in entries if not e.language or e.language in langs]
    allowed = [span for e in applying if e.action == "allow" for span in _matches(e, full, once)]
    action = ""
    found: list[str] = []
    masked = list(text)
    for entry in applying:
        if entry.action not in SEVERITY or not entry.action:
            continue
        for start, end in _matches(entry, full, once):
            if any(a <= start and end <= b for a, b in allowed):
                continue
            found.append(entry.pattern)
            if SEVERITY[entry.action] > SEVERITY[action]:
                action = entry.action
            for k in range(start, end):
                if not masked[k].isspace():
                    masked[k] = MASK
    return Verdict("".join(masked), action, tuple(dict.fromkeys(found)))
