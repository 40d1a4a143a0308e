"""Ranked-play suspensions in the admin: listed, searched and lifted (made from a report or an
account's row, see ``moderation.sanction_form``)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from moderation.actions import do_lift_suspensions
from moderation.admin_common import InForceFilter, done_message
from ranked.models import RankedSuspension


@admin.register(RankedSuspension)
class RankedSuspensionAdmin(admin.ModelAdmin):
    """Suspensions are made from a report or an account's row and lifted here."""

    list_display = ("user_name", "user", "reason", "until", "created_at")
    list_filter = (InForceFilter,)
    search_fields = ("user_name", "user__username", "reason")
    readonly_fields = ("user", "user_name", "reason", "until", "created_at")
    fields = readonly_fields
    actions = ["lift"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # lifting is a use case (audited)

    def save_model(self, request, obj, form, change) -> None:
        """Nothing to save: every field is read-only."""

    def has_lift_permission(self, request) -> bool:
        return request.user.has_perm("ranked.change_rankedsuspension")

    @admin.action(description=_("Lift the selected suspensions"), permissions=["lift"])
    def lift(self, request, queryset) -> None:
        count = do_lift_suspensions(list(queryset.values_list("pk", flat=True)), request.user)
        done_message(
            self,
            request,
            ngettext("%(count)d suspension lifted.", "%(count)d suspensions lifted.", count),
            count,
        )
