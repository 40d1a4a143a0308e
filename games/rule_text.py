"""The rule options in words, on the Django side: labels and the one-line summary of a table.

Everything comes from the engine's option descriptions (``spades.engine.rules.OPTIONS``): their
English labels and summary phrases are marked there with ``gettext_noop`` and translated here, so
a new option needs no change in this module.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext, pgettext

from spades.engine.rules import OPTIONS, Choice, Option, Rules
from spades.engine.variants import VARIANTS


def minus(number: Any) -> str:
    """A number as printed on the site: negative numbers take the typographic minus "−"."""
    return f"−{abs(number)}" if isinstance(number, int) and number < 0 else str(number)


def _choice_line(choice: Choice) -> str:
    return f"{gettext(choice.label)} — {gettext(choice.help)}"


#: A choice's label and its one-line explanation, translated when shown ("Mirror — Everyone…").
choice_line = lazy(_choice_line, str)


def label(option: Option) -> Promise:
    """The option's label, translated when shown."""
    return lazy(gettext, str)(option.label)


def help_text(option: Option) -> Promise | str:
    """The option's one-line help, translated when shown ("" when it has none)."""
    return lazy(gettext, str)(option.help) if option.help else ""


def _shown(option: Option, values: dict[str, Any]) -> bool:
    """An option matters unless the option it requires is off (or itself does not matter)."""
    required = option.requires
    if required is None:
        return True
    return bool(values[required]) and _shown(OPTIONS[required], values)


def _phrase(option: Option, value: Any, values: dict[str, Any]) -> str | None:
    if option.choices:
        if value == option.default:
            return None
        choice = next(c for c in option.choices if c.value == value)
        return gettext(choice.label)
    template = option.summary if value else option.summary_off
    if template is None:
        return None
    numbers = {name: minus(v) for name, v in values.items()}
    return gettext(template) % {**numbers, "value": minus(value)}


def rules_summary(rules: dict) -> str:
    """A table's options in one short line, e.g. "500 points · nil · blind nil · bags 10/−100".

    ``rules``: a rules dict (missing options take the standard value). Options that the variant
    decides (Mirror: no blind nil) are left out.
    """
    values = Rules.from_dict(rules).to_dict()
    fixed = VARIANTS[values["variant"]].fixed  # decided by the variant: not table options
    values.update(fixed)
    parts = []
    for name, option in OPTIONS.items():
        if name not in fixed and _shown(option, values):
            phrase = _phrase(option, values[name], values)
            if phrase:
                parts.append(phrase)
    return " · ".join(parts)


def value_text(option: Option, value: Any) -> str:
    """One option's value in words: "yes", "500", "−200", "none", "Suicide"."""
    if option.choices:
        return gettext(next(c.label for c in option.choices if c.value == value))
    if option.kind is bool:
        return (
            pgettext("rule option value", "yes") if value else pgettext("rule option value", "no")
        )
    if value is None:
        return pgettext("rule option value", "none")
    return minus(value)


def option_lines(rules: Rules) -> list[dict[str, str]]:
    """Every option with its label, its value in ``rules`` and its help, in the form's order."""
    return [
        {
            "name": name,
            "label": gettext(option.label),
            "value": value_text(option, getattr(rules, name)),
            "help": gettext(option.help) if option.help else "",
        }
        for name, option in OPTIONS.items()
    ]


def variant_lines() -> list[dict[str, str]]:
    """The variants a table offers besides the standard mode, each with its one-line rule."""
    return [
        {"name": v.name, "label": gettext(v.label), "help": gettext(v.help)}
        for v in VARIANTS.values()
        if v.name != OPTIONS["variant"].default
    ]
