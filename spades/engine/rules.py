"""The table options (rules.md, "Rule options") and the engine's error type.

Each option is described once, on its field of ``Rules``: type, bounds, standard value, the value a
new table offers, and its English label and summary phrases. Validation, the private-table form
(``lobby/forms.py``) and the one-line summaries (``games/texts.py``) are derived from these
descriptions, so adding an option is one field here plus its translations.

The engine cannot import Django: labels are plain English marked with a local ``gettext_noop`` so
that ``makemessages`` extracts them; the Django side translates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .variants import VARIANTS


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (the Django side does)."""
    return message


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``code`` is a short machine-readable reason."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a choice option: its English label and a one-line explanation."""

    value: str
    label: str
    help: str


@dataclass(frozen=True, slots=True)
class Option:
    """How one rule option is typed, bounded, offered and shown.

    ``low``/``high``: the values the engine accepts (hand records, tests); ``form_low``/``form_high``
    /``step``: the narrower range a table offers (None: the engine's). ``table_default``: the value
    a new table starts from. ``requires``: a boolean option that must be on for this one to matter
    (the summary leaves the option out otherwise). Summaries are %-format strings formatted with
    the whole rules dict plus ``value``: ``summary`` (true / any other value), ``summary_off``
    (false, zero or null); None leaves the option out of the summary. A choice option shows the
    label of its choice, unless it is the standard one.
    """

    name: str
    kind: type
    default: Any
    label: str
    help: str = ""
    low: int | None = None
    high: int | None = None
    nullable: bool = False
    choices: tuple[Choice, ...] = ()
    table_default: Any = None
    form_low: int | None = None
    form_high: int | None = None
    step: int | None = None
    requires: str | None = None
    summary: str | None = None
    summary_off: str | None = None

    def check(self, value: Any) -> None:
        """Raise ``ValueError`` unless ``value`` is a valid value of this option."""
        name = self.name
        if value is None and self.nullable:
            return
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"rule {name!r} must be true or false")
            return
        if self.kind is str:
            allowed = [c.value for c in self.choices]
            if not isinstance(value, str) or value not in allowed:
                raise ValueError(f"rule {name!r} must be one of {', '.join(allowed)}")
            return
        if not isinstance(value, int) or isinstance(value, bool):
            null = "null or " if self.nullable else ""
            raise ValueError(f"rule {name!r} must be {null}an integer")
        if not self.low <= value <= self.high:  # type: ignore[operator]
            raise ValueError(
                f"rule {name!r} must be between {self.low} and {self.high}, not {value}"
            )


def _option(default: Any, kind: type, label: str, **more: Any) -> Any:
    """A dataclass field carrying its ``Option`` description (the name is filled in below)."""
    more.setdefault("table_default", default)
    return field(default=default, metadata={"option": Option("", kind, default, label, **more)})


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a table; the defaults are the standard mode of rules.md."""

    variant: str = _option(
        "none",
        str,
        gettext_noop("Variant"),
        choices=tuple(Choice(v.name, v.label, v.help) for v in VARIANTS.values()),
    )
    target: int = _option(
        500,
        int,
        gettext_noop("Target score"),
        help=gettext_noop("The match ends when a partnership reaches this score (standard: 500)."),
        low=50,
        high=10000,
        form_low=100,
        form_high=2000,
        step=50,
        summary=gettext_noop("%(value)s points"),
    )
    nil: bool = _option(
        True,
        bool,
        gettext_noop("Nil bids allowed"),
        summary=gettext_noop("nil"),
        summary_off=gettext_noop("no nil"),
    )
    blind_nil: bool = _option(
        True,
        bool,
        gettext_noop("Blind nil allowed"),
        requires="nil",
        summary=gettext_noop("blind nil"),
    )
    blind_nil_min_deficit: int = _option(
        0,
        int,
        gettext_noop("Minimum deficit for blind nil"),
        help=gettext_noop(
            "Points a partnership must trail by at the deal to be offered blind nil (0: always)."
        ),
        low=0,
        high=10000,
        table_default=100,
        form_high=1000,
        step=10,
        requires="blind_nil",
        summary=gettext_noop("blind nil when %(value)s behind"),
    )
    nil_tricks_count_for_contract: bool = _option(
        True,
        bool,
        gettext_noop("A nil bidder's tricks count toward the partnership's contract"),
        help=gettext_noop("Standard. Unticked: each of those tricks is a bag instead."),
        summary_off=gettext_noop("nil tricks are bags"),
    )
    bag_limit: int = _option(
        10,
        int,
        gettext_noop("Bags per penalty"),
        help=gettext_noop("0 turns the bag penalty off (standard: 10)."),
        low=0,
        high=50,
        summary=gettext_noop("bags %(value)s/−%(bag_penalty)s"),
        summary_off=gettext_noop("no bag penalty"),
    )
    bag_penalty: int = _option(
        100,
        int,
        gettext_noop("Points lost per bag penalty"),
        low=0,
        high=1000,
        requires="bag_limit",
    )
    loss_floor: int | None = _option(
        None,
        int,
        gettext_noop("Loss floor"),
        help=gettext_noop(
            "Optional: the match also ends when a partnership falls to this score, e.g. −200."
        ),
        low=-100000,
        high=-1,
        nullable=True,
        form_low=-5000,
        form_high=-50,
        summary=gettext_noop("lost at %(value)s"),
    )
    hand_limit: int | None = _option(
        None,
        int,
        gettext_noop("Hand limit"),
        help=gettext_noop(
            "Optional: after this many hands the partnership ahead wins; tied, one more hand is "
            "played until the tie breaks."
        ),
        low=1,
        high=1000,
        nullable=True,
        form_low=5,
        form_high=100,
        summary=gettext_noop("leader wins after %(value)s hands"),
    )

    def __post_init__(self) -> None:
        for name, option in OPTIONS.items():
            option.check(getattr(self, name))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options from JSON; missing keys take the standard value, unknown keys raise."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown rule {unknown[0]!r}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """All options as a JSON-ready dict (every option is a plain value: no ``asdict``,
        whose deep copies cost a tenth of a table's frames on every move)."""
        return {name: getattr(self, name) for name in _NAMES}

    def __repr__(self) -> str:
        """Only the options that differ from the standard mode, so ``eval(repr(r)) == r``."""
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) != f.default
        ]
        return f"Rules({', '.join(changed)})"


def _describe() -> dict[str, Option]:
    out = {}
    for f in fields(Rules):
        option = f.metadata["option"]
        object.__setattr__(option, "name", f.name)
        out[f.name] = option
    return out


_NAMES = tuple(f.name for f in fields(Rules))

#: Option name -> its description, in the order of the form and the summary.
OPTIONS: dict[str, Option] = _describe()

STANDARD_RULES = Rules()


def table_rules() -> dict[str, Any]:
    """The options a new table starts from (rules.md: quick tables and the private form)."""
    return {name: option.table_default for name, option in OPTIONS.items()}
