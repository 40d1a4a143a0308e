"""Fixtures of the deal of the day's tests: short sets (DAILY_HANDS). A try is played through
the use cases by ``tests.support.daily.play_try``."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _short_sets(settings):
    """One hand a set unless a test asks for more: Hard bots take a few seconds a hand."""
    settings.DAILY_HANDS = 1
    return settings
