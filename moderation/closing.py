"""An account closing (``accounts.signals.account_closing``): its name is erased from the
reports it made or received and from the audit trail (as the player, or as the moderator). The
rows stay, under the account's key, so the trail still reads whole."""

from __future__ import annotations

from typing import Any

from accounts.models import deleted_name
from core.viewers import user_key
from moderation.models import Event, Report


def on_account_closing(sender: Any, *, user: Any, **kw: Any) -> None:
    key, name = user_key(user.pk), deleted_name(user.pk)
    Report.objects.filter(reporter_key=key).update(reporter_name=name)
    Report.objects.filter(reported_key=key).update(reported_name=name)
    Event.objects.filter(viewer_key=key).update(viewer_name=name)
    Event.objects.filter(moderator=user).update(moderator_name=name)
