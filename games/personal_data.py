"""What the tables keep of an account, for its "Download my data" (``accounts.my_data``): its
chat lines and its chat bans. The matches it played come from ranked play, which records who
sat where (``ranked.personal_data``)."""

from __future__ import annotations

from typing import Any

from core.viewers import user_key
from games.models import ChatMessage, Silence


def _at(value: Any) -> str | None:
    return value.isoformat() if value else None


def sections(sender: Any, *, user: Any, **kw: Any) -> dict[str, Any]:
    key = user_key(user.pk)
    lines = ChatMessage.objects.filter(author_key=key).order_by("created_at", "pk")
    bans = Silence.objects.filter(viewer_key=key).order_by("created_at")
    return {
        "chat_lines": [
            {
                "table": m.table_id,
                "seat": m.position or None,
                "name": m.author_name,
                "text": m.text,
                "hidden_by_a_moderator": m.hidden,
                "at": _at(m.created_at),
            }
            for m in lines.iterator()
        ],
        "chat_bans": [
            {"since": _at(b.created_at), "until": _at(b.until), "reason": b.reason} for b in bans
        ],
    }
