"""Which chat ban applies to a viewer now. Read-only: the use cases of
``games.actions.moderation`` change bans; ``games.actions.chat`` refuses a banned viewer."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Silence
from moderation.models import RankedSuspension

# The durations a moderator chooses from (None: until lifted).
DURATIONS: dict[str, timedelta | None] = {
    "1h": timedelta(hours=1),
    "24h": timedelta(hours=24),
    "7d": timedelta(days=7),
    "permanent": None,
}
DURATION_LABELS = {
    "1h": _("1 hour"),
    "24h": _("24 hours"),
    "7d": _("7 days"),
    "permanent": _("Permanent"),
}


def active(now: datetime | None = None) -> Q:
    """Bans still in force."""
    now = now or timezone.now()
    return Q(until__isnull=True) | Q(until__gt=now)


def silence_of(viewer_key: str | None, address: str = "") -> Silence | None:
    """The ban in force on this viewer: on their key, or, for a guest, on the hashed address
    they come from (a banned guest's new session)."""
    if not viewer_key:
        return None
    match = Q(viewer_key=viewer_key)
    if address and viewer_key.startswith("g:"):
        match |= Q(address=address)
    return (
        Silence.objects.filter(active())
        .filter(match)
        .order_by(F("until").desc(nulls_first=True))
        .first()
    )


def purge_expired(now: datetime | None = None) -> int:
    """Delete the bans that are over (and the hashed addresses with them)."""
    count, _detail = Silence.objects.filter(until__lte=now or timezone.now()).delete()
    return count


def ranked_suspension_of(user_id: int | None) -> RankedSuspension | None:
    """The ranked-play suspension in force on this account, if any."""
    if not user_id:
        return None
    return RankedSuspension.objects.filter(active()).filter(user_id=user_id).first()
