"""What moderation keeps of an account, for its "Download my data" (``accounts.my_data``): the
reports it made (not who or what it reported beyond the message: that is someone else's), and
what moderators did about it (the audit trail's events naming it: its sanctions, hidden
messages, reports closed), without the moderators' names."""

from __future__ import annotations

from typing import Any

from core.viewers import user_key
from moderation.models import Event, Report


def _at(value: Any) -> str | None:
    return value.isoformat() if value else None


def sections(sender: Any, *, user: Any, **kw: Any) -> dict[str, Any]:
    key = user_key(user.pk)
    reports = Report.objects.filter(reporter_key=key).order_by("created_at", "pk")
    events = Event.objects.filter(viewer_key=key).order_by("at", "pk")
    return {
        "reports_made": [
            {
                "table": r.table_id,
                "seat": r.position or None,
                "message": r.message_id,
                "reason": r.reason,
                "comment": r.comment,
                "status": r.status,
                "at": _at(r.created_at),
                "handled_at": _at(r.handled_at),
            }
            for r in reports
        ],
        "moderation_received": [
            {"action": e.kind, "what": e.detail, "why": e.reason, "at": _at(e.at)} for e in events
        ],
    }
