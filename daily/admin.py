from django.contrib import admin

from daily.models import DailyEntry, DailySet

SECRET = ("deal_seeds", "seed")


@admin.register(DailySet)
class DailySetAdmin(admin.ModelAdmin):
    """The days' sets, read only: their seeds are fixed once drawn, and not shown here (a
    moderator is a player too; the day's page shows them once the day is over)."""

    list_display = ("day", "hands", "results_version", "ranked_version")
    exclude = SECRET
    readonly_fields = [f.name for f in DailySet._meta.fields if f.name not in SECRET]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(DailyEntry)
class DailyEntryAdmin(admin.ModelAdmin):
    """The tries, read only (they are the results of real play)."""

    list_display = ("daily_set", "nickname", "status", "matchpoints", "rank")
    list_filter = ("status",)
    search_fields = ("nickname",)
    readonly_fields = [f.name for f in DailyEntry._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False
