"""One beat across every worker and node: a Redis lock around Celery's scheduler.

Beat may run in every worker (``--beat-thread``, as ``make run`` does) or in several beat
processes: each one ticks, but only the holder of a short Redis lock sends the scheduled tasks.
The holder renews the lock at every tick (about once a second, the sweep's period); if it dies,
its lock expires after ``LOCK_TTL_SECONDS`` and another beat takes over. While Redis is away no
beat sends anything (the broker is down too) and each one says so once, not every second.

Chosen over celery-redbeat: RedBeat keeps the schedule itself in Redis and loads it at start,
so an embedded Redis restarted empty would leave it with nothing to send until beat restarts,
and its lock renewal raises once the lock vanished with Redis; here the schedule stays in
settings and only the lock lives in Redis, taken again by the first beat to tick once Redis is
back. The lock is redis-py's ``redis.lock.Lock``: taken without blocking (SET NX with the TTL),
renewed with ``reacquire()`` (the TTL starts again, only if the token in Redis is ours), given
back with ``release()`` (likewise); a renewal that finds the lock gone with Redis takes it again.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket

import redis
from celery.beat import PersistentScheduler
from redis.exceptions import LockError, LockNotOwnedError

log = logging.getLogger(__name__)

LOCK_KEY = "atout:beat:lock"
LOCK_TTL_SECONDS = 5.0
# How long a beat that does not hold the lock waits before trying again.
STANDBY_SECONDS = 1.0


class BeatLock:
    """A Redis lock held by one beat at a time: redis-py's ``Lock`` (SET NX PX to take it, its
    scripts to renew and release it only with the holder's token). The token names the beat
    (host and schedule file), so that the same beat started again is the holder at once."""

    def __init__(
        self, url: str, token: str, key: str = LOCK_KEY, ttl: float = LOCK_TTL_SECONDS
    ) -> None:
        self.client = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0)
        self.key = key
        self.token = token
        # Not thread-local: the beat thread ticks, close() may come from another thread.
        self.lock = self.client.lock(key, timeout=ttl, blocking=False, thread_local=False)

    def hold(self) -> bool:
        """Take or renew the lock; False when another beat holds it. Raises redis errors."""
        # Renew it if the token in Redis is ours: held since the last tick, or by this same
        # beat before it was restarted (its lock has not expired yet).
        self.lock.local.token = self.client.get_encoder().encode(self.token)
        try:
            return self.lock.reacquire()
        except LockNotOwnedError:
            pass
        return self.lock.acquire(blocking=False, token=self.token)

    def release(self) -> None:
        with contextlib.suppress(LockError, redis.RedisError):
            self.lock.release()


class LockedScheduler(PersistentScheduler):
    """Celery's scheduler, sending only while this beat holds the lock
    (``CELERY_BEAT_SCHEDULER``)."""

    def __init__(self, app, *args, **kwargs) -> None:
        # The same beat started again (same host, same schedule file: the launcher restarting
        # a worker) takes its lock back at once instead of waiting for it to expire.
        schedule = os.path.abspath(kwargs.get("schedule_filename") or "celerybeat-schedule")
        self.lock = BeatLock(app.conf.broker_url, f"{socket.gethostname()}:{schedule}")
        self._state = "starting"
        super().__init__(app, *args, **kwargs)

    def _say(self, state: str, message: str, *args) -> None:
        if state != self._state:
            self._state = state
            log.warning(message, *args) if state == "unreachable" else log.info(message, *args)

    def tick(self, *args, **kwargs) -> float:
        try:
            held = self.lock.hold()
        except redis.RedisError as error:
            self._say("unreachable", "beat: Redis unreachable, nothing sent until it is back (%s)",
                      error)  # fmt: skip
            return STANDBY_SECONDS
        if not held:
            self._say("standby", "beat: another beat holds %s; standing by", self.lock.key)
            return STANDBY_SECONDS
        self._say("active", "beat: this process sends the schedule (%s)", self.lock.token)
        return min(super().tick(*args, **kwargs), STANDBY_SECONDS)

    def close(self) -> None:
        super().close()
        self.lock.release()
