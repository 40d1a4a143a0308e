"""Tournaments in the admin: staff create a tournament (or a recurring one, from which beat
creates each occurrence) and read its pairs, rounds and games; the rounds themselves are
started and scored by the use cases (``tournaments.actions``), never edited here."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from tournaments.actions import registration, rounds
from tournaments.models import Game, Pair, RecurringTournament, Registration, Round, Tournament

SETTINGS = (
    "name", "format", "rounds", "target", "hand_limit", "round_minutes", "bot_level", "rated",
    "allows_bot_accounts",
)  # fmt: skip


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    raw_id_fields = ("user", "partner")
    readonly_fields = ("seen_at", "created_at")


class PairInline(admin.TabularInline):
    model = Pair
    extra = 0
    can_delete = False
    fields = (
        "number",
        "name",
        "player_a",
        "player_b",
        "rating",
        "points",
        "played",
        "withdrawn_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "starts_at", "status", "current_round", "rounds", "rated")
    list_filter = ("status", "format", "rated")
    search_fields = ("name",)
    fields = (*SETTINGS, "registration_opens_at", "starts_at", "status", "current_round")
    readonly_fields = ("status", "current_round")
    inlines = (RegistrationInline, PairInline)
    actions = ("add_bot_pair", "finish_now")

    def get_readonly_fields(self, request, obj=None):
        """Once it has started, a tournament's settings are what its rounds were played by."""
        if obj is not None and obj.status != Tournament.Status.SCHEDULED:
            return (*SETTINGS, "registration_opens_at", "starts_at", "status", "current_round")
        return self.readonly_fields

    @admin.action(description=_("Add a pair of bots"))
    def add_bot_pair(self, request, queryset) -> None:
        for tournament in queryset:
            try:
                registration.do_add_bot_pair(tournament.pk)
            except ValueError as exc:
                messages.error(request, f"{tournament}: {getattr(exc, 'message', exc)}")

    @admin.action(description=_("Finish now (the standing as it is is kept)"))
    def finish_now(self, request, queryset) -> None:
        for tournament in queryset:
            rounds.do_finish(tournament.pk)


@admin.register(RecurringTournament)
class RecurringTournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "time_of_day", "registration_hours", "active")
    list_filter = ("active",)


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    can_delete = False
    fields = ("board", "pair_a", "pair_b", "table", "outcome", "winner", "score_a", "score_b")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "started_at", "finished_at")
    inlines = (GameInline,)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
