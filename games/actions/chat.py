"""Chat at a table: messages, each viewer's mutes, and a moderator's hiding of messages or
turning a table's chat off (admin actions are use cases too: they broadcast).

At the door a message meets the chat bans (``games.sanctions``) and then ``screen_message``, a
hook that ``moderation`` provides with its word filter; a message refused with a report is told
upward as ``signals.message_filtered`` (moderation opens the report)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from core import addresses, rate_limits
from core.after_commit import after_commit
from core.hooks import Hook
from core.viewers import is_guest_key
from games import broadcast, signals
from games.errors import refusal
from games.models import POSITIONS, ChatMessage, Mute, Silence, Table
from games.sanctions import address_block, silence_of
from games.session import TableSession
from games.viewers import Viewer


@dataclass(frozen=True)
class Screened:
    """What a screen makes of a message: the text to publish (perhaps masked), the action
    ("" to let it through, "mask", "refuse" or "report") and what it found."""

    text: str
    action: str = ""
    found: tuple[str, ...] = ()


def _let_through(text: str) -> Screened:
    return Screened(text)


# A message's text in, a verdict out (moderation's word filter, set in its AppConfig.ready).
screen_message: Hook[[str], Screened] = Hook("screen_message", _let_through)


def viewer_mutes(table_id: int, viewer_key: str | None) -> list[str]:
    """The seats whose chat this viewer does not want to see at this table."""
    if not viewer_key:
        return []
    return list(
        Mute.objects.filter(table_id=table_id, viewer_key=viewer_key).values_list(
            "position", flat=True
        )
    )


def do_chat(
    table_id: int, viewer: Viewer | None, text: Any, address: str = "", browser: str = ""
) -> ChatMessage:
    """A seated player says something at the table (stored, then broadcast; muted seats are
    filtered per viewer by the consumers). Locks the table row; the state is unchanged.
    ``address`` and ``browser``: the hashed address and browser cookie of a guest's socket
    (``core.addresses``): a banned guest stays banned in a new session of the same browser,
    and a guest coming from an address a moderator blocked may not chat (told so, without the
    reason of someone else's ban)."""
    if not isinstance(text, str):
        raise refusal("chat_not_text")
    text = text.strip()
    if not text:
        raise refusal("empty_message")
    if len(text) > settings.CHAT_MAX_LENGTH:
        raise refusal("message_too_long", max=settings.CHAT_MAX_LENGTH)
    if viewer is not None:
        silence = silence_of(viewer.key, browser)
        if silence is not None:
            raise _silenced(silence, viewer.key, address, browser)
        blocked = address_block(viewer.key, address)
        if blocked is not None:
            assert blocked.address_until is not None  # (only blocks in force are found)
            raise refusal("address_blocked", until=When(blocked.address_until))
    verdict = screen_message(text)
    if verdict.action in ("refuse", "report"):
        reported = verdict.action == "report" and viewer is not None
        if reported and Table.objects.filter(pk=table_id).exists():
            signals.message_filtered.send(
                sender=ChatMessage, table_id=table_id, viewer=viewer, text=text,
                found=verdict.found,
            )  # fmt: skip
        raise refusal("filtered")
    text = verdict.text
    with TableSession(table_id) as s:
        if not s.table.chat_enabled:
            raise refusal("chat_disabled")
        seat = s.seat_of(viewer)
        if seat is None or viewer is None:
            raise refusal("not_a_chatter")
        said = ChatMessage.objects.filter(author_key=viewer.key)
        if rate_limits.exceeded("chat", lambda start: said.filter(created_at__gte=start).count()):
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
        addresses.remember(viewer.key, address, browser)
        return message


def _silenced(silence: Silence, viewer_key: str, address: str, browser: str) -> Exception:
    """The refusal that says why and until when (the person's own ban: their key or their
    browser). A guest's ban learns the browser they come with, and, while the moderator's
    address block lasts, the address they come from."""
    if is_guest_key(viewer_key):
        learnt: dict[str, str] = {}
        if browser and silence.browser != browser:
            learnt["browser"] = browser
        blocking = silence.address_until is not None and silence.address_until > timezone.now()
        if address and blocking and silence.address != address:
            learnt["address"] = address
        if learnt:
            Silence.objects.filter(pk=silence.pk).update(**learnt)
    reason = silence.reason or _("no reason given")
    if silence.until is None:
        return refusal("silenced_for_good", reason=reason)
    return refusal("silenced_until", reason=reason, until=When(silence.until))


class When:
    """A moment written in the language active where the message is shown, in the site's time
    zone (TIME_ZONE), which it names by its offset ("UTC+1"): the table page shows the same
    moment in the browser's zone, named the same way."""

    def __init__(self, moment) -> None:
        self.moment = moment

    def __str__(self) -> str:
        local = timezone.localtime(self.moment)
        return f"{formats.date_format(local, 'DATETIME_FORMAT')} ({utc_offset(local)})"


def utc_offset(moment) -> str:
    """ "UTC", "UTC+1", "UTC-3:30": the offset of an aware moment, as browsers name a zone."""
    minutes = round(moment.utcoffset().total_seconds() / 60)
    if not minutes:
        return "UTC"
    sign, minutes = ("+" if minutes > 0 else "-"), abs(minutes)
    hours, rest = divmod(minutes, 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


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


def _send_hidden(m: ChatMessage) -> Callable[[], None]:
    return lambda: broadcast.publish_chat_hidden(m.table_id, m.pk)


def _send_shown(m: ChatMessage, payload: dict[str, Any]) -> Callable[[], None]:
    return lambda: broadcast.publish_chat_shown(m.table_id, payload)


def set_chat_hidden(message_ids: Iterable[int], hidden: bool) -> list[ChatMessage]:
    """The messages that changed, hidden (``chat_hidden``) or shown again (``chat_shown``, with
    the message) at their tables once committed. Joins the caller's transaction."""
    with transaction.atomic():
        changed = list(ChatMessage.objects.filter(pk__in=list(message_ids)).exclude(hidden=hidden))
        ChatMessage.objects.filter(pk__in=[m.pk for m in changed]).update(hidden=hidden)
        for m in changed:
            if hidden:
                after_commit(_send_hidden(m))
            else:
                after_commit(_send_shown(m, m.as_frame_dict()))
            m.hidden = hidden
    return changed


def do_set_chat_enabled(table_id: int, enabled: bool) -> bool:
    """Moderation: turn a table's chat off (or on again). Every viewer's state says so at once.
    Returns whether anything changed."""
    with TableSession(table_id) as s:
        if s.table.chat_enabled == enabled:
            return False
        s.table.chat_enabled = enabled
        s.bump()
        return True
