"""A function that a lower app calls and a higher app provides.

A Django signal tells; a hook asks: ``games`` screens each chat message through
``screen_message`` without importing ``moderation``, which provides the word filter in its
``AppConfig.ready``. Until a provider is set, the default answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """One provider at a time; ``provide`` replaces the default."""

    def __init__(self, name: str, default: Callable[P, R]) -> None:
        self.name = name
        self._provider: Callable[P, R] = default

    def provide(self, func: Callable[P, R]) -> Callable[P, R]:
        self._provider = func
        return func

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._provider(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Hook({self.name!r})"
