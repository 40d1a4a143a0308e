"""The table options (rules.md, "Rule options") and the engine's error type."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``code`` is a short machine-readable reason."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code


# Option name -> (type, min, max); None bounds mean "no bound".
_LIMITS: dict[str, tuple[type, int | None, int | None]] = {
    "bag_limit": (int, 0, 50),
    "bag_penalty": (int, 0, 1000),
    "target": (int, 50, 10000),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a table; the defaults are the standard mode of rules.md."""

    nil: bool = True
    blind_nil: bool = True
    nil_tricks_count_for_contract: bool = True
    bag_limit: int = 10
    bag_penalty: int = 100
    target: int = 500
    loss_floor: int | None = None

    def __post_init__(self) -> None:
        for name in ("nil", "blind_nil", "nil_tricks_count_for_contract"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"rule {name!r} must be true or false")
        for name, (_, low, high) in _LIMITS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"rule {name!r} must be an integer")
            if not low <= value <= high:
                raise ValueError(f"rule {name!r} must be between {low} and {high}, not {value}")
        floor = self.loss_floor
        if floor is not None:
            if not isinstance(floor, int) or isinstance(floor, bool):
                raise ValueError("rule 'loss_floor' must be null or a negative integer")
            if not -100000 <= floor < 0:
                raise ValueError(
                    f"rule 'loss_floor' must be negative (and >= -100000), not {floor}"
                )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options from JSON; missing keys take the standard value, unknown keys raise."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rule {unknown[0]!r}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """All options as a JSON-ready dict."""
        return asdict(self)

    def __repr__(self) -> str:
        """Only the options that differ from the standard mode, so ``eval(repr(r)) == r``."""
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) != f.default
        ]
        return f"Rules({', '.join(changed)})"


STANDARD_RULES = Rules()
