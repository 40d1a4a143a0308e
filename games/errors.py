"""The one error type the live-table services raise (re-exported by games.services)."""

from __future__ import annotations

from django.utils.functional import Promise


class ServiceError(ValueError):
    """A refused request: nothing was changed. ``code`` is stable, ``message`` is translatable.

    ``message`` is usually a lazy translation, rendered in the language active where it is shown
    (the request's for pages, the socket's for the consumer).
    """

    def __init__(self, code: str, message: str | Promise) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_frame(self) -> dict:
        """The protocol's error frame (docs/protocol.md)."""
        return {"type": "error", "code": self.code, "message": str(self.message)}
