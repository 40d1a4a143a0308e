"""An account closing (``accounts.signals.account_closing``): ranked play erases its name from
the seats it played (``MatchPlayer``, which alone records who sat where in every match, a match
it left while live included) and from those matches' players, its suspension, takes it out
of the queue and forgets the hashed origins it joined the queue from (``ranked.origins``)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from accounts.models import deleted_name
from games.actions.closing import erase_match_names
from ranked.models import MatchPlayer, QueueEntry, RankedOrigin, RankedSuspension


def on_account_closing(sender: Any, *, user: Any, **kw: Any) -> None:
    name = deleted_name(user.pk)
    played: dict[int, set[str]] = defaultdict(set)
    for match_id, position in MatchPlayer.objects.filter(user=user).values_list(
        "match_id", "position"
    ):
        played[match_id].add(position)
    erase_match_names(dict(played), name)
    MatchPlayer.objects.filter(user=user).update(name=name)
    RankedSuspension.objects.filter(user=user).update(user_name=name)
    QueueEntry.objects.filter(user=user).delete()
    RankedOrigin.objects.filter(user=user).delete()
