"""Admin: tables are read-mostly (the use cases of games.actions own every change, and the admin
calls them too, so its changes reach the players); moderators turn a table's chat off and lift
mutes. Chat messages, bans and reports are moderated in ``moderation.admin``."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.actions.chat import do_set_chat_enabled
from games.models import Action, Match, Mute, Seat, Table


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "nickname", "viewer_key", "bot_level", "standin", "disconnected_at")
    readonly_fields = fields


class MatchInline(ReadOnlyInline):
    model = Match
    # Not the hands' seeds: a moderator must not see the seed of a hand in play.
    fields = (
        "number",
        "seed",
        "deal_scheme",
        "action_count",
        "result",
        "created_at",
        "finished_at",
    )
    readonly_fields = fields


class ServiceOwnedAdmin(admin.ModelAdmin):
    """Rows the use cases create: the admin never adds one."""

    def has_add_permission(self, request) -> bool:
        return False


class LogAdmin(ServiceOwnedAdmin):
    """A record of what happened: shown, never edited."""

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ServiceOwnedAdmin):
    list_display = ("id", "kind", "status", "bot_level", "turn_seconds", "version", "created_at")
    list_filter = ("kind", "status", "bot_level")
    search_fields = ("=id", "seats__nickname", "host_key")
    readonly_fields = (
        "kind",
        "status",
        "rules",
        "bot_level",
        "turn_seconds",
        "invite_token",
        "host_key",
        "version",
        "match",
        "bots_at",
        "bot_due_at",
        "turn_started_at",
        "turn_deadline",
        "created_at",
        "updated_at",
    )
    fields = ("chat_enabled", *readonly_fields)
    inlines = [SeatInline, MatchInline]
    date_hierarchy = "created_at"
    actions = ["chat_off", "chat_on"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # a table is closed by its use cases, never deleted under its players

    def save_model(self, request, obj, form, change) -> None:
        """The one editable field goes through its use case: locked, versioned, broadcast.
        (``moderation.admin`` registers this admin again with its audited use case.)"""
        if change and "chat_enabled" in form.changed_data:
            do_set_chat_enabled(obj.pk, obj.chat_enabled)

    def set_chat(self, request, table_ids: list[int], enabled: bool) -> int:
        """Turn the chat off or on at these tables; how many changed."""
        return sum(do_set_chat_enabled(pk, enabled) for pk in table_ids)

    def _set_chat(self, request, queryset, enabled: bool) -> None:
        count = self.set_chat(request, list(queryset.values_list("pk", flat=True)), enabled)
        self.message_user(
            request,
            ngettext("%(count)d table changed.", "%(count)d tables changed.", count)
            % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(description=_("Turn the chat off at the selected tables"))
    def chat_off(self, request, queryset) -> None:
        self._set_chat(request, queryset, False)

    @admin.action(description=_("Turn the chat on at the selected tables"))
    def chat_on(self, request, queryset) -> None:
        self._set_chat(request, queryset, True)


@admin.register(Match)
class MatchAdmin(LogAdmin):
    list_display = ("id", "table", "number", "action_count", "created_at", "finished_at")
    readonly_fields = [f.name for f in Match._meta.fields]
    search_fields = ("=table__id",)


@admin.register(Action)
class ActionAdmin(LogAdmin):
    list_display = ("match", "seq", "seat", "payload", "actor", "created_at")
    list_filter = ("actor",)
    search_fields = ("=match__id",)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Mute)
class MuteAdmin(ServiceOwnedAdmin):
    list_display = ("table", "viewer_key", "position", "created_at")
    search_fields = ("viewer_key", "=table__id")
    readonly_fields = ("table", "viewer_key", "position", "created_at")
