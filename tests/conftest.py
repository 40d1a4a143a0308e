"""Shared fixtures. The database is PostgreSQL in CI (DATABASE_URL) and SQLite by default."""

import pytest


@pytest.fixture(autouse=True)
def _english_free_defaults(settings):
    """Tests see the game timings that make them fast; production keeps its own settings."""
    settings.BOT_MOVE_DELAY = 0
    settings.TRICK_PAUSE_SECONDS = 0
    return settings


@pytest.fixture
def fresh_channel_layer():
    """Each test runs in an event loop of its own, but a channel layer keeps state from the loop
    that made it (channels_redis: connections, a socket still waiting on Redis): a new layer per
    test."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()
