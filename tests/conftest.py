"""Shared fixtures. The database is PostgreSQL in CI (DATABASE_URL) and SQLite by default."""

import os

import pytest
from django.conf import global_settings
from django.test import override_settings

# The tests run without `collectstatic`: plain static names, served from the source folders. The
# processes the browser tests start read it from the environment; this process's settings are
# already loaded, hence the session fixture below.
os.environ["STATIC_MANIFEST"] = "false"
PLAIN_STATIC_FILES = {
    "STORAGES": {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    },
    "STATIC_MANIFEST": False,
    "WHITENOISE_USE_FINDERS": True,
}


@pytest.fixture(scope="session", autouse=True)
def _plain_static_files():
    """No manifest to look hashed names up in: `{% static %}` gives the plain names."""
    with override_settings(**PLAIN_STATIC_FILES):
        yield


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """Django's advice for tests: a fast hasher first (PBKDF2 costs a quarter of a second a user).
    The servers the browser tests start inherit it through the environment, so they read the
    hashes the tests wrote."""
    hashers = ["django.contrib.auth.hashers.MD5PasswordHasher", *global_settings.PASSWORD_HASHERS]
    os.environ["PASSWORD_HASHERS"] = ",".join(hashers)
    with override_settings(PASSWORD_HASHERS=hashers):
        yield


@pytest.fixture(autouse=True)
def _english_free_defaults(settings):
    """Tests see the game timings that make them fast; production keeps its own settings."""
    settings.BOT_MOVE_DELAY = 0
    settings.TRICK_PAUSE_SECONDS = 0
    settings.HAND_PAUSE_SECONDS = 0
    settings.SERVER_WATCH_SECONDS = 0  # no beat runs in-process: tests that need it turn it on
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


@pytest.fixture(autouse=True)
def _word_filter_read_afresh():
    """The word filter keeps its entries a few seconds per process: each test reads its own."""
    from moderation import wordfilter

    wordfilter.forget()
    yield
    wordfilter.forget()
