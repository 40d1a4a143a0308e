"""The admin's intermediate page for a chat ban: the moderator picks a duration and writes a
reason for the players chosen from messages or reports (never typed as a key)."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.contrib.admin import helpers
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.actions.moderation import REASON_MAX, do_close_reports, do_silence
from moderation.models import Report
from moderation.sanctions import DURATION_LABELS


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
    unique: dict[str, Target] = {}
    for target in targets:
        unique.setdefault(target.viewer_key, target)
    form = SilenceForm(request.POST if "apply" in request.POST else None)
    if form.is_bound and form.is_valid():
        for target in unique.values():
            do_silence(
                target.viewer_key,
                form.cleaned_data["duration"],
                form.cleaned_data["reason"],
                request.user,
                name=target.name,
                report=target.report,
            )
        reports = [t.report.pk for t in targets if t.report is not None]
        if reports:
            do_close_reports(
                reports, Report.Status.RESOLVED, request.user, form.cleaned_data["reason"]
            )
        count = len(unique)
        modeladmin.message_user(
            request,
            ngettext(
                "%(count)d player may no longer chat.",
                "%(count)d players may no longer chat.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": _("Turn off a player's chat"),
        "opts": modeladmin.model._meta,
        "form": form,
        "targets": list(unique.values()),
        "queryset": queryset,
        "action_name": request.POST.get("action", "silence"),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/moderation/silence.html", context)
