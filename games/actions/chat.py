"""Chat at a table: messages, each viewer's mutes, and a moderator's hiding of messages or
turning a table's chat off (admin actions are use cases too: they broadcast)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import broadcast
from games.errors import refusal
from games.identity import Viewer
from games.models import POSITIONS, ChatMessage, Mute, Silence, Table
from games.session import TableSession

CHAT_RATE_COUNT = 5
CHAT_RATE_SECONDS = 10


def viewer_mutes(table_id: int, viewer_key: str | None) -> list[str]:
    """The seats whose chat this viewer does not want to see at this table."""
    if not viewer_key:
        return []
    return list(
        Mute.objects.filter(table_id=table_id, viewer_key=viewer_key).values_list(
            "position", flat=True
        )
    )


def do_chat(table_id: int, viewer: Viewer | None, text: Any) -> ChatMessage:
    """A seated player says something at the table (stored, then broadcast; muted seats are
    filtered per viewer by the consumers). Locks the table row; the state is unchanged."""
    if not isinstance(text, str):
        raise refusal("chat_not_text")
    text = text.strip()
    if not text:
        raise refusal("empty_message")
    if len(text) > settings.CHAT_MAX_LENGTH:
        raise refusal("message_too_long", max=settings.CHAT_MAX_LENGTH)
    with TableSession(table_id) as s:
        if not s.table.chat_enabled:
            raise refusal("chat_disabled")
        seat = s.seat_of(viewer)
        if seat is None or viewer is None:
            raise refusal("not_a_chatter")
        if Silence.objects.filter(viewer_key=viewer.key).exists():
            raise refusal("silenced")
        since = timezone.now() - timedelta(seconds=CHAT_RATE_SECONDS)
        recent = ChatMessage.objects.filter(author_key=viewer.key, created_at__gte=since).count()
        if recent >= CHAT_RATE_COUNT:
            raise refusal("chat_too_fast")
        message = ChatMessage.objects.create(
            table_id=s.table.pk,
            position=seat.position,
            author_key=viewer.key,
            author_name=viewer.name,
            text=text,
        )
        payload = message.as_frame_dict()
        s.after_commit(lambda: broadcast.publish_chat(table_id, payload))
        return message


def do_mute(table_id: int, viewer: Viewer | None, position: Any, muted: bool) -> list[str]:
    """``viewer`` stops (or resumes) seeing one seat's chat at this table; remembered in the
    database. Returns the viewer's muted seats. Locks nothing: a mute is the viewer's own row."""
    if viewer is None:
        raise refusal("no_identity")
    if position not in POSITIONS:
        raise refusal("bad_seat")
    if not Table.objects.filter(pk=table_id).exists():
        raise refusal("no_table")
    with transaction.atomic():
        if muted:
            Mute.objects.get_or_create(table_id=table_id, viewer_key=viewer.key, position=position)
        else:
            Mute.objects.filter(
                table_id=table_id, viewer_key=viewer.key, position=position
            ).delete()
    return viewer_mutes(table_id, viewer.key)


def do_set_chat_hidden(message_ids: Iterable[int], hidden: bool) -> int:
    """Moderation: hide (or show again) chat messages; connected clients drop hidden ones.
    Returns how many messages changed."""
    with transaction.atomic():
        changed = list(ChatMessage.objects.filter(pk__in=list(message_ids)).exclude(hidden=hidden))
        ChatMessage.objects.filter(pk__in=[m.pk for m in changed]).update(hidden=hidden)
        if hidden:
            for m in changed:
                transaction.on_commit(lambda m=m: broadcast.publish_chat_hidden(m.table_id, m.pk))
    return len(changed)


def do_set_chat_enabled(table_id: int, enabled: bool) -> bool:
    """Moderation: turn a table's chat off (or on again). Every viewer's state says so at once.
    Returns whether anything changed."""
    with TableSession(table_id) as s:
        if s.table.chat_enabled == enabled:
            return False
        s.table.chat_enabled = enabled
        s.bump()
        return True
