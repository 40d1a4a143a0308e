"""Every moderator's use case: hiding messages, chat bans, ranked suspensions, players' reports
and their handling, a table's chat turned off or on, the word filter's entries.

Every one writes a ``moderation.models.Event`` (the audit trail) in the same transaction, and
what reaches players is broadcast once committed: a hidden or shown message (``chat_hidden``,
``chat_shown``), a ban or its lifting (the player's sockets read their state again). The rows
they change belong to the domain each sanction applies to: ``games.Silence`` (chat bans, checked
at the chat's door) and ``ranked.RankedSuspension`` (checked when joining the ranked queue).
Locks: none of a table's; each runs in one ``transaction.atomic``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import addresses, rate_limits
from core.after_commit import after_commit
from core.viewers import ViewerKey, is_guest_key, user_id_of, user_key
from games import broadcast
from games.actions import chat as table_chat
from games.actions.chat import set_chat_hidden
from games.errors import ServiceError, refusal
from games.models import POSITIONS, ChatMessage, Connection, Seat, Silence, Table
from games.sanctions import purge_expired
from games.viewers import Viewer
from moderation import sanctions
from moderation.models import Event, Report, WordFilter
from moderation.wordfilter import FILTER_REPORTER
from ranked.models import QueueEntry, RankedSuspension

REASON_MAX = 200
COMMENT_MAX = 500


def _moderator_fields(moderator) -> dict[str, Any]:
    if moderator is None:
        return {"moderator": None, "moderator_name": ""}
    return {"moderator": moderator, "moderator_name": moderator.get_username()}


STAFF_PROTECTED = _("Only a superuser may sanction a member of the staff.")


def protected_keys(viewer_keys: Iterable[str], moderator) -> set[str]:
    """The keys among these that this moderator may not sanction (ban, suspend, hide their
    messages): staff accounts, unless the moderator is a superuser. ``moderator`` None is the
    site itself (the word filter), which never sanctions anyone but through a report."""
    if moderator is None or moderator.is_superuser:
        return set()
    ids = {i for i in map(user_id_of, viewer_keys) if i is not None}
    if not ids:
        return set()
    staff = (
        get_user_model().objects.filter(pk__in=ids).filter(Q(is_staff=True) | Q(is_superuser=True))
    )
    return {user_key(pk) for pk in staff.values_list("pk", flat=True)}


def _check_may_sanction(viewer_keys: Iterable[str], moderator) -> None:
    if protected_keys(viewer_keys, moderator):
        raise ServiceError("staff_protected", STAFF_PROTECTED)


def _tell_player(viewer_key: str) -> None:
    """Once committed, the player's open sockets read their state again (their ban shows)."""
    table_ids = sorted(
        set(Connection.objects.filter(viewer_key=viewer_key).values_list("table_id", flat=True))
    )
    if table_ids:
        after_commit(lambda: broadcast.publish_moderated(table_ids, viewer_key))


def do_set_hidden(
    message_ids: Iterable[int], hidden: bool, moderator=None, reason: str = ""
) -> int:
    """A moderator hides messages (or shows them again): players see it at once, the audit
    trail records each one. Returns how many changed. A staff member's messages are hidden
    only by a superuser (``staff_protected``: nothing changes)."""
    reason = _clean_reason(reason)
    message_ids = list(message_ids)
    if hidden:
        authors = ChatMessage.objects.filter(pk__in=message_ids).values_list(
            "author_key", flat=True
        )
        _check_may_sanction(set(authors), moderator)
    with transaction.atomic():
        changed = set_chat_hidden(message_ids, hidden)
        Event.objects.bulk_create(
            Event(
                kind=Event.Kind.HIDE if hidden else Event.Kind.SHOW,
                viewer_key=m.author_key,
                viewer_name=m.author_name,
                message=m,
                detail=m.text[:200],
                reason=reason,
                **_moderator_fields(moderator),
            )
            for m in changed
        )
    return len(changed)


def _clean_reason(reason: Any) -> str:
    if not isinstance(reason, str):
        raise refusal("bad_field")
    return " ".join(reason.split())[:REASON_MAX]


