"""The sanctions' durations a moderator chooses from. What is in force is read where it
applies: chat bans by ``games.sanctions``, ranked suspensions by ``ranked.actions``."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext_lazy as _

# None: until lifted.
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

# How long a guest's address stays blocked, when the moderator chooses it (never for good: an
# address is shared, and passes to someone else; never beyond the ban itself).
ADDRESS_DURATIONS: dict[str, timedelta] = {
    "1h": timedelta(hours=1),
    "24h": timedelta(hours=24),
    "7d": timedelta(days=7),
}
ADDRESS_DURATION_LABELS = {
    "1h": _("1 hour"),
    "24h": _("24 hours"),
    "7d": _("7 days"),
}
