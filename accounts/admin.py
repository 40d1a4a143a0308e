from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    """The accounts; moderation adds its actions (``moderation.admin.ModeratedPlayerAdmin``)."""

    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        (None, {"fields": ("display_name", "is_bot", "bot_since")}),
    )
    list_display = ("username", "display_name", "email", "is_bot", "is_staff", "date_joined")
    list_filter = (*UserAdmin.list_filter, "is_bot")
