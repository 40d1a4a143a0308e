"""The type of the seat view as the bots read it.

A bot reads ``Match.view(seat)`` (``spades.engine.actions.SeatView``), or the same dict after a
JSON round trip or built by hand in a test: any mapping with the keys of docs/engine.md ("The seat
view"). The bots only read it, so they take a ``Mapping`` and accept both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

View: TypeAlias = Mapping[str, Any]

__all__ = ["View"]
