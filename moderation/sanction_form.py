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

from core.viewers import user_id_of
from moderation.actions import (
    REASON_MAX,
    do_close_reports,
    do_silence,
    do_suspend_ranked,
)
from moderation.models import Report
from moderation.sanctions import DURATION_LABELS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Target:
    """A player to ban, and the report that led there (closed as resolved by the ban)."""

    viewer_key: str
    name: str
    report: Report | None = None


class SilenceForm(forms.Form):
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


def silence_action(modeladmin, request: HttpRequest, queryset, targets: list[Target]):
    """Show the form; once posted valid, ban each player once (use case) and go back."""

    def apply(target: Target, duration: str, reason: str) -> None:
        do_silence(
            target.viewer_key,
            duration,
            reason,
            request.user,
            name=target.name,
            report=target.report,
        )

    return _sanction_page(
        modeladmin,
        request,
        queryset,
        targets,
        apply=apply,
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

    def apply(target: Target, duration: str, reason: str) -> None:
        user_id = user_id_of(target.viewer_key)
        assert user_id is not None  # (accounts only)
        do_suspend_ranked(user_id, duration, reason, request.user, report=target.report)

    return _sanction_page(
        modeladmin,
        request,
        queryset,
        accounts,
        apply=apply,
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


def _sanction_page(modeladmin, request, queryset, targets, *, apply, page: SanctionPage):
    """The admin's intermediate page: a duration and a reason, then the sanction applied once
    per player and the reports that led there closed as resolved."""
    unique: dict[str, Target] = {}
    for target in targets:
        unique.setdefault(target.viewer_key, target)
    form = SilenceForm(request.POST if "apply" in request.POST else None)
    if form.is_bound and form.is_valid():
        for target in unique.values():
            apply(target, form.cleaned_data["duration"], form.cleaned_data["reason"])
        reports = [t.report.pk for t in targets if t.report is not None]
        if reports:
            do_close_reports(
                reports, Report.Status.RESOLVED, request.user, form.cleaned_data["reason"]
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
        "form": form,
        "targets": list(unique.values()),
        "queryset": queryset,
        "action_name": request.POST.get("action", page.action),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/moderation/silence.html", context)
