"""One beat across every worker and node: only the holder of the Redis lock sends the schedule."""

from __future__ import annotations

import time
import uuid

import pytest
from django.conf import settings

from config.beat import BeatLock


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
