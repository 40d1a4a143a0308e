"""Every accounts test counts its rate limits (logins, sign-ups, resets) in a cache of its own, a
fresh one per test, not the shared Redis."""

from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _own_cache(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    yield
    cache.clear()
