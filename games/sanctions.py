"""Which chat ban applies to a viewer now (read by the chat's door and each viewer's state).

Bans are ``Silence`` rows; the moderators' use cases (``moderation.actions``) write them."""

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


def silence_of(viewer_key: str | None, address: str = "") -> Silence | None:
    """The ban in force on this viewer: on their key, or, for a guest, on the hashed address
    they come from (a banned guest's new session)."""
    if not viewer_key:
        return None
    match = Q(viewer_key=viewer_key)
    if address and is_guest_key(viewer_key):
        match |= Q(address=address)
    return (
        Silence.objects.filter(in_force())
        .filter(match)
        .order_by(F("until").desc(nulls_first=True))
        .first()
    )


def purge_expired(now: datetime | None = None) -> int:
    """Delete the bans that are over (and the hashed addresses with them)."""
    count, _detail = Silence.objects.filter(until__lte=now or timezone.now()).delete()
    return count
