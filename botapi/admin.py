from django.contrib import admin

from botapi.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """The bot accounts' tokens: only their first characters are known (the secret is not
    kept). A moderator revokes one by setting ``revoked_at``, or suspends the account itself
    (its "active" box, or a ranked suspension) like any account."""

    list_display = ("hint", "user", "label", "scopes", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("user__username", "label", "hint")
    readonly_fields = ("hint", "created_at", "last_used_at")
    raw_id_fields = ("user",)
