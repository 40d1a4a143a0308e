"""One beat across every worker and node: only the holder of the Redis lock (redis-py's Lock)
sends the schedule; it expires if its holder dies, and is taken again once Redis is back."""

from __future__ import annotations

import logging
import socket
import time
import uuid

import pytest
import redis
from django.conf import settings

from config.beat import LOCK_TTL_SECONDS, STANDBY_SECONDS, BeatLock, LockedScheduler


@pytest.fixture
def key():
    return f"atout:test:beat:{uuid.uuid4().hex}"


def test_one_beat_holds_the_lock_and_another_stands_by(key):
    first = BeatLock(settings.REDIS_URL, "node-a:/run/schedule", key=key)
    second = BeatLock(settings.REDIS_URL, "node-b:/run/schedule", key=key)
    assert first.hold()
    assert not second.hold()
    assert first.hold()  # renewed by its holder


def test_the_same_beat_started_again_takes_its_lock_back_at_once(key):
    assert BeatLock(settings.REDIS_URL, "node-a:/run/schedule", key=key).hold()
    restarted = BeatLock(settings.REDIS_URL, "node-a:/run/schedule", key=key)
    assert restarted.hold()


def test_a_released_or_expired_lock_goes_to_the_next_beat(key):
    first = BeatLock(settings.REDIS_URL, "node-a", key=key, ttl=0.2)
    second = BeatLock(settings.REDIS_URL, "node-b", key=key, ttl=0.2)
    assert first.hold()
    first.release()
    assert second.hold()
    time.sleep(0.3)  # node-b died without releasing
    assert first.hold()


def test_a_beat_only_releases_its_own_lock(key):
    first = BeatLock(settings.REDIS_URL, "node-a", key=key)
    second = BeatLock(settings.REDIS_URL, "node-b", key=key)
    assert first.hold()
    second.release()
    assert not second.hold()


def test_a_lock_gone_with_redis_is_taken_again_by_the_first_beat_to_tick(key):
    first = BeatLock(settings.REDIS_URL, "node-a", key=key)
    assert first.hold()
    first.client.delete(key)  # Redis restarted empty
    assert first.hold()
    assert first.client.get(key) == b"node-a"
    assert 0 < first.client.pttl(key) <= LOCK_TTL_SECONDS * 1000


def test_while_redis_is_away_nothing_is_sent_and_beat_says_so_once(caplog):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens there
    away = BeatLock(f"redis://127.0.0.1:{port}/0", "node-a")
    with pytest.raises(redis.RedisError):
        away.hold()
    away.release()  # quiet
    scheduler = object.__new__(LockedScheduler)  # its tick, without Celery's machinery
    scheduler.lock, scheduler._state = away, "active"
    with caplog.at_level(logging.WARNING, logger="config.beat"):
        assert scheduler.tick() == STANDBY_SECONDS
        assert scheduler.tick() == STANDBY_SECONDS
    assert [r.getMessage()[:24] for r in caplog.records] == ["beat: Redis unreachable,"]
