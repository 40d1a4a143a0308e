"""The one rate limiter: named limits (``settings.RATE_LIMITS``: so many events in so many
seconds), counted where the events already are.

A socket's frames are counted in memory by the socket itself (``Window``: a frame must cost no
round trip); chat messages and reports are rows already, counted in the database under the
use case's transaction (``exceeded``), so the limit holds across processes and restarts.
"""

from __future__ import annotations

import time
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
