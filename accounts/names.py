"""How a reader takes in a name: the key two names share when they read the same."""

from __future__ import annotations

from core.skeleton import skeleton

# The digits read as letters in a name ("R0B0T", "B0ss").
_DIGITS = str.maketrans("013457", "oleast")


def name_key(name: str) -> str:
    """The name as a reader takes it in: its Latin skeleton (``core.skeleton``: NFKC, look-alike
    letters of other scripts, case, accents and invisible characters gone), without spaces or
    signs, digits read as letters ("Robot  Est (normal)", "R0BOT ЕST" and "robotest normal"
    give the same key; so do "Boss" and "Воss" in Cyrillic)."""
    return "".join(ch for ch in skeleton(name).translate(_DIGITS) if ch.isalnum())


def name_words(name: str) -> list[str]:
    """The keys of the name's words, cut at spaces, signs and a capital after a small letter
    ("LeModo_officiel" -> ["le", "modo", "officiel"])."""
    spaced = "".join(
        f" {ch}" if i and ch.isupper() and name[i - 1].islower() else ch
        for i, ch in enumerate(name)
    )
    words = "".join(ch if ch.isalnum() else " " for ch in skeleton(spaced).translate(_DIGITS))
    return words.split()
