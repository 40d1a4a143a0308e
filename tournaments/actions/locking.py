"""A tournament's row, locked for the length of a use case's transaction, and its version
moved by each change (the page's script polls it). See the package's docstring for the lock
order."""

from __future__ import annotations

from tournaments.errors import refusal
from tournaments.models import Tournament


def lock(tournament_id: int) -> Tournament:
    """The tournament's row, locked until the transaction ends."""
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise refusal("no_tournament") from None


def changed(t: Tournament, *fields: str) -> None:
    t.version += 1
    t.save(update_fields=["version", *fields])
