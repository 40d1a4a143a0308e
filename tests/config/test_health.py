"""The load balancer's health check names what fails: the database, Redis or the game server."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache

from live import server_health as liveness


@pytest.mark.django_db
def test_health_is_ok_when_the_database_redis_and_a_recent_sweep_answer(client):
    liveness.record_sweep(time.time())
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {"ok": True, "database": True, "redis": True, "game_server": True}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_health_fails_when_no_sweep_ran_lately(client):
    cache.delete(liveness.SWEEP_KEY)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["game_server"] is False and response.json()["database"] is True


@pytest.mark.django_db
def test_health_fails_when_redis_is_out_of_reach(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }  # Django's setting_changed signal rebuilds the cache handler
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["redis"] is False
