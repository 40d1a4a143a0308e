"""Tournaments: scheduled events of several rounds between partnerships (Swiss or knock-out).

Staff create a ``Tournament`` in the admin, or a ``RecurringTournament`` from which beat creates
the next one. Players register (``Registration``: alone, or naming a partner who accepts); at the
first round's start the registrations become ``Pair`` rows (partners who confirmed, then those
alone paired by close rating, a bot beside the odd one out). Each round (``Round``) holds its
``Game`` rows: two pairs at one table of ``games``, or a bye, or a forfeit. Every change goes
through ``tournaments.actions`` under the tournament row's lock.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.models import BotLevel


class Format(models.TextChoices):
    SWISS = "swiss", pgettext_lazy("tournament format", "Swiss")
    KNOCKOUT = "knockout", pgettext_lazy("tournament format", "Knock-out")


class TournamentSettings(models.Model):
    """What a tournament and the recurring schedule that creates it share."""

    name = models.CharField(_("name"), max_length=80)
    format = models.CharField(_("format"), max_length=10, choices=Format.choices)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        default=4,
        help_text=_("Swiss only: a knock-out plays as many rounds as its bracket needs."),
    )
    target = models.PositiveSmallIntegerField(_("target score of a match"), default=200)
    hand_limit = models.PositiveSmallIntegerField(
        _("hand limit of a match"),
        default=8,
        help_text=_("After this many hands the leader wins (a tie plays on); 0: none."),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes between the starts of two rounds"),
        default=30,
        help_text=_("A round also waits for the previous one to end."),
    )
    bot_level = models.CharField(
        _("level of the bots that fill seats"),
        max_length=10,
        choices=BotLevel.choices,
        default=BotLevel.NORMAL,
    )
    rated = models.BooleanField(
        _("rated"), default=True, help_text=_("Its matches are ranked matches: they move ratings.")
    )
    allows_bot_accounts = models.BooleanField(_("bot accounts may register"), default=False)

    class Meta:
        abstract = True


class RecurringTournament(TournamentSettings):
    """A tournament held every day at the same time; beat creates the next one ahead."""

    time_of_day = models.TimeField(_("start time (site's time zone)"))
    registration_hours = models.PositiveSmallIntegerField(
        _("registration opens this many hours before"), default=12
    )
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        verbose_name = _("recurring tournament")
        verbose_name_plural = _("recurring tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.time_of_day:%H:%M})"


class Tournament(TournamentSettings):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", pgettext_lazy("tournament status", "Scheduled")
        RUNNING = "running", pgettext_lazy("tournament status", "Running")
        FINISHED = "finished", pgettext_lazy("tournament status", "Finished")

    registration_opens_at = models.DateTimeField(_("registration opens at"))
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    # When the next round is due (the first: ``starts_at``); None while a round is in play.
    next_round_at = models.DateTimeField(_("next round at"), null=True, blank=True, db_index=True)
    # Moves with every change the page shows (its script asks for it).
    version = models.PositiveIntegerField(_("version"), default=0)
    # The final standing, kept once it is over: [{"pair", "name", "points", "played", ...}].
    standings = models.JSONField(_("final standing"), null=True, blank=True)
    recurring = models.ForeignKey(
        RecurringTournament,
        verbose_name=_("created from"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-starts_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["recurring", "starts_at"], name="one_tournament_per_occurrence"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    """A player registered for a tournament, alone or with the partner they named.

    ``partner`` is who they named (None: alone); the pair is confirmed once the partner
    registered naming them back (accepting the invitation). An invitation not accepted by the
    start counts as registering alone."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("partner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The tournament's page was last open then (its script asks every few seconds): a pair
    # none of whose players was seen lately at a round's start is absent and loses the round.
    seen_at = models.DateTimeField(_("last seen at"), null=True, blank=True)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_registration_each")
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tournament_id}"


class Pair(models.Model):
    """A partnership in a tournament: two players, or one and a bot, or two bots."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField(_("seed"))
    name = models.CharField(_("name"), max_length=90)
    player_a = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rating = models.FloatField(_("rating points at the start"), default=0.0)
    points = models.FloatField(_("points"), default=0.0)
    played = models.PositiveSmallIntegerField(_("rounds played"), default=0)
    withdrawn_at = models.DateTimeField(_("withdrew at"), null=True, blank=True)
    eliminated = models.BooleanField(_("eliminated"), default=False)

    class Meta:
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_pair_per_seed")
        ]

    def __str__(self) -> str:
        return self.name

    def label(self) -> str:
        """The pair's name in the active language: its players' names, with "a bot" for a seat
        a bot plays, or "Bots 3" for a pair of bots (by seed)."""
        if not self.name:
            return gettext("Bots %(n)s") % {"n": self.number}
        if self.player_a_id is None or self.player_b_id is None:
            return gettext("%(name)s and a bot") % {"name": self.name}
        return self.name

    def user_ids(self) -> list[int]:
        return [u for u in (self.player_a_id, self.player_b_id) if u is not None]


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("number"))
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.number}"


class Game(models.Model):
    """One pairing of a round: ``pair_a`` (North–South) against ``pair_b`` (East–West) at
    ``table``, or a bye (no ``pair_b``), or a forfeit (a pair absent at the start)."""

    class Outcome(models.TextChoices):
        PENDING = "pending", pgettext_lazy("tournament game", "In play")
        PLAYED = "played", pgettext_lazy("tournament game", "Played")
        BYE = "bye", pgettext_lazy("tournament game", "Bye")
        FORFEIT = "forfeit", pgettext_lazy("tournament game", "Forfeit")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(_("board"))
    pair_a = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    pair_b = models.ForeignKey(
        Pair, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    table = models.OneToOneField(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    outcome = models.CharField(
        _("outcome"), max_length=10, choices=Outcome.choices, default=Outcome.PENDING
    )
    winner = models.ForeignKey(
        Pair, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    score_a = models.IntegerField(_("score of pair A"), null=True, blank=True)
    score_b = models.IntegerField(_("score of pair B"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="one_game_per_board")
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.board}"
