from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from moderation.sanction_form import Target, silence_action, suspend_action


@admin.register(User)
class PlayerAdmin(UserAdmin):
    fieldsets = (*UserAdmin.fieldsets, (None, {"fields": ("display_name",)}))
    list_display = ("username", "display_name", "email", "is_staff", "date_joined")
    actions = ["silence", "suspend_ranked"]

    def has_silence_permission(self, request) -> bool:
        return request.user.has_perm("games.add_silence")

    @admin.action(description=_("Turn off these players' chat…"), permissions=["silence"])
    def silence(self, request, queryset):
        """A chat ban chosen from the player's own row (duration and reason on the next page)."""
        targets = [Target(f"u:{user.pk}", user.public_name()) for user in queryset]
        return silence_action(self, request, queryset, targets)

    def has_suspend_permission(self, request) -> bool:
        return request.user.has_perm("moderation.add_rankedsuspension")

    @admin.action(description=_("Suspend these players from ranked play…"), permissions=["suspend"])
    def suspend_ranked(self, request, queryset):
        targets = [Target(f"u:{user.pk}", user.public_name()) for user in queryset]
        return suspend_action(self, request, queryset, targets)
