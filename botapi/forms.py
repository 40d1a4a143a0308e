from django import forms
from django.utils.translation import gettext_lazy as _

from botapi.models import SCOPES


class MakeBotForm(forms.Form):
    confirm = forms.BooleanField(
        label=_(
            "I understand: this account becomes a bot account for good. It will never play "
            "in a browser again, and I cannot undo this."
        ),
        required=True,
    )


class NewTokenForm(forms.Form):
    label = forms.CharField(label=_("Label (for you only)"), max_length=40, required=False)
    scopes = forms.MultipleChoiceField(
        label=_("Scopes"),
        choices=[
            ("play", _("play: join queues and tables, and play")),
            ("read", _("read: the account and its queue's state")),
        ],
        initial=list(SCOPES),
        widget=forms.CheckboxSelectMultiple,
        required=True,
    )
