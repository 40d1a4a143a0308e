"""Typography filters, built into every template (settings.TEMPLATES "builtins").

`{{ SITE_NAME|elide:"de" }}` -> "d'Atout Pique"; `{{ n|quantity:"pli,plis" }}` -> "2 plis" with
the active language's plural rule; `{{ n|signed }}` -> "−60" (typographic minus).
"""

from __future__ import annotations

from typing import Any

from django import template

from rules_pages import typography

register = template.Library()


@register.filter
def elide(following: object, word: str) -> str:
    """The elided "word + value": `{{ SITE_NAME|elide:"de" }}`."""
    return typography.elide(word, str(following))


@register.filter
def signed(value: object) -> str:
    return typography.signed(value)


@register.filter
def quantity(count: Any, forms: str) -> str:
    """A number and its noun in the singular or the plural: `{{ n|quantity:"sac,sacs" }}`."""
    try:
        number = int(count) if str(count).lstrip("-").isdigit() else float(count)
    except (TypeError, ValueError):
        return str(count)
    return typography.quantity(number, forms)
