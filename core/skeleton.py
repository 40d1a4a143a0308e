"""How a text reads, whatever letters it is written with: its Latin skeleton, as in Unicode TR39
(confusable detection) and for the same reason. "соnnаrd" in Cyrillic, "ᴄᴏɴɴᴀʀᴅ" in small
capitals, "ｃｏｎｎａｒｄ" in fullwidth letters and "Connard" read the same to a person, so
the word filter (``moderation.words``) and the name rule (``accounts.names``) compare them as
one. Pure: no Django.

A character's skeleton (``fold``) is, in order: nothing for an invisible character; Unicode NFKC
(fullwidth, mathematical, circled, superscript and ligature forms); the look-alikes of
``confusables.txt`` (TR39's format, cut to what matters here: see its header); case folding;
accents and other combining marks dropped; the look-alikes once more (a Cyrillic "ё" is "е"
plus a mark). One character at a time, so that a caller can tell which characters of the text
each letter of the skeleton comes from."""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path

__all__ = ["fold", "is_invisible", "skeleton"]

CONFUSABLES = Path(__file__).with_name("confusables.txt")

# Characters that show nothing though Unicode does not class them as format characters (Cf):
# the Hangul fillers (U+3164 makes a "blank" name), the combining grapheme joiner, the Khmer
# inherent vowels, the Mongolian free variation selectors, the braille blank, and the variation
# selectors.
_BLANKS = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
# Format (zero-width spaces and joiners, bidi controls, soft hyphen), control, private use,
# surrogate, unassigned, line and paragraph separators.
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp"})
# Letters that are two letters to a reader, which neither NFKC nor case folding splits.
_LIGATURES = {"œ": "oe", "æ": "ae"}


def is_invisible(ch: str) -> bool:
    """Whether ``ch`` shows nothing, or is a control character (a tab or a newline too)."""
    return ch in _BLANKS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES


@cache
def _lookalikes() -> dict[int, str]:
    table: dict[int, str] = {}
    for line in CONFUSABLES.read_text(encoding="utf-8").splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            source, target = (field.strip() for field in data.split(";")[:2])
            table[int(source, 16)] = "".join(chr(int(code, 16)) for code in target.split())
    return table


@lru_cache(maxsize=4096)
def fold(ch: str) -> str:
    """The skeleton of one character: "" for an invisible one or a combining mark, else one or
    more lower-case characters ("É" -> "e", "ｃ" -> "c", "с" -> "c", "ß" -> "ss")."""
    if is_invisible(ch):
        return ""
    table = _lookalikes()
    text = unicodedata.normalize("NFKC", ch).translate(table).casefold()
    plain = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    plain = plain.translate(table).casefold()
    return "".join(_LIGATURES.get(c, c) for c in plain)


def skeleton(text: str) -> str:
    """The text as it reads: each character's ``fold``. Spaces and signs stay (callers decide
    what separates words)."""
    return "".join(fold(ch) for ch in text)
