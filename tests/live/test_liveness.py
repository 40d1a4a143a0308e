"""live.server_health: a recent sweep proves the game server alive."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache

from live import server_health as liveness


@pytest.fixture(autouse=True)
def _no_stamp():
    cache.delete(liveness.SWEEP_KEY)
    yield
    cache.delete(liveness.SWEEP_KEY)


def test_without_any_sweep_the_server_is_not_alive():
    assert liveness.last_sweep() is None
    assert not liveness.sweep_alive(5)


def test_a_recent_sweep_says_alive_and_an_old_one_does_not():
    now = time.time()
    liveness.record_sweep(now - 2)
    assert liveness.sweep_alive(5, now=now)
    assert not liveness.sweep_alive(1, now=now)


def test_a_finished_sweep_task_records_its_stamp():
    from config.celery import _record_sweep
    from games.tasks import bot_move, sweep

    before = time.time()
    _record_sweep(sender=bot_move)
    assert liveness.last_sweep() is None
    _record_sweep(sender=sweep)
    assert liveness.last_sweep() >= before


def test_an_unreachable_cache_means_not_alive_and_recording_does_not_raise(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("Redis is away")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "set", down)
    liveness.record_sweep()
    assert not liveness.sweep_alive(5)


def test_a_max_age_that_is_not_positive_is_refused():
    with pytest.raises(ValueError):
        liveness.sweep_alive(0)
