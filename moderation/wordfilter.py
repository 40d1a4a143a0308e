"""The word filter's entries from the database, checked against a chat message (the matching
itself is ``moderation.words``). Entries are read again at most every few seconds per process."""

from __future__ import annotations

import time

from moderation.models import WordFilter
from moderation.words import Entry, Verdict, check

RELOAD_SECONDS = 5.0
_loaded: tuple[float, list[Entry]] | None = None


def entries() -> list[Entry]:
    """The enabled entries (kept RELOAD_SECONDS in this process)."""
    global _loaded
    now = time.monotonic()
    if _loaded is None or now - _loaded[0] > RELOAD_SECONDS:
        rows = WordFilter.objects.filter(enabled=True).values_list("pattern", "is_regex", "action")
        _loaded = (now, [Entry(p, r, a) for p, r, a in rows])
    return _loaded[1]


def forget() -> None:
    """Read the entries again at the next message (after an edit, and in tests)."""
    global _loaded
    _loaded = None


def filter_message(text: str) -> Verdict:
    return check(text, entries())
