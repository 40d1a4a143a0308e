"""Pieces shared by the moderation admin pages: the "in force" filter of sanctions and the
confirmation message of an action."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from games.sanctions import in_force


def done_message(modeladmin, request, text: str, count: int) -> None:
    modeladmin.message_user(request, text % {"count": count}, messages.SUCCESS)


class InForceFilter(admin.SimpleListFilter):
    title = _("in force")
    parameter_name = "in_force"

    def lookups(self, request, model_admin):
        return [("yes", _("Yes")), ("no", _("No, over"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(in_force())
        if self.value() == "no":
            return queryset.exclude(in_force())
        return queryset
