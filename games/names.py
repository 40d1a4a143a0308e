"""When two names read the same: a person may not pass for a bot, nor for another player at the
table, by changing case, spaces, accents or letter forms (Unicode NFKC)."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.utils import translation

from accounts.names import name_key
from games.models import BOT_NAMES, POSITIONS

__all__ = ["reads_as_bot"]


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
