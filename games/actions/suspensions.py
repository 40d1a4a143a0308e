"""Ranked-play suspensions: a moderator keeps an account out of the ranked queue for one of the
sanction durations, or lifts it. Each change is written in the audit trail in the same
transaction; the queue reads ``moderation.sanctions.ranked_suspension_of`` when a player joins."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.actions.moderation import _clean_reason, _moderator_fields
from games.models import QueueEntry
from moderation import sanctions
from moderation.models import Event, RankedSuspension, Report


def user_id_of(viewer_key: str) -> int | None:
    """The account behind a viewer key ("u:12" → 12); None for a guest ("g:…")."""
    if viewer_key.startswith("u:") and viewer_key[2:].isdigit():
        return int(viewer_key[2:])
    return None


def do_suspend_ranked(
    user_id: int,
    duration: str,
    reason: str,
    moderator=None,
    *,
    report: Report | None = None,
) -> RankedSuspension:
    """Keep an account out of ranked play for one of ``sanctions.DURATIONS`` (a new suspension
    replaces the current one). They leave the queue; matches already under way finish normally."""
    if duration not in sanctions.DURATIONS:
        raise ValueError(f"unknown duration {duration!r}")
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
            viewer_key=f"u:{user.pk}",
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
                viewer_key=f"u:{s.user_id}",
                viewer_name=s.user_name,
                reason=reason,
                **_moderator_fields(moderator),
            )
            for s in lifted
        )
    return len(lifted)


def purge_expired_suspensions() -> int:
    """Delete the suspensions that are over (expiry needs no moderator)."""
    count, _detail = RankedSuspension.objects.filter(until__lte=timezone.now()).delete()
    return count
