"""The bot API's use cases: turning an account into a bot account, creating and revoking its
tokens. Each runs in one transaction that locks the account's row (``select_for_update``), so
two requests at once convert once and never mint a token for an account being converted back."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from botapi import tokens
from botapi.models import SCOPES, ApiToken
from core.viewers import user_key
from games.actions.tables import OPEN_STATUSES
from games.errors import ServiceError
from games.models import Seat
from ranked.models import QueueEntry

LABEL_MAX = 40


def _locked(user_id: int) -> User:
    return User.objects.select_for_update().get(pk=user_id)


def do_make_bot_account(user_id: int) -> User:
    """Make the account a bot account, for good (its owner cannot undo it). Idempotent.
    Refused while the account sits at an unfinished table: it sat there as a person."""
    with transaction.atomic():
        user = _locked(user_id)
        if not user.is_bot:
            if Seat.objects.filter(
                viewer_key=user_key(user_id), table__status__in=OPEN_STATUSES
            ).exists():
                raise ServiceError(
                    "bot_seated",
                    _("Leave your tables first: this account sits at a table as a person."),
                )
            user.is_bot = True
            user.bot_since = timezone.now()
            user.save(update_fields=["is_bot", "bot_since"])
    # Leave any queue it stood in as a person: it plays through the API from now on.
    QueueEntry.objects.filter(user_id=user_id).delete()
    return user


def clean_scopes(scopes: Iterable[str]) -> str:
    chosen = [s for s in SCOPES if s in set(scopes)]
    if not chosen or set(scopes) - set(SCOPES):
        raise ServiceError("bad_scopes", _("Choose the token's scopes: play, read or both."))
    return " ".join(chosen)


def do_create_token(
    user_id: int, *, label: str = "", scopes: Iterable[str] = SCOPES
) -> tuple[ApiToken, str]:
    """A new token of a bot account: its row and its secret, which is shown once and never
    kept (only its digest is). Refused for an account that is not a bot account."""
    scope_text = clean_scopes(list(scopes))
    label = " ".join(str(label).split())[:LABEL_MAX]
    with transaction.atomic():
        user = _locked(user_id)
        if not user.is_bot:
            raise ServiceError("not_bot", _("Only a bot account has API tokens."))
        secret = tokens.new_secret()
        token = ApiToken.objects.create(
            user=user,
            label=label,
            digest=tokens.digest(secret),
            hint=secret[: len(tokens.PREFIX) + 4],
            scopes=scope_text,
        )
    return token, secret


def do_revoke_token(user_id: int, token_id: int) -> bool:
    """Revoke one of the account's tokens (for good); False when it had no such live token."""
    with transaction.atomic():
        _locked(user_id)
        changed = ApiToken.objects.filter(
            pk=token_id, user_id=user_id, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
    return bool(changed)
