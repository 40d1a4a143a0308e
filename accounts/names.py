"""How a reader takes in a name: the key two names share when they read the same."""

from __future__ import annotations

import unicodedata

# Latin look-alikes of other scripts that NFKC leaves alone (Cyrillic and Greek lower case), and
# the digits read as letters.
_LOOKALIKES = str.maketrans(
    "асеорхуіјѕԁһкмтвнαβεικνορτυχ013457",
    "aceopxyijsdhkmtbhabeiknoptuxoleast",
)


def name_key(name: str) -> str:
    """The name as a reader takes it in: NFKC-folded, without case, accents, spaces or signs,
    look-alike letters and digits read as Latin letters ("Robot  Est (normal)", "R0BOT ЕST"
    and "robotest normal" give the same key)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    stripped = unicodedata.normalize("NFKD", folded).translate(_LOOKALIKES)
    return "".join(ch for ch in stripped if ch.isalnum() and not unicodedata.combining(ch))
