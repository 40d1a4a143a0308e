"""An account closing (``accounts.signals.account_closing``): its daily tries keep their results
(they are the others' comparison on those deals) under the deleted account's anonymised name,
and stay in the accounts' ranking of their day."""

from __future__ import annotations

from typing import Any

from accounts.models import deleted_name
from daily.models import DailyEntry


def on_account_closing(sender: Any, *, user: Any, **kw: Any) -> None:
    DailyEntry.objects.filter(user=user).update(nickname=deleted_name(user.pk))
