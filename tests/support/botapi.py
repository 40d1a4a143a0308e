"""Bot accounts and their tokens for the bot API tests, made through the use cases as the
account page makes them."""

from __future__ import annotations

from accounts.models import User
from botapi.actions import do_create_token, do_make_bot_account


def make_bot(name: str = "Robotine", *, scopes=("play", "read")) -> tuple[User, str]:
    """A bot account with one token; returns (account, token secret)."""
    user = User.objects.create_user(name, password="pw-for-tests-only")
    do_make_bot_account(user.pk)
    _token, secret = do_create_token(user.pk, scopes=scopes)
    user.refresh_from_db()
    return user, secret
