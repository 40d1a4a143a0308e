"""Which chat ban applies to a viewer now (read by the chat's door and each viewer's state).

Bans are ``Silence`` rows; the moderators' use cases (``moderation.actions``) write them. A ban
is the banned person's own (their key, or for a guest their browser); an address block is a
separate part of a guest's ban that the moderator chose, and it stops other guests too."""

from __future__ import annotations

from datetime import datetime

from django.db.models import F, Q
from django.utils import timezone

from core.viewers import is_guest_key
from games.models import Silence


def in_force(now: datetime | None = None) -> Q:
    """Sanctions (a ban, a suspension: any row with an ``until``) still in force."""
    now = now or timezone.now()
    return Q(until__isnull=True) | Q(until__gt=now)


def silence_of(viewer_key: str | None, browser: str = "") -> Silence | None:
    """The ban in force on this viewer: on their key, or, for a guest, on the hashed browser
    cookie they come with (a banned guest's new session in the same browser)."""
    if not viewer_key:
        return None
    match = Q(viewer_key=viewer_key)
    if browser and is_guest_key(viewer_key):
        match |= Q(browser=browser)
    return (
        Silence.objects.filter(in_force())
        .filter(match)
        .order_by(F("until").desc(nulls_first=True))
        .first()
    )


def address_block(viewer_key: str | None, address: str) -> Silence | None:
    """The ban whose address block stops this guest (coming from that hashed address), if
    any: accounts are never stopped by an address."""
    if not address or not viewer_key or not is_guest_key(viewer_key):
        return None
    return (
        Silence.objects.filter(address=address, address_until__gt=timezone.now())
        .order_by("-address_until")
        .first()
    )


def purge_expired(now: datetime | None = None) -> int:
    """Delete the bans that are over (and their hashes with them), and forget the addresses
    whose block is over."""
    now = now or timezone.now()
    Silence.objects.filter(address_until__lte=now).update(address="", address_until=None)
    count, _detail = Silence.objects.filter(until__lte=now).delete()
    return count
