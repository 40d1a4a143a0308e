"""Moderation in the Django admin: chat messages (hide, show, ban their authors), chat bans (read
and lifted, never typed), the report queue and the audit trail. Every change is a use case of
``moderation.actions``: it reaches the players and is written in the audit trail."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import redirect
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.admin import PlayerAdmin
from accounts.models import User
from core.viewers import user_key
from games.admin import TableAdmin
from games.models import ChatMessage, Silence, Table
from moderation import admin_suspensions, wordfilter  # noqa: F401 (admin_suspensions registers its page)
from moderation.actions import (
    STAFF_PROTECTED,
    do_close_reports,
    do_delete_word_entries,
    do_lift,
    do_save_word_entry,
    do_set_hidden,
    do_set_tables_chat,
    do_unblock_addresses,
    protected_keys,
)
from moderation.admin_common import InForceFilter, done_message
from moderation.models import Event, Report, WordFilter
from moderation.sanction_form import Target, silence_action, suspend_action
from moderation.words import compile_entry, regex_problem

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

CONTEXT_MESSAGES = 6  # messages shown before and after a reported one


def hideable(modeladmin, request: HttpRequest, message_ids: list[int]) -> list[int]:
    """The messages among these this moderator may hide: a staff member's only by a superuser
    (the others are left as they are, with a warning)."""
    authors = dict(ChatMessage.objects.filter(pk__in=message_ids).values_list("pk", "author_key"))
    protected = protected_keys(set(authors.values()), request.user)
    if protected:
        modeladmin.message_user(request, STAFF_PROTECTED, messages.WARNING)
    return [pk for pk in message_ids if authors.get(pk) not in protected]


class CanSilence:
    """The ban action needs the right to add bans (the moderators' group has it)."""

    def has_silence_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("games.add_silence")


@admin.register(ChatMessage)
class ChatMessageAdmin(CanSilence, admin.ModelAdmin):
    list_display = ("created_at", "table", "position", "author_name", "text", "hidden")
    list_filter = ("hidden",)
    search_fields = ("text", "author_name", "author_key", "=table__id")
    readonly_fields = ("table", "position", "author_key", "author_name", "text", "created_at")
    fields = (*readonly_fields, "hidden")
    actions = ["hide", "unhide", "silence"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        if change and "hidden" in form.changed_data:
            ids = hideable(self, request, [obj.pk]) if obj.hidden else [obj.pk]
            do_set_hidden(ids, obj.hidden, request.user)

    @admin.action(description=_("Hide the selected messages"), permissions=["change"])
    def hide(self, request, queryset) -> None:
        ids = hideable(self, request, list(queryset.values_list("pk", flat=True)))
        count = do_set_hidden(ids, True, request.user)
        done_message(
            self,
            request,
            ngettext("%(count)d message hidden.", "%(count)d messages hidden.", count),
            count,
        )

    @admin.action(description=_("Show the selected messages again"), permissions=["change"])
    def unhide(self, request, queryset) -> None:
        count = do_set_hidden(list(queryset.values_list("pk", flat=True)), False, request.user)
        done_message(
            self,
            request,
            ngettext("%(count)d message shown again.", "%(count)d messages shown again.", count),
            count,
        )

    @admin.action(description=_("Turn off the authors' chat…"), permissions=["silence"])
    def silence(self, request, queryset):
        targets = [Target(m.author_key, m.author_name) for m in queryset]
        return silence_action(self, request, queryset, targets)


@admin.register(Silence)
class SilenceAdmin(admin.ModelAdmin):
    """Bans are made from a message or a report (never typed as a key) and lifted here."""

    list_display = ("viewer_name", "viewer_key", "reason", "until", "address_block", "created_at")
    list_filter = (InForceFilter,)
    search_fields = ("viewer_name", "viewer_key", "reason")
    readonly_fields = (
        "viewer_key",
        "viewer_name",
        "reason",
        "until",
        "address_block",
        "created_at",
    )
    fields = readonly_fields
    actions = ["lift", "unblock_address"]

    @admin.display(description=_("guests' address blocked"))
    def address_block(self, silence: Silence) -> StrOrPromise:
        """An address block is shown as such: until when, or that there is none."""
        if silence.address_until is None or silence.address_until <= timezone.now():
            return _("no")
        return _("until %(until)s") % {
            "until": formats.date_format(
                timezone.localtime(silence.address_until), "DATETIME_FORMAT"
            )
        }

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # lifting is a use case (audited, told to the player)

    def save_model(self, request, obj, form, change) -> None:
        """Nothing to save: every field is read-only, a ban changes through its use cases."""

    def has_lift_permission(self, request) -> bool:
        return request.user.has_perm("games.change_silence")

    @admin.action(description=_("Lift the selected chat bans"), permissions=["lift"])
    def lift(self, request, queryset) -> None:
        count = do_lift(list(queryset.values_list("pk", flat=True)), request.user)
        done_message(
            self, request, ngettext("%(count)d ban lifted.", "%(count)d bans lifted.", count), count
        )

    @admin.action(
        description=_("Unblock the addresses of the selected bans (the bans stay)"),
        permissions=["lift"],
    )
    def unblock_address(self, request, queryset) -> None:
        count = do_unblock_addresses(list(queryset.values_list("pk", flat=True)), request.user)
        done_message(
            self,
            request,
            ngettext("%(count)d address unblocked.", "%(count)d addresses unblocked.", count),
            count,
        )


class AgeFilter(admin.SimpleListFilter):
    title = _("age")
    parameter_name = "age"
    SPANS = {"1d": timedelta(days=1), "7d": timedelta(days=7), "30d": timedelta(days=30)}

    def lookups(self, request, model_admin):
        return [
            ("1d", _("Less than a day")),
            ("7d", _("Less than a week")),
            ("30d", _("Less than a month")),
            ("older", _("Older than a month")),
        ]

    def queryset(self, request, queryset):
        now = timezone.now()
        if self.value() in self.SPANS:
            return queryset.filter(created_at__gte=now - self.SPANS[self.value()])
        if self.value() == "older":
            return queryset.filter(created_at__lt=now - self.SPANS["30d"])
        return queryset


@admin.register(Report)
class ReportAdmin(CanSilence, admin.ModelAdmin):
    list_display = (
        "created_at",
        "status",
        "reason",
        "reported_name",
        "excerpt",
        "repeats",
        "table",
    )
    list_filter = ("status", "reason", AgeFilter)
    search_fields = ("reported_name", "reported_key", "reporter_name", "comment", "message__text")
    readonly_fields = (
        "created_at",
        "status",
        "reason",
        "comment",
        "reporter",
        "reported_name",
        "reported_key",
        "repeats",
        "last_at",
        "table",
        "position",
        "conversation",
        "earlier",
        "handled_by",
        "handled_at",
    )
    fields = readonly_fields
    actions = ["resolve", "dismiss", "hide_message", "silence", "suspend_ranked"]
    ordering = ("status", "-created_at")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("message", "table")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=_("reported by"))
    def reporter(self, report: Report) -> StrOrPromise:
        if report.reporter_key == wordfilter.FILTER_REPORTER:
            return _("the word filter (the message was refused)")
        return report.reporter_name

    @admin.display(description=_("message"))
    def excerpt(self, report: Report) -> str:
        return report.message.text[:80] if report.message else "—"

    @admin.display(description=_("conversation"))
    def conversation(self, report: Report) -> str:
        """The reported message with the messages around it at its table (hidden ones too)."""
        if report.message is None:
            return "—"
        around = ChatMessage.objects.filter(table_id=report.table_id)
        before = around.filter(created_at__lte=report.message.created_at).exclude(
            pk=report.message.pk
        )
        after = around.filter(created_at__gte=report.message.created_at).exclude(
            pk=report.message.pk
        )
        rows = [
            *reversed(before.order_by("-created_at", "-pk")[:CONTEXT_MESSAGES]),
            report.message,
            *after.order_by("created_at", "pk")[:CONTEXT_MESSAGES],
        ]
        return format_html(
            '<table class="report-conversation">{}</table>',
            format_html_join(
                "",
                '<tr class="{}"><td>{}</td><td>{}</td><td>{}</td></tr>',
                (
                    (
                        "reported" if m.pk == report.message.pk else ("hidden" if m.hidden else ""),
                        timezone.localtime(m.created_at).strftime("%H:%M:%S"),
                        m.author_name,
                        m.text,
                    )
                    for m in rows
                ),
            ),
        )

    @admin.display(description=_("the player's history"))
    def earlier(self, report: Report) -> StrOrPromise:
        """The reported player's earlier reports and the moderation done about them."""
        reports = Report.objects.filter(reported_key=report.reported_key).exclude(pk=report.pk)
        events = Event.objects.filter(viewer_key=report.reported_key)
        lines = [
            (timezone.localtime(r.created_at).strftime("%Y-%m-%d %H:%M"), _("report"), str(r))
            for r in reports[:20]
        ] + [
            (
                timezone.localtime(e.at).strftime("%Y-%m-%d %H:%M"),
                e.get_kind_display(),
                " — ".join(x for x in (e.detail, e.reason) if x),
            )
            for e in events[:20]
        ]
        if not lines:
            return _("Nothing before.")
        lines.sort(reverse=True)
        return format_html(
            '<ul class="report-history">{}</ul>',
            format_html_join("", "<li>{} · {} · {}</li>", lines),
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """The report's own page acts on it: buttons for each action (same checks)."""
        if request.method == "POST":
            for name in self.actions:
                if f"_{name}" in request.POST:
                    action, _name, _label = self.get_actions(request).get(name, (None,) * 3)
                    if action is None:
                        return super().change_view(request, object_id, form_url, extra_context)
                    queryset = self.get_queryset(request).filter(pk=object_id)
                    return action(self, request, queryset) or redirect(request.path)
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.action(description=_("Mark the selected reports resolved"), permissions=["change"])
    def resolve(self, request, queryset) -> None:
        ids = list(queryset.values_list("pk", flat=True))
        count = do_close_reports(ids, Report.Status.RESOLVED, request.user)
        done_message(
            self,
            request,
            ngettext("%(count)d report resolved.", "%(count)d reports resolved.", count),
            count,
        )

    @admin.action(description=_("Dismiss the selected reports"), permissions=["change"])
    def dismiss(self, request, queryset) -> None:
        ids = list(queryset.values_list("pk", flat=True))
        count = do_close_reports(ids, Report.Status.DISMISSED, request.user)
        done_message(
            self,
            request,
            ngettext("%(count)d report dismissed.", "%(count)d reports dismissed.", count),
            count,
        )

    @admin.action(description=_("Hide the reported messages"), permissions=["change"])
    def hide_message(self, request, queryset) -> None:
        if not request.user.has_perm("games.change_chatmessage"):
            self.message_user(request, _("You may not hide messages."), messages.ERROR)
            return
        ids = [pk for pk in queryset.values_list("message_id", flat=True) if pk]
        ids = hideable(self, request, ids)
        count = do_set_hidden(ids, True, request.user)
        do_close_reports(
            [r.pk for r in queryset if r.message_id in ids], Report.Status.RESOLVED, request.user
        )
        done_message(
            self,
            request,
            ngettext("%(count)d message hidden.", "%(count)d messages hidden.", count),
            count,
        )

    @admin.action(description=_("Turn off the reported players' chat…"), permissions=["silence"])
    def silence(self, request, queryset):
        targets = [Target(r.reported_key, r.reported_name, r) for r in queryset]
        return silence_action(self, request, queryset, targets)

    def has_suspend_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("ranked.add_rankedsuspension")

    @admin.action(
        description=_("Suspend the reported players from ranked play…"), permissions=["suspend"]
    )
    def suspend_ranked(self, request, queryset):
        targets = [Target(r.reported_key, r.reported_name, r) for r in queryset]
        return suspend_action(self, request, queryset, targets)


class ModeratorFilter(admin.SimpleListFilter):
    """ "By moderator": those who appear in the audit trail, by the name it keeps. Django's own
    filter on the foreign key would list every account, login names that a moderator (who may
    not view accounts) has no business reading."""

    title = _("moderator")
    parameter_name = "moderator"

    def lookups(self, request, model_admin):
        acted = (
            Event.objects.filter(moderator__isnull=False)
            .values_list("moderator_id", "moderator_name")
            .order_by("moderator_name")
            .distinct()
        )
        return [(str(pk), name) for pk, name in acted]

    def queryset(self, request, queryset):
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(moderator_id=int(value))
        return queryset


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """The audit trail: read-only, searchable."""

    list_display = ("at", "moderator_name", "kind", "viewer_name", "detail", "reason")
    list_filter = ("kind", ModeratorFilter)
    search_fields = ("moderator_name", "viewer_name", "viewer_key", "detail", "reason")
    date_hierarchy = "at"
    readonly_fields = [f.name for f in Event._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_queryset(self, request) -> QuerySet:
        return super().get_queryset(request).select_related("moderator")


class WordFilterForm(forms.ModelForm):
    class Meta:
        model = WordFilter
        fields = ("pattern", "is_regex", "action", "language", "enabled", "note")

    def clean(self):
        data = super().clean()
        pattern = data.get("pattern")
        if pattern and data.get("is_regex"):
            problem = regex_problem(pattern)
            if problem == "invalid":
                raise forms.ValidationError(_("This pattern is not a valid regular expression."))
            if problem == "slow":
                raise forms.ValidationError(
                    _(
                        "This pattern could take seconds on one message (a repetition inside "
                        "another, such as (a+)+): write it without, or with a possessive "
                        "repetition such as a++."
                    )
                )
        elif pattern and compile_entry(pattern, False) is None:
            raise forms.ValidationError(_("This word has no letters the filter could look for."))
        return data


@admin.register(WordFilter)
class WordFilterAdmin(admin.ModelAdmin):
    form = WordFilterForm
    list_display = ("pattern", "is_regex", "action", "language", "enabled", "note")
    list_editable = ("action", "enabled")
    list_filter = ("action", "language", "enabled", "is_regex")
    search_fields = ("pattern", "note")

    def save_model(self, request, obj, form, change) -> None:
        """Through the use case: every addition and change is an event of the audit trail
        (the list's editable columns come here too)."""
        before = {name: form.initial.get(name) for name in form.changed_data} if change else None
        do_save_word_entry(obj, request.user, before=before)
        wordfilter.forget()  # this process at once, the others within seconds

    def delete_model(self, request, obj) -> None:
        do_delete_word_entries([obj], request.user)
        wordfilter.forget()

    def delete_queryset(self, request, queryset) -> None:
        do_delete_word_entries(queryset, request.user)
        wordfilter.forget()


class ModeratedTableAdmin(TableAdmin):
    """The tables' admin, with a table's chat turned off or on through moderation's use case:
    every change is an event of the audit trail."""

    def save_model(self, request, obj, form, change) -> None:
        if change and "chat_enabled" in form.changed_data:
            do_set_tables_chat([obj.pk], obj.chat_enabled, request.user)

    def set_chat(self, request, table_ids: list[int], enabled: bool) -> int:
        return do_set_tables_chat(table_ids, enabled, request.user)


class ModeratedPlayerAdmin(CanSilence, PlayerAdmin):
    """The accounts' admin with the moderators' actions: a chat ban or a ranked suspension
    chosen from the player's own row (duration and reason on the next page)."""

    actions = ["silence", "suspend_ranked"]

    @admin.action(description=_("Turn off these players' chat…"), permissions=["silence"])
    def silence(self, request, queryset):
        targets = [Target(user_key(user.pk), user.public_name()) for user in queryset]
        return silence_action(self, request, queryset, targets)

    def has_suspend_permission(self, request) -> bool:
        return request.user.has_perm("ranked.add_rankedsuspension")

    @admin.action(description=_("Suspend these players from ranked play…"), permissions=["suspend"])
    def suspend_ranked(self, request, queryset):
        targets = [Target(user_key(user.pk), user.public_name()) for user in queryset]
        return suspend_action(self, request, queryset, targets)


admin.site.unregister(User)
admin.site.register(User, ModeratedPlayerAdmin)
admin.site.unregister(Table)
admin.site.register(Table, ModeratedTableAdmin)
