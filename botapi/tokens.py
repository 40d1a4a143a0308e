"""Reading a bot API token: ``Authorization: Bearer <token>`` on HTTP requests and on a
WebSocket's opening handshake. Every refusal names the token as refused and says why."""

from __future__ import annotations

import hashlib
import secrets

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from botapi.models import ApiToken
from games.errors import ServiceError

# A token is this prefix and 43 URL-safe characters (32 random bytes): the prefix lets a secret
# scanner recognise a leaked token.
PREFIX = "atp_"

REFUSED: dict[str, tuple[int, Promise]] = {
    "token_missing": (
        401,
        _("No API token: the request was refused. Send the header Authorization: Bearer <token>."),
    ),
    "token_unknown": (401, _("This API token is not valid: it was refused.")),
    "token_revoked": (401, _("This API token was revoked: it was refused.")),
    "token_scope": (
        403,
        _("This API token does not have the scope this needs: it was refused."),
    ),
    "token_account_inactive": (
        403,
        _("The account of this API token is suspended or closed: the token was refused."),
    ),
    "token_not_bot": (
        403,
        _("The account of this API token is not a bot account: the token was refused."),
    ),
}


class TokenRefused(ServiceError):
    """A request or socket whose token does not let it do what it asked: nothing was done."""

    def __init__(self, code: str) -> None:
        self.status, message = REFUSED[code]
        super().__init__(code, message)


def new_secret() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization`` header's value (None: no bearer token)."""
    if not header:
        return None
    kind, _space, value = header.strip().partition(" ")
    if kind.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def authenticate(header: str | None, scope: str) -> ApiToken:
    """The live token of this header, allowed ``scope``, of an active bot account; refused
    otherwise (``TokenRefused``). A read: only the token's ``last_used_at`` is written."""
    secret = bearer(header)
    if secret is None:
        raise TokenRefused("token_missing")
    token = ApiToken.objects.select_related("user").filter(digest=digest(secret)).first()
    if token is None:
        raise TokenRefused("token_unknown")
    if token.revoked_at is not None:
        raise TokenRefused("token_revoked")
    if not token.user.is_active:
        raise TokenRefused("token_account_inactive")
    if not token.user.is_bot:
        raise TokenRefused("token_not_bot")
    if not token.allows(scope):
        raise TokenRefused("token_scope")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token
