"""Forms of the lobby: a guest's nickname and a private table's options.

Validation is strict on purpose: a forged POST (a bool set to "banana", a bot level that does not
exist, a target out of range) is refused with a clear message and nothing is created.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import texts
from games.models import BotLevel
from games.viewers import NICKNAME_MAX, NICKNAME_MIN
from spades.engine.rules import OPTIONS, Option

# Seconds per turn; "0" is no timer (the value stored is then None).
TURN_TIMER_CHOICES = [
    ("0", _("No timer")),
    ("15", _("15 seconds")),
    ("30", _("30 seconds")),
    ("60", _("1 minute")),
    ("120", _("2 minutes")),
]

TRUE_VALUES = {"on", "true", "1", "yes"}
FALSE_VALUES = {"", "off", "false", "0", "no"}


class StrictBooleanField(forms.Field):
    """A checkbox that refuses anything but the values a browser or a script would honestly send.

    Django's BooleanField reads any unknown string as True; a forged "banana" must be an error here.
    """

    widget = forms.CheckboxInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def bound_data(self, data: Any, initial: Any) -> Any:
        return data

    def to_python(self, value: Any) -> bool:
        if value is None or value is False:
            return False
        if value is True:
            return True
        text = str(value).strip().lower()
        if text in TRUE_VALUES:
            return True
        if text in FALSE_VALUES:
            return False
        raise ValidationError(_("Tick the box or leave it empty."), code="invalid_bool")


class StrictCheckboxInput(forms.CheckboxInput):
    """Reads the raw posted value, so StrictBooleanField can refuse garbage."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        if name not in data:
            return None
        return data.get(name)


class NicknameForm(forms.Form):
    """The name a guest plays under; kept in the session."""

    nickname = forms.CharField(
        label=_("Your nickname"),
        min_length=NICKNAME_MIN,
        max_length=NICKNAME_MAX,
        strip=True,
        widget=forms.TextInput(
            attrs={"autocomplete": "nickname", "autofocus": True, "spellcheck": "false"}
        ),
        help_text=lazy(
            lambda: (
                gettext(
                    "Between %(min)d and %(max)d characters. Other players see it at the table."
                )
                % {"min": NICKNAME_MIN, "max": NICKNAME_MAX}
            ),
            str,
        )(),
    )

    def clean_nickname(self) -> str:
        value = " ".join(self.cleaned_data["nickname"].split())
        if len(value) < NICKNAME_MIN:
            raise ValidationError(
                _("Choose a nickname of at least %(min)d characters.") % {"min": NICKNAME_MIN},
                code="short",
            )
        if any(not ch.isprintable() for ch in value):
            raise ValidationError(_("Use only visible characters."), code="invalid")
        return value


def rule_field(option: Option) -> forms.Field:
    """The form field of one rule option, from its description in the engine."""
    common: dict[str, Any] = {
        "label": texts.label(option),
        "help_text": texts.help_text(option),
        "initial": option.table_default,
    }
    if option.kind is bool:
        return StrictBooleanField(widget=StrictCheckboxInput, **common)
    if option.choices:
        return forms.ChoiceField(
            choices=[(c.value, texts.choice_line(c)) for c in option.choices],
            widget=forms.RadioSelect,
            **common,
        )
    low = option.low if option.form_low is None else option.form_low
    high = option.high if option.form_high is None else option.form_high
    return forms.IntegerField(
        min_value=low,
        max_value=high,
        step_size=option.step,
        required=not option.nullable,
        **common,
    )


class PrivateTableForm(forms.Form):
    """The options of a private table (rules.md, "Rule options"), its bots and its turn timer.

    The rule fields are built from the engine's option descriptions, in their order.
    """

    bot_level = forms.ChoiceField(
        label=_("Bots for the empty seats"), choices=BotLevel.choices, initial=BotLevel.NORMAL
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Turn timer"), choices=TURN_TIMER_CHOICES, coerce=int, initial="30"
    )

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        if data is not None:
            # A form from a page older than an option: that option takes the table's default
            # (a checkbox left out is already "off"). A value sent is checked as usual.
            missing = {
                name: "" if option.table_default is None else str(option.table_default)
                for name, option in OPTIONS.items()
                if option.kind is not bool and name not in data
            }
            if missing:
                data = data.copy()
                data.update(missing)
        super().__init__(data, *args, **kwargs)
        rules = {name: rule_field(option) for name, option in OPTIONS.items()}
        self.fields = {**rules, **self.fields}

    def rule_fields(self) -> list[forms.BoundField]:
        """The bound fields of the rule options, for the template."""
        return [self[name] for name in OPTIONS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # (Form.clean returns cleaned_data)
        if data.get("blind_nil") and not data.get("nil"):
            self.add_error(
                "blind_nil", _("Blind nil is a kind of nil: allow nil bids to offer it.")
            )
        loss_floor = data.get("loss_floor")
        target = data.get("target")
        if loss_floor is not None and target is not None and loss_floor >= target:
            self.add_error("loss_floor", _("The loss floor must be below the target."))
        return data

    def rules(self) -> dict[str, Any]:
        """The rules dict in the engine's vocabulary (spades.engine.Rules.from_dict accepts it)."""
        return {name: self.cleaned_data[name] for name in OPTIONS}

    def turn_timer(self) -> int | None:
        """Seconds per turn, or None for no timer."""
        seconds = self.cleaned_data["turn_seconds"]
        return seconds or None
