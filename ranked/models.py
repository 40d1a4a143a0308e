"""Ranked play's rows: who played each match, the queue, the ratings and the suspensions.

None of them is a table's state. ``ranked.participation`` records who sits where when a match is
dealt and completes the rows when it ends (it hears of both from the unit of work's signals,
``games.signals``), ``ranked.actions`` reads and empties the queue, the rating task writes the
ratings (``ranked.ratings``), and the moderators' use cases write the suspensions.

The tables keep the names they had when these models lived in ``games`` and ``moderation``
(``db_table``): the move was a change of state only (migration 0001), no row was copied.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

TEAM_CHOICES = [("NS", "NS"), ("EW", "EW")]


class MatchPlayer(models.Model):
    """One seat of one match as it was played: who sat there when it started (a person or a
    bot), and once it ended, the team's result and how the person played it."""

    class Result(models.TextChoices):
        WIN = "win", _("win")
        LOSS = "loss", _("loss")

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="players_at")
    position = models.CharField(_("seat"), max_length=1)
    team = models.CharField(_("team"), max_length=2, choices=TEAM_CHOICES)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_seats",
    )
    guest_key = models.CharField(_("guest"), max_length=40, blank=True)
    bot_level = models.CharField(_("bot level"), max_length=10, blank=True)
    name = models.CharField(_("name at the time"), max_length=40, blank=True)
    ranked = models.BooleanField(_("ranked"), default=False)
    # Filled when the match ends.
    result = models.CharField(_("result"), max_length=4, choices=Result.choices, blank=True)
    standin_share = models.FloatField(_("share played by a stand-in"), default=0.0)
    abandoned = models.BooleanField(_("abandoned"), default=False)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    hands = models.PositiveIntegerField(_("hands"), default=0)
    nil_bids = models.PositiveIntegerField(_("nil bids"), default=0)
    nil_made = models.PositiveIntegerField(_("nils made"), default=0)
    bids = models.PositiveIntegerField(_("number bids"), default=0)
    bid_error = models.PositiveIntegerField(_("tricks off the bid, summed"), default=0)
    bags = models.PositiveIntegerField(_("team bags taken"), default=0)

    class Meta:
        db_table = "games_matchplayer"
        verbose_name = _("match player")
        verbose_name_plural = _("match players")
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_player_per_match_seat")
        ]
        indexes = [
            models.Index(
                fields=["user", "ranked", "finished_at"], name="games_match_user_id_609d33_idx"
            )
        ]

    def __str__(self) -> str:
        return f"{self.match_id} {self.position}: {self.name}"


class QueueEntry(models.Model):
    """A logged-in player waiting for a ranked match (the database is the queue's one copy)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ranked_queue"
    )
    points = models.FloatField(_("matching points"))
    joined_at = models.DateTimeField(_("joined at"), db_index=True)
    # Refreshed by the lobby's poll: a player who closed the page leaves the queue.
    seen_at = models.DateTimeField(_("last seen at"))

    class Meta:
        db_table = "games_queueentry"
        verbose_name = _("ranked queue entry")
        verbose_name_plural = _("ranked queue")

    def __str__(self) -> str:
        return f"{self.user_id} since {self.joined_at:%H:%M:%S}"


class PlayerRating(models.Model):
    """A person's current rating (openskill mu/sigma) and counts, kept by the rating task."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating"
    )
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    rating = models.IntegerField(_("rating"))
    matches = models.PositiveIntegerField(_("ranked matches"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    abandons = models.PositiveIntegerField(_("abandonments"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        db_table = "games_playerrating"
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        indexes = [models.Index(fields=["-rating", "id"], name="rating_order")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.rating}"


class RatingChange(models.Model):
    """One person's rating before and after one ranked match (unique: rating is idempotent)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    before = models.IntegerField(_("rating before"))
    after = models.IntegerField(_("rating after"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        db_table = "games_ratingchange"
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["match_id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="one_rating_change_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} @ {self.match_id}: {self.before} -> {self.after}"


class RankedSuspension(models.Model):
    """An account kept out of ranked play until a date (or until lifted). Guests cannot play
    ranked, so only accounts are suspended; the matchmaking queue refuses them with the reason."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="ranked_suspension",
    )
    user_name = models.CharField(_("player's name"), max_length=40, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    until = models.DateTimeField(_("until"), null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        db_table = "moderation_rankedsuspension"
        verbose_name = _("ranked suspension")
        verbose_name_plural = _("ranked suspensions")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.user_name or str(self.user_id)


class RankedOrigin(models.Model):
    """Where an account joined the ranked queue from, kept without keeping it: a keyed hash
    (HMAC-SHA256 under SECRET_KEY) of its address or of its browser's long-lived cookie, for
    RANKED_ORIGIN_DAYS after it was last seen (``ranked.origins``). Ranked play only."""

    class Kind(models.TextChoices):
        ADDRESS = "address", _("address")
        BROWSER = "browser", _("browser")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="ranked_origins",
    )
    kind = models.CharField(_("kind"), max_length=7, choices=Kind.choices)
    digest = models.CharField(_("keyed hash"), max_length=64, db_index=True)
    first_seen = models.DateTimeField(_("first seen"), auto_now_add=True)
    last_seen = models.DateTimeField(_("last seen"), db_index=True)

    class Meta:
        verbose_name = _("ranked origin")
        verbose_name_plural = _("ranked origins")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "digest"], name="one_ranked_origin_per_hash"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind} {self.digest[:12]}"