def do_silence(
    viewer_key: str,
    duration: str,
    reason: str,
    moderator=None,
    *,
    name: str = "",
    report: Report | None = None,
    block_address: str = "",
) -> Silence:
    """Ban a player from chatting for one of ``sanctions.DURATIONS``: their next message is
    refused with the reason and the end. A guest's ban also follows the (hashed) browser they
    last chatted with. ``block_address`` (one of ``sanctions.ADDRESS_DURATIONS``, guests only)
    also blocks the chat of every guest from the address the guest last chatted from, for that
    long and never beyond the ban: a separate choice, a separate event in the audit trail.
    A new ban replaces the player's current one. A staff member is banned only by a superuser
    (``staff_protected``)."""
    if duration not in sanctions.DURATIONS:
        raise ValueError(f"unknown duration {duration!r}")
    if block_address and block_address not in sanctions.ADDRESS_DURATIONS:
        raise ValueError(f"unknown address duration {block_address!r}")
    if block_address and not is_guest_key(viewer_key):
        raise ValueError("only a guest's address is blocked")
    ViewerKey.parse(viewer_key)  # BadViewerKey (a ValueError) for anything else
    _check_may_sanction([viewer_key], moderator)
    reason = _clean_reason(reason)
    now = timezone.now()
    span = sanctions.DURATIONS[duration]
    until = None if span is None else now + span
    address_until = None
    if block_address:
        address_until = now + sanctions.ADDRESS_DURATIONS[block_address]
        if until is not None:
            address_until = min(address_until, until)
    origin = addresses.recent(viewer_key)
    with transaction.atomic():
        purge_expired()
        silence, _created = Silence.objects.update_or_create(
            viewer_key=viewer_key,
            defaults={
                "viewer_name": name[:40],
                "reason": reason,
                "until": until,
                "browser": origin.browser,
                "address": origin.address if block_address else "",
                "address_until": address_until,
            },
        )
        Event.objects.create(
            kind=Event.Kind.SILENCE,
            viewer_key=viewer_key,
            viewer_name=name[:40],
            report=report,
            detail=str(sanctions.DURATION_LABELS[duration]),
            reason=reason,
            **_moderator_fields(moderator),
        )
        if block_address:
            Event.objects.create(
                kind=Event.Kind.BLOCK_ADDRESS,
                viewer_key=viewer_key,
                viewer_name=name[:40],
                report=report,
                detail=str(sanctions.ADDRESS_DURATION_LABELS[block_address]),
                reason=reason,
                **_moderator_fields(moderator),
            )
        _tell_player(viewer_key)
    return silence


def do_lift(silence_ids: Iterable[int], moderator=None, reason: str = "") -> int:
    """Lift chat bans before their end (their hashed addresses go with them)."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        lifted = list(Silence.objects.filter(pk__in=list(silence_ids)))
        Silence.objects.filter(pk__in=[s.pk for s in lifted]).delete()
        for silence in lifted:
            Event.objects.create(
                kind=Event.Kind.LIFT,
                viewer_key=silence.viewer_key,
                viewer_name=silence.viewer_name,
                reason=reason,
                **_moderator_fields(moderator),
            )
            _tell_player(silence.viewer_key)
    return len(lifted)


def do_unblock_addresses(silence_ids: Iterable[int], moderator=None, reason: str = "") -> int:
    """End the address blocks of these bans (the bans themselves stay): the other guests of
    those addresses may chat again. Returns how many blocks ended."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        blocking = list(
            Silence.objects.filter(pk__in=list(silence_ids), address_until__gt=timezone.now())
        )
        Silence.objects.filter(pk__in=[s.pk for s in blocking]).update(
            address="", address_until=None
        )
        Event.objects.bulk_create(
            Event(
                kind=Event.Kind.UNBLOCK_ADDRESS,
                viewer_key=s.viewer_key,
                viewer_name=s.viewer_name,
                reason=reason,
                **_moderator_fields(moderator),
            )
            for s in blocking
        )
    return len(blocking)


def do_close_reports(
    report_ids: Iterable[int], status: str, moderator=None, reason: str = ""
) -> int:
    """Mark open reports resolved (something was done) or dismissed (nothing to do)."""
    if status not in (Report.Status.RESOLVED, Report.Status.DISMISSED):
        raise ValueError(f"not a closing status: {status!r}")
    reason = _clean_reason(reason)
    kind = Event.Kind.RESOLVE if status == Report.Status.RESOLVED else Event.Kind.DISMISS
    with transaction.atomic():
        reports = list(
            Report.objects.select_for_update()
            .filter(pk__in=list(report_ids), status=Report.Status.OPEN)
            .order_by("pk")
        )
        now = timezone.now()
        Report.objects.filter(pk__in=[r.pk for r in reports]).update(
            status=status, handled_at=now, handled_by=moderator
        )
        for report in reports:
            Event.objects.create(
                kind=kind,
                viewer_key=report.reported_key,
                viewer_name=report.reported_name,
                message=report.message,
                report=report,
                detail=report.get_reason_display(),
                reason=reason,
                **_moderator_fields(moderator),
            )
    return len(reports)


