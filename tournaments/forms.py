"""The registration form: alone, or with a partner named by their player name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class RegisterForm(forms.Form):
    mode = forms.ChoiceField(
        label=_("How do you register?"),
        choices=[
            ("alone", _("Alone: I will be paired with a player of close rating")),
            ("pair", _("With a partner (they must accept)")),
        ],
        widget=forms.RadioSelect,
        initial="alone",
    )
    partner = forms.CharField(
        label=_("Partner's player name"), max_length=40, required=False, strip=True
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        if data.get("mode") == "pair" and not data.get("partner"):
            self.add_error("partner", _("Name your partner, or register alone."))
        return data


class InvitationForm(forms.Form):
    inviter = forms.IntegerField(min_value=1)
