"""Two accounts of one person at one ranked table: where each account joined the queue from.

When a player joins the ranked queue, a keyed hash (HMAC-SHA256 under SECRET_KEY, a purpose of
its own) of their address and of their browser's long-lived cookie (``core.addresses``'s
``BROWSER_COOKIE``, given to their browser then if it has none) is kept with their account for
RANKED_ORIGIN_DAYS after it was last seen, never the address itself. Matchmaking never seats two
accounts sharing either at one table (``apart``); the moderators' admin lists the pairs of
accounts that share a hash or often share ranked tables (``pairs``). Beat forgets the old ones
(``purge``, every minute).
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import combinations

from django.conf import settings
from django.utils import timezone

from ranked.models import MatchPlayer, RankedOrigin

# Ranked matches two accounts played at one table within the window before the admin lists them.
OFTEN = 3


def digest(kind: str, value: str | None) -> str:
    """The keyed hash of an address or a browser cookie ("" when unknown)."""
    if not value:
        return ""
    key = f"ranked-origin-{kind}:{settings.SECRET_KEY}".encode()
    return hmac.new(key, value.encode(), hashlib.sha256).hexdigest()


def _since():
    return timezone.now() - timedelta(days=settings.RANKED_ORIGIN_DAYS)


def record(user_id: int, address: str | None, cookie: str | None) -> None:
    """Keep (or refresh) the hashes this account joined the queue with."""
    now = timezone.now()
    for kind, value in ((RankedOrigin.Kind.ADDRESS, address), (RankedOrigin.Kind.BROWSER, cookie)):
        hashed = digest(kind, value)
        if hashed:
            RankedOrigin.objects.update_or_create(
                user_id=user_id, kind=kind, digest=hashed, defaults={"last_seen": now}
            )


def apart(user_ids: Iterable[int]) -> set[frozenset[int]]:
    """The pairs of these accounts that share an address or a browser within the window."""
    ids = list(user_ids)
    by_hash: dict[tuple[str, str], set[int]] = defaultdict(set)
    rows = RankedOrigin.objects.filter(user_id__in=ids, last_seen__gte=_since()).values_list(
        "kind", "digest", "user_id"
    )
    for kind, hashed, user_id in rows:
        by_hash[(kind, hashed)].add(user_id)
    return {
        frozenset(pair)
        for users in by_hash.values()
        if len(users) > 1
        for pair in combinations(sorted(users), 2)
    }


def purge() -> int:
    """Forget the hashes not seen for RANKED_ORIGIN_DAYS."""
    count, _detail = RankedOrigin.objects.filter(last_seen__lt=_since()).delete()
    return count


@dataclass
class Pair:
    """Two accounts the moderators may want to look at."""

    users: tuple[int, int]
    shared: set[str] = field(default_factory=set)  # "address", "browser"
    tables: int = 0  # ranked matches at one table within the window


def pairs() -> list[Pair]:
    """Pairs of accounts that share a hash, or played at least OFTEN ranked matches at one table,
    within the window: those sharing a hash first, then by matches together."""
    found: dict[tuple[int, int], Pair] = {}
    by_hash: dict[tuple[str, str], set[int]] = defaultdict(set)
    for kind, hashed, user_id in RankedOrigin.objects.filter(last_seen__gte=_since()).values_list(
        "kind", "digest", "user_id"
    ):
        by_hash[(kind, hashed)].add(user_id)
    for (kind, _hashed), users in by_hash.items():
        for a, b in combinations(sorted(users), 2):
            found.setdefault((a, b), Pair((a, b))).shared.add(kind)
    seats: dict[int, list[int]] = defaultdict(list)
    for match_id, user_id in MatchPlayer.objects.filter(
        ranked=True, user__isnull=False, finished_at__gte=_since()
    ).values_list("match_id", "user_id"):
        seats[match_id].append(user_id)
    together = Counter(
        pair for users in seats.values() for pair in combinations(sorted(set(users)), 2)
    )
    for pair, n in together.items():
        if n >= OFTEN or pair in found:
            found.setdefault(pair, Pair(pair)).tables = n
    return sorted(found.values(), key=lambda p: (not p.shared, -p.tables, p.users))
