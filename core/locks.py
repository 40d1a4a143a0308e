"""The one advisory lock: serialize some writers until the end of the transaction.

PostgreSQL's ``pg_advisory_xact_lock`` on a 64-bit number (a name is hashed to one); SQLite's
IMMEDIATE transactions already serialize every writer, so there it takes nothing. It must run
inside ``transaction.atomic``: the lock is released with the transaction.
"""

from __future__ import annotations

import hashlib

from django.db import connection


def lock_number(name: str) -> int:
    """A name's 64-bit signed lock number (stable across processes and releases)."""
    digest = hashlib.blake2b(name.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def advisory_xact_lock(name: str) -> None:
    """Hold the lock named ``name`` until the current transaction ends (waits for it)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock_number(name)])
