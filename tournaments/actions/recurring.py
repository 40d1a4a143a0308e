"""Daily tournaments: the next occurrence of each, created once (beat, every minute)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.models import RecurringTournament, Tournament


def next_occurrence(recurring: RecurringTournament, now: datetime) -> datetime:
    """The next start of a daily tournament after ``now``, at its time of day in the site's
    time zone."""
    local = timezone.localtime(now)
    start = local.replace(
        hour=recurring.time_of_day.hour,
        minute=recurring.time_of_day.minute,
        second=0,
        microsecond=0,
    )
    if start <= local:
        start = timezone.make_aware(
            datetime.combine(start.date() + timedelta(days=1), recurring.time_of_day)
        )
    return start


def do_schedule_recurring(now: datetime | None = None) -> int:
    """Create the next tournament of each active recurring one (beat, every minute). Idempotent
    and safe with two workers: one tournament per occurrence (a unique constraint on the
    recurring row and the start), created under the recurring row's lock."""
    now = now or timezone.now()
    created = 0
    for recurring_id in RecurringTournament.objects.filter(active=True).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            recurring = RecurringTournament.objects.select_for_update().get(pk=recurring_id)
            starts = next_occurrence(recurring, now)
            if Tournament.objects.filter(recurring=recurring, starts_at=starts).exists():
                continue
            Tournament.objects.create(
                recurring=recurring,
                starts_at=starts,
                registration_opens_at=starts - timedelta(hours=recurring.registration_hours),
                **{name: getattr(recurring, name) for name in SHARED_FIELDS},
            )
            created += 1
    return created


SHARED_FIELDS = (
    "name", "format", "rounds", "target", "hand_limit", "round_minutes", "bot_level", "rated",
    "allows_bot_accounts",
)  # fmt: skip
