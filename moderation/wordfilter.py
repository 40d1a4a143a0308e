"""The word filter's entries from the database, checked against a chat message (the matching
itself is ``moderation.words``). Entries are read again at most every few seconds per process.

It is the chat's screen (``games.actions.chat.screen_message``, provided in
``ModerationConfig.ready``) and the names' (``accounts.name_rule.screen_name``), and a message it refuses with "report" opens a report for the
moderators (``moderation.actions.do_report_filtered``, connected to
``games.signals.message_filtered``)."""

from __future__ import annotations

import time

from games.actions.chat import Screened
from moderation.models import WordFilter
from moderation.words import Entry, Verdict, check

FILTER_REPORTER = "filter"  # the reporter of the reports the word filter opens

RELOAD_SECONDS = 5.0
_loaded: tuple[float, list[Entry]] | None = None


def entries() -> list[Entry]:
    """The enabled entries (kept RELOAD_SECONDS in this process)."""
    global _loaded
    now = time.monotonic()
    if _loaded is None or now - _loaded[0] > RELOAD_SECONDS:
        rows = WordFilter.objects.filter(enabled=True).values_list(
            "pattern", "is_regex", "action", "language"
        )
        _loaded = (now, [Entry(p, r, a, lang) for p, r, a, lang in rows])
    return _loaded[1]


def forget() -> None:
    """Read the entries again at the next message (after an edit, and in tests)."""
    global _loaded
    _loaded = None


def filter_message(text: str) -> Verdict:
    return check(text, entries())


def name_is_offensive(name: str) -> bool:
    """Whether the filter finds anything in a name (``accounts.name_rule.screen_name``), its
    words cut at capitals too: "SalePute" is read "Sale Pute"."""
    spaced = "".join(
        f" {ch}" if i and ch.isupper() and name[i - 1].islower() else ch
        for i, ch in enumerate(name)
    )
    verdict = filter_message(spaced)
    return bool(verdict.action) or verdict.text != spaced


def screen(text: str) -> Screened:
    verdict = filter_message(text)
    return Screened(verdict.text, verdict.action, verdict.found)
