"""The one rate limiter: named limits (``settings.RATE_LIMITS``: so many events in so many
seconds), counted where the events already are.

A viewer's frames are counted in memory (``Window``: a frame must cost no round trip), in one
window per viewer shared by all their sockets of the process (``shared_window``), so that opening
more sockets buys no more messages; counting across processes would cost a Redis round trip per
frame, and a viewer's sockets at a table are capped anyway (``TABLE_SOCKETS_PER_VIEWER``). Chat
messages and reports are rows already, counted in the database under the
use case's transaction (``exceeded``), so the limit holds across processes and restarts.
"""

from __future__ import annotations

import time
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone


@dataclass(frozen=True)
class Limit:
    count: int
    seconds: float


def limit(name: str) -> Limit:
    """The limit named ``name`` in ``settings.RATE_LIMITS`` (a KeyError names a typo)."""
    count, seconds = settings.RATE_LIMITS[name]
    return Limit(int(count), float(seconds))


def exceeded(name: str, count_since: Callable[[datetime], int]) -> bool:
    """Whether the stored events (``count_since(start)`` counts them) already reach the limit."""
    rule = limit(name)
    return count_since(timezone.now() - timedelta(seconds=rule.seconds)) >= rule.count


class Window:
    """A sliding window of one holder's recent events, in memory."""

    def __init__(self, name: str) -> None:
        self.rule = limit(name)
        self._times: deque[float] = deque()

    def hit(self) -> bool:
        """Count one event; False (and not counted) when the limit is reached."""
        now = time.monotonic()
        while self._times and self._times[0] < now - self.rule.seconds:
            self._times.popleft()
        if len(self._times) >= self.rule.count:
            return False
        self._times.append(now)
        return True


# Every window in use, by (limit name, holder): an entry lives while a socket holds it.
_shared: weakref.WeakValueDictionary[tuple[str, str], Window] = weakref.WeakValueDictionary()


def shared_window(name: str, holder: str) -> Window:
    """The one window of ``holder`` (a viewer's key) under the limit ``name`` in this process:
    every socket of that holder counts its events in it. Forgotten with its last socket."""
    window = _shared.get((name, holder))
    if window is None:
        window = Window(name)
        _shared[(name, holder)] = window
    return window
