"""Who is at the other end: a logged-in user or a guest with a nickname kept in the session."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.name_rule import check_name
from core.viewers import SESSION_GUEST_ID, ViewerKey
from games.errors import ServiceError
from games.names import reads_as_bot

SESSION_NICKNAME = "nickname"
NICKNAME_MIN = 2
NICKNAME_MAX = 20
# The scope key of a socket opened with a bot API token (botapi.asgi puts the token's id there):
# only such a socket plays as a bot account.
SCOPE_BOT_TOKEN = "bot_token"


@dataclass(frozen=True)
class Viewer:
    """A person at the site. Exactly one of ``user_id`` and ``guest_id`` is set."""

    user_id: int | None
    guest_id: str | None
    name: str

    @property
    def key(self) -> str:
        """A stable string naming this person across requests and sockets ("u:12", "g:<hex>")."""
        return str(ViewerKey(self.user_id, self.guest_id))

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


def _viewer(user, session, *, by_token: bool = False) -> Viewer | None:
    if user is not None and getattr(user, "is_authenticated", False):
        if getattr(user, "is_bot", False) and not by_token:
            # A bot account never plays as a person: in a browser it is nobody at the tables
            # (docs/bot-api.md), and its session's guest nickname does not count either.
            return None
        return Viewer(user_id=user.pk, guest_id=None, name=user.seat_name())
    if session is None:
        return None
    guest_id = session.get(SESSION_GUEST_ID)
    nickname = session.get(SESSION_NICKNAME)
    if not guest_id or not nickname:
        return None
    return Viewer(user_id=None, guest_id=str(guest_id), name=str(nickname))


def viewer_from_request(request) -> Viewer | None:
    """The viewer of an HTTP request; None for a guest who has not chosen a nickname yet."""
    return _viewer(getattr(request, "user", None), getattr(request, "session", None))


def viewer_from_scope(scope) -> Viewer | None:
    """The viewer of a WebSocket scope (AuthMiddlewareStack). Touches the database: call it
    through database_sync_to_async from async code."""
    return _viewer(
        scope.get("user"), scope.get("session"), by_token=bool(scope.get(SCOPE_BOT_TOKEN))
    )


def bot_viewer(user) -> Viewer:
    """A bot account as it plays through the bot API (its token checked by the caller)."""
    viewer = _viewer(user, None, by_token=True)
    assert viewer is not None
    return viewer


def is_bot_in_browser(request) -> bool:
    """A logged-in bot account on the site's pages: it may read them, never play."""
    user = getattr(request, "user", None)
    return bool(getattr(user, "is_authenticated", False) and getattr(user, "is_bot", False))


def clean_nickname(nickname, *, owner_pk: int | None = None) -> str:
    """Strip and check a nickname (2..20 characters, not a bot's, and the site's name rule:
    ``accounts.name_rule.check_name``; ``owner_pk``: the account it is for, whose own names
    are not taken)."""
    if not isinstance(nickname, str):
        raise ServiceError("bad_nickname", _("Choose a nickname."))
    value = " ".join(nickname.split())
    if not NICKNAME_MIN <= len(value) <= NICKNAME_MAX:
        raise ServiceError(
            "bad_nickname",
            ngettext(
                "A nickname has between %(min)d and %(max)d character.",
                "A nickname has between %(min)d and %(max)d characters.",
                NICKNAME_MAX,
            )
            % {"min": NICKNAME_MIN, "max": NICKNAME_MAX},
        )
    if any(not ch.isprintable() for ch in value):
        raise ServiceError("bad_nickname", _("This nickname contains forbidden characters."))
    if reads_as_bot(value):
        raise ServiceError("bad_nickname", _("This nickname is a bot's: choose another one."))
    try:
        check_name(value, owner_pk=owner_pk)
    except ValidationError as exc:
        raise ServiceError("bad_nickname", exc.message) from None
    return value


def set_guest_nickname(request, nickname) -> Viewer:
    """Give the session's guest a nickname (and a guest id on first use); returns the viewer.

    A logged-in user stays who they are: the nickname is kept for later, the user is returned.
    """
    user = getattr(request, "user", None)
    owner = user.pk if user is not None and user.is_authenticated else None
    value = clean_nickname(nickname, owner_pk=owner)
    session = request.session
    if not session.get(SESSION_GUEST_ID):
        session[SESSION_GUEST_ID] = uuid.uuid4().hex
    session[SESSION_NICKNAME] = value
    viewer = viewer_from_request(request)
    assert viewer is not None
    return viewer
