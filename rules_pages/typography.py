"""French (and English) typography for text that holds a setting or a number.

The site's name is a setting, so "de" or "que" before it must elide by rule ("d'Atout Pique",
"de Belote Club"); a number meets its noun in the singular or the plural by the language's own rule
(French: 0 and 1 are singular); negative numbers take the typographic minus (U+2212).
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import get_language

MINUS = "\u2212"

#: Words that elide before a vowel or a mute h (d', qu', l', j', n', s', jusqu', lorsqu'...).
ELIDING = {"de", "que", "le", "la", "je", "me", "te", "se", "ne", "jusque", "lorsque", "puisque"}

#: Common words and names whose h is aspirated (no elision: "de Hollande", "le hibou").
ASPIRATED_H = (
    "hache", "haie", "hall", "halte", "hamac", "hameau", "hamster", "hanche", "handicap",
    "hangar", "hanter", "harpe", "hasard", "hâte", "haut", "hauteur", "havre", "hérisson",
    "héros", "hêtre", "hibou", "hiérarchie", "hockey", "hollande", "homard", "hongrie", "honte",
    "hors", "hotte", "houx", "huit", "hurler", "hutte",
)  # fmt: skip


def _base(char: str) -> str:
    """The letter without its accent, lower case ("É" -> "e")."""
    return unicodedata.normalize("NFD", char)[0].lower()


def starts_with_vowel_sound(word: str) -> bool:
    """Does `word` begin with a vowel or a mute h (so that "de" elides before it)?"""
    word = word.strip()
    if not word:
        return False
    first = _base(word[0])
    if first in "aeiouy":
        return True
    if first == "h":
        plain = "".join(_base(c) for c in word.split()[0])
        return not any(plain.startswith("".join(_base(c) for c in h)) for h in ASPIRATED_H)
    return False


def elide(word: str, following: str) -> str:
    """`word` + `following` with French elision: elide("de", "Atout Pique") -> "d'Atout Pique"."""
    if word.lower() in ELIDING and starts_with_vowel_sound(following):
        return f"{word[:-1]}'{following}"
    return f"{word} {following}"


def signed(value: object) -> str:
    """A number as printed: a negative number takes the typographic minus ("−60")."""
    if isinstance(value, int | float) and value < 0:
        return f"{MINUS}{-value}"
    text = str(value)
    return MINUS + text[1:] if text.startswith("-") and text[1:].isdigit() else text


def is_plural(count: int | float, lang: str | None = None) -> bool:
    """The language's plural rule: French puts 0 and 1 in the singular, English only 1."""
    lang = (lang or get_language() or "fr")[:2]
    if lang == "fr":
        return abs(count) >= 2
    return abs(count) != 1


def quantity(count: int | float, forms: str, lang: str | None = None) -> str:
    """`count` and its noun: quantity(2, "pli,plis") -> "2 plis", quantity(0, ...) -> "0 pli"."""
    singular, _sep, plural = forms.partition(",")
    noun = (plural or singular) if is_plural(count, lang) else singular
    return f"{signed(count)}\u00a0{noun}" if noun else signed(count)
