"""The day's set of deals and each player's one try at it.

A ``DailySet`` is made once per day (unique ``day``): its hands' seeds drawn from ``secrets``,
their commitments public from the start of the day, the seeds shown once it is over. A
``DailyEntry`` is one person's try (unique per set and viewer key: an account, or a guest's
browser session), played at a table of its own; once settled (finished, or left half-way) it
holds one result per deal played, and the ranking task gives it its matchpoints and rank.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class DailySet(models.Model):
    """One day's deals, the same for everyone (docs/daily.md)."""

    day = models.DateField(_("day"), unique=True)
    hands = models.PositiveSmallIntegerField(_("hands"))
    #: The matches' seed: their first dealer (so every hand's dealer) and the bots' generator.
    seed = models.CharField(_("match seed"), max_length=40)
    #: One seed (64 hex) per hand; secret until ``closes_at``.
    deal_seeds = models.JSONField(_("hands' seeds"))
    #: SHA-256 of ``daily=<day>;hand=<n>|<seed>`` per hand, public from the start.
    commitments = models.JSONField(_("commitments"))
    opens_at = models.DateTimeField(_("opens at"))
    closes_at = models.DateTimeField(_("closes at"))
    #: Bumped by every settled try; the ranking task brings ``ranked_version`` up to it.
    results_version = models.PositiveIntegerField(_("results version"), default=0)
    ranked_version = models.PositiveIntegerField(_("ranked version"), default=0)
    #: Per deal, what the ranking task found: its spread of results (``matchpoints.summary``)
    #: and the best replayable result.
    spread = models.JSONField(_("spread of results"), default=list, blank=True)
    best = models.JSONField(_("best results"), default=list, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("daily set")
        verbose_name_plural = _("daily sets")
        ordering = ["-day"]

    def __str__(self) -> str:
        return self.day.isoformat()

    @property
    def is_closed(self) -> bool:
        return timezone.now() >= self.closes_at


class DailyEntry(models.Model):
    """One person's try at a day's set."""

    class Status(models.TextChoices):
        PLAYING = "playing", pgettext_lazy("daily try", "Playing")
        FINISHED = "finished", pgettext_lazy("daily try", "Finished")
        LEFT = "left", pgettext_lazy("daily try", "Left half-way")

    daily_set = models.ForeignKey(DailySet, on_delete=models.CASCADE, related_name="entries")
    viewer_key = models.CharField(_("viewer"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    nickname = models.CharField(_("name"), max_length=40)
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    #: Per deal played, in order: the player's team's points minus the opponents' (bag
    #: penalties left out). Shorter than the set when left half-way.
    scores = models.JSONField(_("results"), default=list, blank=True)
    matchpoints = models.FloatField(_("matchpoints"), null=True, blank=True)
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("daily try")
        verbose_name_plural = _("daily tries")
        constraints = [
            models.UniqueConstraint(
                fields=["daily_set", "viewer_key"], name="one_daily_try_per_viewer"
            )
        ]
        indexes = [
            models.Index(fields=["daily_set", "rank", "id"]),
            models.Index(fields=["user", "daily_set"]),
        ]

    def __str__(self) -> str:
        return f"{self.daily_set} {self.nickname}"

    @property
    def settled(self) -> bool:
        return self.status != self.Status.PLAYING
