"""The one way to name a person across requests, sockets and rows: a viewer key.

"u:12" is the account 12, "g:<hex>" a guest's session. Every place that builds, stores or reads
one goes through ``ViewerKey``; the rows keep its text (``str(key)``)."""

from __future__ import annotations

from dataclasses import dataclass

USER_PREFIX = "u:"
GUEST_PREFIX = "g:"
# The session key of a guest's id (games.viewers gives it a nickname).
SESSION_GUEST_ID = "guest_id"


class BadViewerKey(ValueError):
    """A text that is not a viewer key."""


@dataclass(frozen=True, slots=True)
class ViewerKey:
    """An account's or a guest's key: ``ViewerKey.user(12)``, ``ViewerKey.guest("ab12")``,
    ``ViewerKey.parse("u:12")``; ``str()`` gives the stored text and ``repr()`` round-trips."""

    user_id: int | None = None
    guest_id: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.guest_id is None):
            raise BadViewerKey("a viewer key names exactly one account or one guest")
        if self.user_id is not None and (isinstance(self.user_id, bool) or self.user_id < 1):
            raise BadViewerKey(f"not an account id: {self.user_id!r}")
        if self.guest_id is not None and not self.guest_id:
            raise BadViewerKey("a guest key needs an id")

    @classmethod
    def user(cls, user_id: int) -> ViewerKey:
        return cls(user_id=int(user_id))

    @classmethod
    def guest(cls, guest_id: str) -> ViewerKey:
        return cls(guest_id=str(guest_id))

    @classmethod
    def parse(cls, text: str) -> ViewerKey:
        """The key stored as ``text``; ``BadViewerKey`` for anything else."""
        if not isinstance(text, str):
            raise BadViewerKey(f"not a viewer key: {text!r}")
        if text.startswith(USER_PREFIX) and text[2:].isdigit() and text[2:] == str(int(text[2:])):
            return cls.user(int(text[2:]))
        if text.startswith(GUEST_PREFIX) and len(text) > 2:
            return cls.guest(text[2:])
        raise BadViewerKey(f"not a viewer key: {text!r}")

    @property
    def is_guest(self) -> bool:
        return self.guest_id is not None

    def __str__(self) -> str:
        if self.user_id is not None:
            return f"{USER_PREFIX}{self.user_id}"
        return f"{GUEST_PREFIX}{self.guest_id}"

    def __repr__(self) -> str:
        if self.user_id is not None:
            return f"ViewerKey.user({self.user_id})"
        return f"ViewerKey.guest({self.guest_id!r})"


def user_key(user_id: int) -> str:
    """The stored text of an account's key ("u:12")."""
    return str(ViewerKey.user(user_id))


def is_guest_key(text: str) -> bool:
    return isinstance(text, str) and text.startswith(GUEST_PREFIX)


def user_id_of(text: str) -> int | None:
    """The account behind a stored key ("u:12" → 12); None for a guest or anything else."""
    try:
        return ViewerKey.parse(text).user_id
    except BadViewerKey:
        return None
