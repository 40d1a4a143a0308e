"""The admin's intermediate page for a sanction (a chat ban, a ranked-play suspension): the
moderator picks a duration and writes a reason for the players chosen from messages, reports or
accounts (never typed as a key)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django import forms
from django.contrib import messages
from django.contrib.admin import helpers
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.viewers import is_guest_key, user_id_of
from moderation.actions import (
    REASON_MAX,
    STAFF_PROTECTED,
    do_close_reports,
    do_silence,
    do_suspend_ranked,
    protected_keys,
)
from moderation.models import Report
from moderation.sanctions import ADDRESS_DURATION_LABELS, DURATION_LABELS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Target:
    """A player to ban, and the report that led there (closed as resolved by the ban)."""

    viewer_key: str
    name: str
    report: Report | None = None


class SanctionForm(forms.Form):
    duration = forms.ChoiceField(
        label=_("Duration"),
        choices=list(DURATION_LABELS.items()),
        initial="24h",
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=_("Reason (shown to the player)"),
        max_length=REASON_MAX,
        widget=forms.TextInput(attrs={"size": 60}),
    )


class SilenceForm(SanctionForm):
    """A chat ban; when guests are among the players, the separate choice of also blocking
    their address (off unless chosen, and never for good)."""

    block_address = forms.ChoiceField(
        label=_("Also block the guests' address"),
        choices=[
            ("", _("No (the ban follows the guest's session and browser)")),
            *ADDRESS_DURATION_LABELS.items(),
        ],
        initial="",
        required=False,
        help_text=_(
            "Every guest from the same address (a household, a school, a mobile network) "
            "will be unable to chat for this long; they are told their network is blocked, "
            "never this ban's reason. Accounts are not affected."
        ),
    )

    def __init__(self, *args, guests: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not guests:
            del self.fields["block_address"]


def silence_action(modeladmin, request: HttpRequest, queryset, targets: list[Target]):
    """Show the form; once posted valid, ban each player once (use case) and go back."""

    def apply(target: Target, data: dict) -> None:
        do_silence(
            target.viewer_key,
            data["duration"],
            data["reason"],
            request.user,
            name=target.name,
            report=target.report,
            block_address=data.get("block_address", "") if is_guest_key(target.viewer_key) else "",
        )

    guests = any(is_guest_key(t.viewer_key) for t in targets)

    return _sanction_page(
        modeladmin,
        request,
        queryset,
        targets,
        apply=apply,
        form=lambda data: SilenceForm(data, guests=guests),
        page=SanctionPage(
            action="silence",
            title=_("Turn off a player's chat"),
            intro=_("These players will no longer be able to chat at any table:"),
            submit=_("Turn off their chat"),
            done=lambda count: ngettext(
                "%(count)d player may no longer chat.",
                "%(count)d players may no longer chat.",
                count,
            ),
        ),
    )


def suspend_action(modeladmin, request: HttpRequest, queryset, targets: list[Target]):
    """The same page for a ranked-play suspension; guests (who cannot play ranked) are left out
    with a warning."""
    accounts = [t for t in targets if user_id_of(t.viewer_key) is not None]
    if not accounts:
        modeladmin.message_user(
            request, _("Only accounts play ranked: guests cannot be suspended."), messages.ERROR
        )
        return None

    def apply(target: Target, data: dict) -> None:
        user_id = user_id_of(target.viewer_key)
        assert user_id is not None  # (accounts only)
        do_suspend_ranked(
            user_id, data["duration"], data["reason"], request.user, report=target.report
        )

    return _sanction_page(
        modeladmin,
        request,
        queryset,
        accounts,
        apply=apply,
        form=SanctionForm,
        page=SanctionPage(
            action="suspend_ranked",
            title=_("Suspend a player from ranked play"),
            intro=_("These players will not be able to join a ranked match:"),
            submit=_("Suspend them"),
            done=lambda count: ngettext(
                "%(count)d player suspended from ranked play.",
                "%(count)d players suspended from ranked play.",
                count,
            ),
        ),
    )


@dataclass(frozen=True)
class SanctionPage:
    """The words of one kind of sanction's intermediate page."""

    action: str
    title: StrOrPromise
    intro: StrOrPromise
    submit: StrOrPromise
    done: Callable[[int], str]


def _sanction_page(
    modeladmin,
    request,
    queryset,
    targets,
    *,
    apply,
    form: Callable[[dict | None], SanctionForm],
    page: SanctionPage,
):
    """The admin's intermediate page: a duration and a reason, then the sanction applied once
    per player and the reports that led there closed as resolved."""
    protected = protected_keys([t.viewer_key for t in targets], request.user)
    if protected:
        if "apply" not in request.POST:
            names = ", ".join(
                sorted({t.name or t.viewer_key for t in targets if t.viewer_key in protected})
            )
            modeladmin.message_user(
                request,
                _("No sanction for %(names)s: %(why)s") % {"names": names, "why": STAFF_PROTECTED},
                messages.WARNING,
            )
        targets = [t for t in targets if t.viewer_key not in protected]
        if not targets:
            return None
    unique: dict[str, Target] = {}
    for target in targets:
        unique.setdefault(target.viewer_key, target)
    bound = form(request.POST if "apply" in request.POST else None)
    if bound.is_bound and bound.is_valid():
        for target in unique.values():
            apply(target, bound.cleaned_data)
        reports = [t.report.pk for t in targets if t.report is not None]
        if reports:
            do_close_reports(
                reports, Report.Status.RESOLVED, request.user, bound.cleaned_data["reason"]
            )
        count = len(unique)
        modeladmin.message_user(request, page.done(count) % {"count": count}, messages.SUCCESS)
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": page.title,
        "intro": page.intro,
        "submit": page.submit,
        "opts": modeladmin.model._meta,
        "form": bound,
        "targets": list(unique.values()),
        "queryset": queryset,
        "action_name": request.POST.get("action", page.action),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/moderation/silence.html", context)
