"""Shared fixtures. The database is PostgreSQL in CI (DATABASE_URL) and SQLite by default."""

import pytest


@pytest.fixture(autouse=True)
def _english_free_defaults(settings):
    """Tests see the game timings that make them fast; production keeps its own settings."""
    settings.BOT_MOVE_DELAY = 0
    settings.TRICK_PAUSE_SECONDS = 0
    return settings
