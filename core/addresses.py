"""A guest's address, kept without keeping it: an HMAC of the IP address keyed by SECRET_KEY.

Chat bans of guests carry it so that a new session from the same address stays banned. The
last address a guest chatted from is held in the cache for a day (to ban a guest who is no
longer connected); a ban copies it and keeps it only as long as the ban lasts."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.cache import cache

from core.viewers import is_guest_key

RECENT_SECONDS = 24 * 3600


def address_hash(ip: str | None) -> str:
    """The address's HMAC-SHA256 (hex), or "" when the address is unknown."""
    if not ip:
        return ""
    key = f"moderation-address:{settings.SECRET_KEY}".encode()
    return hmac.new(key, ip.encode(), hashlib.sha256).hexdigest()


def client_address(scope: Mapping[str, Any]) -> str:
    """The hashed address of an ASGI scope's client (``scope["client"]``)."""
    client = scope.get("client") or (None,)
    return address_hash(client[0] if client else None)


def _key(viewer_key: str) -> str:
    return f"moderation:address:{viewer_key}"


def remember(viewer_key: str, address: str) -> None:
    """The address this guest last chatted from, for a day."""
    if address and is_guest_key(viewer_key):
        cache.set(_key(viewer_key), address, RECENT_SECONDS)


def recent(viewer_key: str) -> str:
    """The address this guest last chatted from ("" if unknown or not a guest)."""
    if not is_guest_key(viewer_key):
        return ""
    return cache.get(_key(viewer_key)) or ""
