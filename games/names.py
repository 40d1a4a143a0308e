"""When two names read the same: a person may not pass for a bot, nor for another player at the
table, by changing case, spaces, accents or letter forms (Unicode NFKC)."""

from __future__ import annotations

import unicodedata
from functools import cache

from django.conf import settings
from django.utils import translation

from games.models import BOT_NAMES, POSITIONS

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


@cache
def _bot_keys() -> tuple[str, ...]:
    """The keys of every bot name's seat part, in every language ("robotest", "eastbot", …)."""
    keys = set()
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            for position in POSITIONS:
                keys.add(name_key(str(BOT_NAMES[position] % {"level": ""})))
    return tuple(sorted(keys))


def reads_as_bot(name: str) -> bool:
    """Whether ``name`` would pass for one of the site's bots."""
    key = name_key(name)
    return any(bot in key for bot in _bot_keys())
