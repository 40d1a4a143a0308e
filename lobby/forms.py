"""Forms of the lobby: a guest's nickname and a private table's options.

Validation is strict on purpose: a forged POST (a bool set to "banana", a bot level that does not
exist, a target out of range) is refused with a clear message and nothing is created.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

NICKNAME_MIN = 2
NICKNAME_MAX = 20

BOT_LEVELS = [
    ("easy", pgettext_lazy("bot level", "Easy")),
    ("normal", pgettext_lazy("bot level", "Normal")),
    ("hard", pgettext_lazy("bot level", "Hard")),
]

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
        help_text=_("Between 2 and 20 characters. Other players see it at the table."),
    )

    def clean_nickname(self) -> str:
        value = " ".join(self.cleaned_data["nickname"].split())
        if len(value) < NICKNAME_MIN:
            raise ValidationError(_("Choose a nickname of at least 2 characters."), code="short")
        if any(not ch.isprintable() for ch in value):
            raise ValidationError(_("Use only visible characters."), code="invalid")
        return value


class PrivateTableForm(forms.Form):
    """The options of a private table (rules.md, "Rule options"), its bots and its turn timer."""

    target = forms.IntegerField(
        label=_("Target score"),
        initial=500,
        min_value=100,
        max_value=2000,
        step_size=50,
        help_text=_("The match ends when a partnership reaches this score (standard: 500)."),
    )
    nil = StrictBooleanField(label=_("Nil bids allowed"), initial=True, widget=StrictCheckboxInput)
    blind_nil = StrictBooleanField(
        label=_("Blind nil allowed"), initial=True, widget=StrictCheckboxInput
    )
    nil_tricks_count_for_contract = StrictBooleanField(
        label=_("A nil bidder's tricks count toward the partnership's contract"),
        initial=True,
        widget=StrictCheckboxInput,
        help_text=_("Standard. Unticked: each of those tricks is a bag instead."),
    )
    bag_limit = forms.IntegerField(
        label=_("Bags per penalty"),
        initial=10,
        min_value=0,
        max_value=50,
        help_text=_("0 turns the bag penalty off (standard: 10)."),
    )
    bag_penalty = forms.IntegerField(
        label=_("Bag penalty (points)"), initial=100, min_value=0, max_value=1000
    )
    loss_floor = forms.IntegerField(
        label=_("Loss floor"),
        required=False,
        min_value=-5000,
        max_value=-50,
        help_text=_(
            "Optional: the match also ends when a partnership falls to this score, e.g. −200."
        ),
    )
    bot_level = forms.ChoiceField(
        label=_("Bots for the empty seats"), choices=BOT_LEVELS, initial="normal"
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Turn timer"), choices=TURN_TIMER_CHOICES, coerce=int, initial="30"
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
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
        """The rules dict in the engine's vocabulary (games.engine.Rules.from_dict accepts it)."""
        data = self.cleaned_data
        return {
            "nil": data["nil"],
            "blind_nil": data["blind_nil"],
            "nil_tricks_count_for_contract": data["nil_tricks_count_for_contract"],
            "bag_limit": data["bag_limit"],
            "bag_penalty": data["bag_penalty"],
            "target": data["target"],
            "loss_floor": data["loss_floor"],
        }

    def turn_timer(self) -> int | None:
        """Seconds per turn, or None for no timer."""
        seconds = self.cleaned_data["turn_seconds"]
        return seconds or None
