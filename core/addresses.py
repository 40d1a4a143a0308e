"""Where a guest comes from, kept without keeping it: HMACs keyed by SECRET_KEY of their IP
address and of their browser's cookie (``BROWSER_COOKIE``).

A guest's chat ban carries the browser's hash, so that the same browser stays banned in a new
session; it carries the address's hash only when the moderator also blocked the address (an
address is shared: a household, a school, a mobile operator's gateway). The last origin a
guest chatted from is held in the cache for a day (to ban a guest who is no longer connected);
a ban copies it and keeps it only as long as the ban lasts.

Behind a reverse proxy the client's address is the one the proxy forwards: Daphne reads it
from ``X-Forwarded-For`` with ``--proxy-headers`` (deploy/), and puts it in ``scope["client"]``
(and so in ``REMOTE_ADDR``)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from core.viewers import SESSION_GUEST_ID, is_guest_key

RECENT_SECONDS = 24 * 3600
BROWSER_COOKIE = "atout_browser"
BROWSER_COOKIE_SECONDS = 365 * 24 * 3600


def _hash(kind: str, value: str | None) -> str:
    if not value:
        return ""
    key = f"moderation-{kind}:{settings.SECRET_KEY}".encode()
    return hmac.new(key, value.encode(), hashlib.sha256).hexdigest()


def address_hash(ip: str | None) -> str:
    """The address's HMAC-SHA256 (hex), or "" when the address is unknown."""
    return _hash("address", ip)


def browser_hash(cookie: str | None) -> str:
    """The browser cookie's HMAC-SHA256 (hex), or "" without a cookie."""
    return _hash("browser", cookie)


def client_address(scope: Mapping[str, Any]) -> str:
    """The hashed address of an ASGI scope's client (``scope["client"]``: the peer, or the
    address the proxy forwarded when Daphne runs with ``--proxy-headers``)."""
    client = scope.get("client") or (None,)
    return address_hash(client[0] if client else None)


def client_browser(scope: Mapping[str, Any]) -> str:
    """The hashed browser cookie of an ASGI scope (``scope["cookies"]``, Channels' cookies)."""
    return browser_hash((scope.get("cookies") or {}).get(BROWSER_COOKIE))


class BrowserCookieMiddleware:
    """Gives a guest's browser a cookie of its own (a random id, a year), which outlives the
    session: a chat ban follows it when the guest starts a new session. Set once the session
    holds a guest (who chose a nickname), never for a mere visitor."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if (
            session is not None
            and not request.COOKIES.get(BROWSER_COOKIE)
            and session.get(SESSION_GUEST_ID)
        ):
            response.set_cookie(
                BROWSER_COOKIE,
                secrets.token_hex(16),
                max_age=BROWSER_COOKIE_SECONDS,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


@dataclass(frozen=True)
class Origin:
    """A guest's hashed address and browser ("" when unknown)."""

    address: str = ""
    browser: str = ""


def _key(viewer_key: str) -> str:
    return f"moderation:origin:{viewer_key}"


def remember(viewer_key: str, address: str, browser: str = "") -> None:
    """The address and browser this guest last chatted from, for a day."""
    if (address or browser) and is_guest_key(viewer_key):
        cache.set(_key(viewer_key), (address, browser), RECENT_SECONDS)


def recent(viewer_key: str) -> Origin:
    """Where this guest last chatted from (empty if unknown or not a guest)."""
    if not is_guest_key(viewer_key):
        return Origin()
    value = cache.get(_key(viewer_key))
    if not isinstance(value, tuple) or len(value) != 2:
        return Origin()
    return Origin(*value)
