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
back.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket

import redis
from celery.beat import PersistentScheduler

log = logging.getLogger(__name__)

LOCK_KEY = "atout:beat:lock"
LOCK_TTL_SECONDS = 5.0
# How long a beat that does not hold the lock waits before trying again.
STANDBY_SECONDS = 1.0
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
"""


class BeatLock:
    """A Redis lock held by one beat at a time (SET NX PX, renewed by its holder only)."""

    def __init__(
        self, url: str, token: str, key: str = LOCK_KEY, ttl: float = LOCK_TTL_SECONDS
    ) -> None:
        self.client = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0)
        self.key = key
        self.ttl_ms = int(ttl * 1000)
        self.token = token

    def hold(self) -> bool:
        """Take or renew the lock; False when another beat holds it. Raises redis errors."""
        if self.client.eval(_RENEW, 1, self.key, self.token, self.ttl_ms):
            return True
        return bool(self.client.set(self.key, self.token, nx=True, px=self.ttl_ms))

    def release(self) -> None:
        with contextlib.suppress(redis.RedisError):
            self.client.eval(_RELEASE, 1, self.key, self.token)


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
