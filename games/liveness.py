"""Is the game server (beat, broker and worker) alive? The sweep's own record says so.

Every finished ``games.sweep`` task stamps the time in the cache (Redis): a recent stamp proves
that beat sent the sweep, the broker carried it and a worker ran it. A table can then tell its
players "the game server is restarting" when no sweep has finished for a few seconds, instead
of showing a frozen table (see docs/architecture.md, "Processes and restarts").
"""

from __future__ import annotations

import logging
import time

from django.core.cache import cache

log = logging.getLogger(__name__)

SWEEP_KEY = "games:sweep:last"
# The stamp outlives any useful max_age; it disappears with Redis itself.
SWEEP_KEY_TTL = 3600
# A sweep runs every second: past this many seconds without one, the server is restarting.
DEFAULT_MAX_AGE = 5.0


def record_sweep(now: float | None = None) -> None:
    """Stamp a finished sweep. Never raises: a lost stamp only delays the next one."""
    try:
        cache.set(SWEEP_KEY, time.time() if now is None else now, SWEEP_KEY_TTL)
    except Exception as error:  # Redis down: the next sweep (after it is back) stamps again
        log.debug("sweep stamp not recorded: %r", error)


def last_sweep() -> float | None:
    """When the last sweep finished (epoch seconds), or None (never, or Redis unreachable)."""
    try:
        value = cache.get(SWEEP_KEY)
    except Exception:
        return None
    return float(value) if isinstance(value, (int, float)) else None


def sweep_alive(max_age_seconds: float = DEFAULT_MAX_AGE, now: float | None = None) -> bool:
    """True when a sweep finished less than ``max_age_seconds`` ago.

    False when none has (beat, worker or broker down, or just starting), and when Redis cannot
    be read: the tables cannot move then either."""
    if max_age_seconds <= 0:
        raise ValueError("max_age_seconds must be positive")
    stamp = last_sweep()
    if stamp is None:
        return False
    return (time.time() if now is None else now) - stamp < max_age_seconds
