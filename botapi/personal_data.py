"""What the bot API keeps of an account, for its "Download my data" (``accounts.my_data``):
whether it is a bot account and its tokens (never their secrets, which are kept nowhere); and
what closing the account does here: its tokens are revoked."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from botapi.models import ApiToken


def _at(value: Any) -> str | None:
    return value.isoformat() if value else None


def sections(sender: Any, *, user: Any, **kw: Any) -> dict[str, Any]:
    tokens = ApiToken.objects.filter(user=user).order_by("created_at", "pk")
    return {
        "bot_account": {
            "is_bot": user.is_bot,
            "since": _at(user.bot_since),
            "tokens": [
                {
                    "begins_with": token.hint,
                    "label": token.label,
                    "scopes": token.scope_list,
                    "created_at": _at(token.created_at),
                    "last_used_at": _at(token.last_used_at),
                    "revoked_at": _at(token.revoked_at),
                }
                for token in tokens
            ],
        }
    }


def on_account_closing(sender: Any, *, user: Any, **kw: Any) -> None:
    """A closed account's tokens are revoked (its inactive account refuses them anyway)."""
    ApiToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())