def do_report(
    table_id: int,
    viewer: Viewer | None,
    *,
    message_id: Any = None,
    seat: Any = None,
    reason: Any = None,
    comment: Any = "",
) -> Report:
    """A player (or a guest with a nickname) reports a chat message of this table, or the
    player at a seat. The reported player is told nothing; moderators see it in the admin."""
    if viewer is None:
        raise refusal("no_identity")
    if reason not in Report.Reason.values:
        raise refusal("bad_report_reason")
    if comment is None:
        comment = ""
    if not isinstance(comment, str):
        raise refusal("bad_field")
    comment = comment.strip()
    if len(comment) > COMMENT_MAX:
        raise refusal("report_too_long")
    if (message_id is None) == (seat is None):
        raise refusal("bad_report_target")
    if not Table.objects.filter(pk=table_id).exists():
        raise refusal("no_table")
    message = None
    if message_id is not None:
        if type(message_id) is not int:
            raise refusal("bad_field")
        message = ChatMessage.objects.filter(pk=message_id, table_id=table_id).first()
        if message is None:
            raise refusal("no_such_message")
        reported_key, reported_name, position = (
            message.author_key,
            message.author_name,
            message.position,
        )
    else:
        if seat not in POSITIONS:
            raise refusal("bad_seat")
        row = Seat.objects.get(table_id=table_id, position=seat)
        if not row.viewer_key:
            raise refusal("not_reportable")
        reported_key, reported_name, position = row.viewer_key, row.nickname, seat
    if reported_key == viewer.key:
        raise refusal("not_reportable")
    sent = Report.objects.filter(reporter_key=viewer.key)
    with transaction.atomic():
        if rate_limits.exceeded(
            "reports", lambda start: sent.filter(created_at__gte=start).count()
        ):
            raise refusal("report_too_fast")
        return _open_report(
            table_id=table_id,
            reporter_key=viewer.key,
            reporter_name=viewer.name[:40],
            reason=reason,
            comment=comment,
            message=message,
            position=position or "",
            reported_key=reported_key,
            reported_name=reported_name[:40],
        )


def _open_report(*, reporter_key: str, reported_key: str, reason: str, **fields: Any) -> Report:
    """The open report of this reporter about this person for this reason, its repeats
    counted (``repeats``, ``last_at``; a new comment is added to the old while there is room),
    or a new one. One open report per reporter, person and reason is also a constraint of the
    table: two first reports at once make one, the second counted as a repeat. Runs in its
    own transaction (or the caller's); locks that report's row."""
    same = Report.objects.filter(
        status=Report.Status.OPEN,
        reporter_key=reporter_key,
        reported_key=reported_key,
        reason=reason,
    )
    with transaction.atomic():
        report = same.select_for_update().first()
        if report is None:
            try:
                with transaction.atomic():
                    return Report.objects.create(
                        reporter_key=reporter_key,
                        reported_key=reported_key,
                        reason=reason,
                        **fields,
                    )
            except IntegrityError:  # the same first report, made meanwhile by another process
                report = same.select_for_update().get()
        report.repeats += 1
        report.last_at = timezone.now()
        comment = fields.get("comment", "")
        if comment and comment not in report.comment:
            joined = f"{report.comment}\n{comment}" if report.comment else comment
            if len(joined) <= COMMENT_MAX:
                report.comment = joined
        report.save(update_fields=["repeats", "last_at", "comment"])
        return report


def do_report_filtered(
    sender: Any, *, table_id: int, viewer: Viewer, text: str, found: tuple[str, ...], **kw: Any
) -> Report:
    """A message the word filter refused and reports by itself (``games.signals.
    message_filtered``): the moderators see its text (kept nowhere else) and the entries it
    matched. One open report per person: each refused message after the first is counted as a
    repeat of it (and its text added while there is room), not a new line in the queue."""
    return _open_report(
        table_id=table_id,
        reporter_key=FILTER_REPORTER,
        reason=Report.Reason.OTHER,
        comment=f"[{', '.join(found)}] {text}"[:COMMENT_MAX],
        reported_key=viewer.key,
        reported_name=viewer.name[:40],
    )


def do_report_frame(table_id: int, viewer: Viewer | None, frame: dict) -> Report:
    """``do_report`` from the socket's ``report`` message (docs/protocol.md)."""
    return do_report(
        table_id,
        viewer,
        message_id=frame.get("message"),
        seat=frame.get("seat"),
        reason=frame.get("reason"),
        comment=frame.get("comment", ""),
    )


# ---------------------------------------------------------------- ranked-play suspensions


