"""Settings for the whole site, driven by environment variables (see config/env.py).

Local defaults need nothing: SQLite in the project folder, an embedded Redis started by
`make run` / `make test` when REDIS_URL is unset. Production sets DATABASE_URL (PostgreSQL),
REDIS_URL, SECRET_KEY, DEBUG=false and ALLOWED_HOSTS.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE as CSP_NONE
from csp.constants import SELF as CSP_SELF
from django.conf import global_settings
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_contact, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
RUN_DIR = BASE_DIR / ".run"


def _local_secret_key() -> str:
    """A random key kept in .run/ so sessions survive restarts without a key in the repository."""
    path = RUN_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        RUN_DIR.mkdir(exist_ok=True)
        key = secrets.token_urlsafe(50)
        path.write_text(key)
        path.chmod(0o600)
        return key


SITE_NAME = env_str("SITE_NAME", "Atout Pique")
SECRET_KEY = env_str("SECRET_KEY") or _local_secret_key()
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")
# How to reach the site's team (an e-mail address or a contact form's address): shown in the
# footer, the privacy page and the password-reset pages; unset, those pages offer none.
CONTACT_URL = env_contact("CONTACT")
# Days a deleted account's names stay taken (accounts.models.HeldName): no one passes for the
# player who left the next second; 0: not held.
DELETED_NAME_HOLD_DAYS = env_int("DELETED_NAME_HOLD_DAYS", 30)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django.contrib.sitemaps",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "moderation",
    "ranked",
    "lobby",
    "rules_pages",
    "botapi",
    "tournaments",
    "daily",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The browser features the site never uses are off (camera, microphone, position...).
    "config.permissions_policy.PermissionsPolicyMiddleware",
    "config.request_log.RequestLogMiddleware",
    # Static files: compressed (gzip copies made by collectstatic), hashed names, cached for
    # a year; served before the rest of the stack touches the request.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # HTML and JSON compressed on the fly. Safe with BREACH: Django masks the CSRF token with a
    # new random mask in every response (and the session cookie is never in a body), so no
    # secret repeats from one response to the next for an attacker to guess byte by byte.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # A guest's browser gets a cookie of its own, which a chat ban follows into a new session.
    "core.addresses.BrowserCookieMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "config.context_processors.site",
            ],
            # Elision before the site's name, plurals, the typographic minus: on every page.
            "builtins": ["rules_pages.templatetags.typography"],
        },
    },
]

# Database: PostgreSQL in production through DATABASE_URL, an SQLite file by default.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # 0 (a connection per request) by default, for the tests; `make run` (config.launcher)
        # gives its processes 60 unless DB_CONN_MAX_AGE is set.
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory, for the test database: a Celery worker in another thread or
    # process must see what the tests write. One file per test run, so that two runs on one
    # machine do not share it: the first process names it after its pid, and the processes it
    # starts (Daphne, Celery in the browser tests) inherit the name through ATOUT_TEST_DB.
    _test_db = os.environ.setdefault("ATOUT_TEST_DB", str(RUN_DIR / f"test-{os.getpid()}.sqlite3"))
    DATABASES["default"]["TEST"] = {"NAME": _test_db}
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # "off": a commit returns before its WAL reaches the disk (much shorter moves); a crash of
    # PostgreSQL itself may lose the last fraction of a second of commits (never corrupts).
    PG_SYNCHRONOUS_COMMIT = env_str("PG_SYNCHRONOUS_COMMIT", "on")
    if PG_SYNCHRONOUS_COMMIT not in ("on", "off", "local", "remote_write", "remote_apply"):
        raise ValueError(f"PG_SYNCHRONOUS_COMMIT: unknown value {PG_SYNCHRONOUS_COMMIT!r}")
    if PG_SYNCHRONOUS_COMMIT != "on":
        DATABASES["default"].setdefault("OPTIONS", {})
        DATABASES["default"]["OPTIONS"]["options"] = (
            f"-c synchronous_commit={PG_SYNCHRONOUS_COMMIT}"
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis carries the channel layer and the Celery queues; `make run`/`make test` start an
# embedded server and set REDIS_URL when it is unset.
REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")
# "pubsub" (default): a group message is one Redis PUBLISH, received once per process and
# handed to its sockets there; "core": one Redis list per socket, filled by a Lua script (twice
# the web CPU per move, see bench/README.md). Either way Redis only carries messages: a
# socket that missed one is whole again with the next full state.
CHANNEL_LAYER = env_str("CHANNEL_LAYER", "pubsub")
_LAYER_BACKENDS = {
    "pubsub": "live.layers.TableChannelLayer",  # channels_redis's pub/sub layer, batched
    "core": "channels_redis.core.RedisChannelLayer",
}
if CHANNEL_LAYER not in _LAYER_BACKENDS:
    raise ValueError(f"CHANNEL_LAYER: unknown value {CHANNEL_LAYER!r} (pubsub or core)")
# Redis pub/sub ignores the database number: a PUBLISH on database 3 reaches subscribers on
# database 1 too. Two sites (or two test workers) sharing one Redis on separate databases would
# hear each other's "table.104.state" and send a socket another site's moves. The layer's names
# carry the database number, so that separate databases are separate layers, as they are for
# Celery (kombu's fanout prefix) and the cache.
REDIS_DB = int(urlsplit(REDIS_URL).path.strip("/") or 0)
CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
    "default": {
        "BACKEND": _LAYER_BACKENDS[CHANNEL_LAYER],
        # redis-py 8 reads with a 5 s socket timeout by default, the length of channels_redis's
        # blocking BZPOPMIN (core layer): a socket layer quiet for 5 s then raised TimeoutError
        # and killed the consumers (close 1011). A longer read timeout keeps dead-connection
        # detection. Keepalive and a PING every 10 s on an idle connection find a Redis that
        # vanished without closing its sockets (live.layers then closes the sockets it carried).
        "CONFIG": {
            "hosts": [
                {
                    "address": REDIS_URL,
                    "socket_timeout": 15,
                    "socket_keepalive": True,
                    "health_check_interval": 10,
                }
            ],
            "prefix": f"asgi.db{REDIS_DB}.",
        },
    }
}
if CHANNEL_LAYER == "core":
    CHANNEL_LAYERS["default"]["CONFIG"].update({"capacity": 1500, "expiry": 30})
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "atout",
    }
}

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A broker outage (Redis restarted) is waited out, however long: the worker reconnects by
# itself instead of exiting after 100 tries. Keepalive and health checks find a dead
# connection that no error announced (a Redis that vanished without closing its sockets).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_keepalive": True, "health_check_interval": 10}
# Tasks running when the connection is lost finish (they are short and idempotent; a thread
# pool could not stop them anyway); says so explicitly instead of Celery's warning.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# Survives "Unrecoverable error: AttributeError(... 'hostname')" after an outage (config.celery).
CELERY_WORKER_CONSUMER = "config.worker_consumer:Consumer"
# Beat may run in every worker: only the holder of a Redis lock sends the sweep (config.beat).
CELERY_BEAT_SCHEDULER = "config.beat:LockedScheduler"
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE: dict[str, dict] = {}
# Live tables: expire due turns (no task per turn) and catch every missed deadline (bot fill,
# bot move, dead sockets).
CELERY_BEAT_SCHEDULE["games-sweep"] = {"task": "games.sweep", "schedule": 1.0}
# Ranked queue: seat the waiting players (ranked.matchmaking).
CELERY_BEAT_SCHEDULE["ranked-matchmake"] = {"task": "ranked.matchmake", "schedule": 2.0}
# Ranked matches whose rating task was lost are rated all the same (ranked.ratings).
CELERY_BEAT_SCHEDULE["ranked-rate-missed"] = {"task": "ranked.rate_missed", "schedule": 60.0}
# Tournaments: rounds start on time, a missed result is recorded (tournaments.tasks); the next
# recurring tournaments are created ahead.
CELERY_BEAT_SCHEDULE["tournaments-tick"] = {"task": "tournaments.tick", "schedule": 5.0}
CELERY_BEAT_SCHEDULE["tournaments-schedule"] = {"task": "tournaments.schedule", "schedule": 60.0}
# The deal of the day: the day's set made as soon as the day starts (and on the first visit if
# beat has not run), the tries left half-way settled and the rankings refreshed (daily.tasks).
CELERY_BEAT_SCHEDULE["daily-open-day"] = {"task": "daily.open_day", "schedule": 60.0}
CELERY_BEAT_SCHEDULE["daily-settle"] = {"task": "daily.settle", "schedule": 60.0}

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Django's own list unless set (comma-separated dotted paths). The tests put a fast hasher first,
# for themselves and the servers they start (tests/conftest.py); production keeps the default.
PASSWORD_HASHERS = env_list("PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
SITE_ID = 1
# URL names, reversed in the language of the page the form was sent from (`/` would follow the
# browser's language instead: a player on /fr/ with an English browser would land on /en/).
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "rules_pages:home"
LOGOUT_REDIRECT_URL = "rules_pages:home"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
# Sign-up says nothing of which addresses have an account (accounts.forms.SignupForm).
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"  # e-mails say SITE_NAME, not example.com
# allauth's own rate limits (per IP, per e-mail address or per user; kept in the cache), set
# here rather than left to the library's defaults: logging in, failed logins, signing up and the
# password reset are where guessing and mail flooding happen. Over the limit: 429.html. The
# "key" of login_failed is the account and the address together (accounts.adapter): the attempt
# source is locked out, not the account. The admin's login counts in the same limits
# (accounts.admin_login).
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/300s/key",
    "signup": "10/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "change_password": "5/m/user",
}
# Mail (password resets): printed on the console unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "noreply@localhost")

# Content-Security-Policy (django-csp): scripts only from the site's own files, never inline (the
# pages carry their data as JSON blocks, which are not run); sockets to the site itself; videos
# only from YouTube's no-cookie domain, once a visitor starts one. Inline style attributes stay
# allowed: Django's admin uses them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [CSP_SELF],
        "script-src": [CSP_SELF],
        "style-src": [CSP_SELF, "'unsafe-inline'"],
        "img-src": [CSP_SELF, "data:"],
        "connect-src": [CSP_SELF],
        "frame-src": ["https://www.youtube-nocookie.com"],
        "object-src": [CSP_NONE],
        "base-uri": [CSP_SELF],
        "form-action": [CSP_SELF],
        "frame-ancestors": [CSP_NONE],
    }
}

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
# HTTPS=true: the site is served only over HTTPS behind a reverse proxy that sets
# X-Forwarded-Proto (docs/deploy.md): HTTP is redirected, browsers are told to stay on HTTPS
# (HSTS), and the cookies travel only over HTTPS. `manage.py check --deploy` is then clean.
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 60 * 60 * 24 * 365 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
# locale/: the site's own messages (makemessages). locale_overrides/: French in the site's voice
# ("tu") for the texts of django-allauth and Django it shows; LOCALE_PATHS come before the apps'.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale_overrides"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Production: `collectstatic` (run by `make run`) writes hashed, compressed copies to STATIC_ROOT
# and WhiteNoise serves them with a one-year Cache-Control. Without its manifest (a checkout where
# collectstatic never ran, the tests), or with STATIC_MANIFEST=false, pages use the plain names
# and WhiteNoise serves the source folders directly, so no page fails for want of collectstatic.
STATIC_MANIFEST = env_bool("STATIC_MANIFEST", (STATIC_ROOT / "staticfiles.json").exists())
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.storage.StaticStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
# Uploaded files (video thumbnails of the rules site); the site serves them itself.
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(BASE_DIR / "media")))
MEDIA_URL = "/media/"

# One configuration for every process: the Celery worker and beat use it too (config/celery.py
# connects setup_logging), so `--loglevel` is ignored and LOG_LEVEL rules. Routine records (a
# task received or succeeded, beat sending the sweep every second) are DEBUG (config/logs.py).
LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "[%(asctime)s %(levelname)s %(processName)s %(name)s] %(message)s"}
    },
    "filters": {
        "routine": {"()": "config.logs.RoutineFilter", "level": LOG_LEVEL},
        "requests": {"()": "config.logs.RequestFilter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["routine", "requests"],
        }
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {"django.channels.server": {"level": "WARNING"}},
}

# Errors reported to Sentry when SENTRY_DSN is set (web processes and the worker alike).
SENTRY_DSN = env_str("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=env_str("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=env_float("SENTRY_TRACES_SAMPLE_RATE", 0.0),
        send_default_pii=False,
    )

# Game settings (the rules pages read them too, so text and play never drift apart).
QUICK_TABLE_BOT_DELAY = env_float("QUICK_TABLE_BOT_DELAY", 15.0)
# Quick tables end even between weak players: at this score (None: no floor), and after this many
# hands with the leader winning (None: no limit; a tie plays on until it breaks).
QUICK_TABLE_LOSS_FLOOR = env_int("QUICK_TABLE_LOSS_FLOOR", -500) or None
QUICK_TABLE_HAND_LIMIT = env_int("QUICK_TABLE_HAND_LIMIT", 20) or None
BOT_MOVE_DELAY = env_float("BOT_MOVE_DELAY", 0.8)
# After a trick (or a hand) is taken: a pause before the next lead, so everyone sees the trick.
TRICK_PAUSE_SECONDS = env_float("TRICK_PAUSE_SECONDS", 1.5)
# After the last trick of a hand: the hand's result is shown this long before the next bidding.
HAND_PAUSE_SECONDS = env_float("HAND_PAUSE_SECONDS", 4.0)
# Each web process checks this often whether the game server (worker, beat) answers, and tells
# its table sockets when that changes (live.server_health); 0 turns the check off.
SERVER_WATCH_SECONDS = env_float("SERVER_WATCH_SECONDS", 2.0)
# Threads per web process for the live tables' database work on PostgreSQL, each with its own
# connection (live.database_threads); SQLite keeps one.
LIVE_DB_THREADS = env_int("LIVE_DB_THREADS", 4)
TURN_SECONDS = env_int("TURN_SECONDS", 30)
DISCONNECT_GRACE_SECONDS = env_int("DISCONNECT_GRACE_SECONDS", 20)
CHAT_MAX_LENGTH = env_int("CHAT_MAX_LENGTH", 200)
# A viewer's sockets at one table: one more closes their oldest (code 4409, docs/protocol.md).
TABLE_SOCKETS_PER_VIEWER = env_int("TABLE_SOCKETS_PER_VIEWER", 4)
# The rate limits (core.rate_limits): at most so many events in so many seconds. A viewer's
# frames of any kind (all their table sockets of one web process together); a lobby socket's
# frames (the lobby only listens: beyond them it is closed); a person's chat messages (across
# tables); a reporter's reports.
RATE_LIMITS: dict[str, tuple[int, float]] = {
    "viewer_frames": (30, 5.0),
    "lobby_frames": (10, 10.0),
    "chat": (5, 10.0),
    "reports": (5, 600.0),
}
# Ranked play: logged-in players, tables made up by matchmaking, openskill ratings. The rules
# pages describe it while this is on (RANKED_PLAY=false hides it there and in the lobby).
RANKED_PLAY = env_bool("RANKED_PLAY", True)
# A ranked match starts with whoever is in the queue after this long; bots take the other seats.
RANKED_WAIT_SECONDS = env_float("RANKED_WAIT_SECONDS", 30.0)
# A queued player whose lobby page has not asked for the queue's state for this long (closed
# page) leaves the queue: nobody is seated at a ranked table they will not come to.
RANKED_QUEUE_STALE_SECONDS = env_float("RANKED_QUEUE_STALE_SECONDS", 20.0)
# Matchmaking seats players whose ratings (25 x mu points) differ by at most this much, the
# window growing by RANKED_WINDOW_GROWTH points per second waited.
RANKED_WINDOW_POINTS = env_float("RANKED_WINDOW_POINTS", 100.0)
RANKED_WINDOW_GROWTH = env_float("RANKED_WINDOW_GROWTH", 10.0)
# A player is "provisional" (a list of their own on the leaderboard) until this many matches.
RANKED_PROVISIONAL_MATCHES = env_int("RANKED_PROVISIONAL_MATCHES", 10)
# Ranked matches play the standard rules; only tests shorten them (0: the standard target).
RANKED_TARGET_SCORE = env_int("RANKED_TARGET_SCORE", 0)
# Waits before the next ranked match after the 1st, 2nd, 3rd (and later) abandonment within
# RANKED_ABANDON_WINDOW_DAYS; a seat played by a stand-in for more than half of its actions,
# or left at the end, is an abandonment.
RANKED_ABANDON_WAITS = [int(v) for v in env_list("RANKED_ABANDON_WAITS", ["600", "3600", "86400"])]
RANKED_ABANDON_WINDOW_DAYS = env_int("RANKED_ABANDON_WINDOW_DAYS", 7)
# Keyed hashes of the address and browser cookie an account joined the ranked queue from are kept
# this long (never the address itself): matchmaking never seats two accounts sharing one at a
# table, and the moderators see the accounts that share them (ranked.origins).
RANKED_ORIGIN_DAYS = env_int("RANKED_ORIGIN_DAYS", 30)
# A tournament pair none of whose players had the tournament's page open within this many
# seconds at a round's start is absent and loses that round (tournaments.actions.rounds).
TOURNAMENT_PRESENCE_SECONDS = env_int("TOURNAMENT_PRESENCE_SECONDS", 90)
# The deal of the day (docs/daily.md): its day starts at midnight in this zone, and its set is
# this many hands, the same for everyone.
DAILY_TIME_ZONE = env_str("DAILY_TIME_ZONE", "Europe/Paris")
DAILY_HANDS = env_int("DAILY_HANDS", 8)
# A table where no seated person has been connected for this long is closed by the beat sweep.
ABANDONED_TABLE_MINUTES = env_int("ABANDONED_TABLE_MINUTES", 30)
