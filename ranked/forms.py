"""The owner's form on their profile: the name other players see."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.viewers import NICKNAME_MAX, clean_nickname


class DisplayNameForm(forms.Form):
    """A display name: a nickname's rules (length, printable, not a bot's, the site's name rule:
    no reserved word, no other account's name as a reader would take it in, nothing invisible
    or offensive), and no "/"."""

    display_name = forms.CharField(label=_("Your name on the site"), max_length=NICKNAME_MAX)

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_display_name(self) -> str:
        try:
            value = clean_nickname(self.cleaned_data["display_name"], owner_pk=self.user.pk)
        except ServiceError as exc:
            raise forms.ValidationError(str(exc.message)) from None
        if "/" in value:
            raise forms.ValidationError(_("A name cannot contain “/”."))
        return value
