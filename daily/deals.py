"""The day's deals and their commitments (shared/spec/fair-deals.md, scheme sha256-fy-v1).

The seeds, the random stream, the shuffle and the deal are the spec's. Only the context differs:
a day's deal belongs to no table yet when it is committed to, so its context names the day and
the hand, ``daily=<YYYY-MM-DD>;hand=<n>``. At each player's table the same seed deals the hand
again, and that table's own commitment (``table=…;match=…;hand=…``) is shown there as for any
hand: both commitments check against the one seed revealed.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

from spades.engine.shuffle import commitment, new_seed


def zone() -> ZoneInfo:
    return ZoneInfo(settings.DAILY_TIME_ZONE)


def today(now: datetime | None = None) -> date:
    """The day in DAILY_TIME_ZONE (the set changes at midnight there)."""
    return (now or timezone.now()).astimezone(zone()).date()


def bounds(day: date) -> tuple[datetime, datetime]:
    """Midnight to midnight of ``day`` in DAILY_TIME_ZONE (23 or 25 hours on a clock change)."""
    tz = zone()
    start = datetime.combine(day, time(0), tzinfo=tz)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=tz)
    return start, end


def context(day: date, hand_number: int) -> str:
    """``daily=<YYYY-MM-DD>;hand=<n>`` (hands counted from 1)."""
    return f"daily={day.isoformat()};hand={hand_number}"


def new_set(day: date, hands: int) -> dict:
    """The fields of a new day's set: fresh seeds from ``secrets`` and their commitments."""
    seeds = [new_seed() for _ in range(hands)]
    opens_at, closes_at = bounds(day)
    return {
        "hands": hands,
        "seed": str(secrets.randbits(63)),
        "deal_seeds": seeds,
        "commitments": [commitment(context(day, n), s) for n, s in enumerate(seeds, 1)],
        "opens_at": opens_at,
        "closes_at": closes_at,
    }