def do_suspend_ranked(
    user_id: int,
    duration: str,
    reason: str,
    moderator=None,
    *,
    report: Report | None = None,
) -> RankedSuspension:
    """Keep an account out of ranked play for one of ``sanctions.DURATIONS`` (a new suspension
    replaces the current one). They leave the queue; matches already under way finish normally.
    A staff member is suspended only by a superuser (``staff_protected``)."""
    if duration not in sanctions.DURATIONS:
        raise ValueError(f"unknown duration {duration!r}")
    _check_may_sanction([user_key(user_id)], moderator)
    reason = _clean_reason(reason)
    span = sanctions.DURATIONS[duration]
    until = None if span is None else timezone.now() + span
    user = get_user_model().objects.get(pk=user_id)
    name = user.public_name()[:40]
    with transaction.atomic():
        suspension, _created = RankedSuspension.objects.update_or_create(
            user=user, defaults={"user_name": name, "reason": reason, "until": until}
        )
        QueueEntry.objects.filter(user=user).delete()  # out of the ranked queue at once
        Event.objects.create(
            kind=Event.Kind.SUSPEND,
            viewer_key=user_key(user.pk),
            viewer_name=name,
            report=report,
            detail=str(sanctions.DURATION_LABELS[duration]),
            reason=reason,
            **_moderator_fields(moderator),
        )
    return suspension


def do_lift_suspensions(suspension_ids: Iterable[int], moderator=None, reason: str = "") -> int:
    """End ranked suspensions before their term."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        lifted = list(RankedSuspension.objects.filter(pk__in=list(suspension_ids)))
        RankedSuspension.objects.filter(pk__in=[s.pk for s in lifted]).delete()
        Event.objects.bulk_create(
            Event(
                kind=Event.Kind.UNSUSPEND,
                viewer_key=user_key(s.user_id),
                viewer_name=s.user_name,
                reason=reason,
                **_moderator_fields(moderator),
            )
            for s in lifted
        )
    return len(lifted)


# ---------------------------------------------------------------- a table's chat


def do_set_tables_chat(table_ids: Iterable[int], enabled: bool, moderator=None) -> int:
    """A moderator turns the chat off (or on again) at these tables: every viewer's state says
    so at once (``games.actions.chat.do_set_chat_enabled``, which locks each table row in
    turn), and each table that changed is an event of the audit trail, in the same
    transaction. Returns how many tables changed."""
    changed = 0
    for table_id in table_ids:
        with transaction.atomic():
            if table_chat.do_set_chat_enabled(table_id, enabled):
                Event.objects.create(
                    kind=Event.Kind.CHAT_ON if enabled else Event.Kind.CHAT_OFF,
                    detail=gettext("table %(id)d") % {"id": table_id},
                    **_moderator_fields(moderator),
                )
                changed += 1
    return changed


# ---------------------------------------------------------------- the word filter's entries


def _shown(entry: WordFilter, name: str, value: Any) -> str:
    field = entry._meta.get_field(name)
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    choices = dict(getattr(field, "flatchoices", None) or ())
    return str(choices.get(value, value))


def _entry_text(entry: WordFilter) -> str:
    kind = gettext("regular expression") if entry.is_regex else gettext("word")
    return f"{entry.pattern} ({kind}, {entry.get_action_display()})"


def do_save_word_entry(
    entry: WordFilter, moderator=None, *, before: dict[str, Any] | None = None
) -> WordFilter:
    """Save a word filter entry the admin's form checked, and write what changed in the audit
    trail in the same transaction: added, disabled or enabled again, or changed (each field's
    old and new value). ``before``: the changed fields' former values (None: a new entry).
    The word filter's cache is the caller's to forget."""
    with transaction.atomic():
        entry.save()
        if before is None:
            kind, detail = Event.Kind.WORD_ADD, _entry_text(entry)
        else:
            changes = [
                f"{getattr(entry._meta.get_field(name), 'verbose_name', name)}: "
                f"{_shown(entry, name, old)} → {_shown(entry, name, getattr(entry, name))}"
                for name, old in before.items()
            ]
            if not changes:
                return entry
            kind = Event.Kind.WORD_EDIT
            if "enabled" in before:
                kind = Event.Kind.WORD_ON if entry.enabled else Event.Kind.WORD_OFF
            detail = f"{entry.pattern}: " + "; ".join(changes)
        Event.objects.create(kind=kind, detail=detail[:200], **_moderator_fields(moderator))
    return entry


def do_delete_word_entries(entries: Iterable[WordFilter], moderator=None) -> int:
    """Delete word filter entries, each one an event of the audit trail (same transaction)."""
    with transaction.atomic():
        gone = list(entries)
        WordFilter.objects.filter(pk__in=[e.pk for e in gone]).delete()
        Event.objects.bulk_create(
            Event(
                kind=Event.Kind.WORD_DELETE,
                detail=_entry_text(e)[:200],
                **_moderator_fields(moderator),
            )
            for e in gone
        )
    return len(gone)
