"""Ranked play in the admin: ratings, their changes, who played each match, the queue (read to
understand a rating; the rating task and recompute_ratings are what write them)."""

from django.contrib import admin

from ranked.models import MatchPlayer, PlayerRating, QueueEntry, RatingChange


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "rating", "matches", "wins", "abandons", "mu", "sigma", "updated_at")
    search_fields = ("user__username", "user__display_name")
    raw_id_fields = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "match", "before", "after", "created_at")
    search_fields = ("user__username", "user__display_name")
    raw_id_fields = ("user", "match")


@admin.register(MatchPlayer)
class MatchPlayerAdmin(admin.ModelAdmin):
    list_display = ("match", "position", "name", "team", "result", "abandoned", "standin_share")
    list_filter = ("ranked", "abandoned", "result")
    search_fields = ("name",)
    raw_id_fields = ("user", "match")


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("user", "points", "joined_at")
    raw_id_fields = ("user",)
