"""Moderation records: players' reports and the audit trail of what moderators did.

Chat bans stay ``games.models.Silence`` (the chat use case checks them); everything a moderator
does goes through ``moderation.actions``, which writes an ``Event`` for it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import POSITION_CHOICES, ChatMessage, Table


class Event(models.Model):
    """One moderation action: who, when, what, on whom and why. Never edited."""

    class Kind(models.TextChoices):
        HIDE = "hide", _("Message hidden")
        SHOW = "show", _("Message shown again")
        SILENCE = "silence", _("Chat ban")
        LIFT = "lift", _("Chat ban lifted")
        BLOCK_ADDRESS = "address", _("Guests' chat blocked from an address")
        UNBLOCK_ADDRESS = "unaddress", _("Address unblocked")
        RESOLVE = "resolve", _("Report resolved")
        DISMISS = "dismiss", _("Report dismissed")
        SUSPEND = "suspend", _("Ranked play suspended")
        UNSUSPEND = "unsuspend", _("Ranked suspension lifted")
        CHAT_OFF = "chat_off", _("Table chat turned off")
        CHAT_ON = "chat_on", _("Table chat turned on")
        WORD_ADD = "word_add", _("Word filter entry added")
        WORD_EDIT = "word_edit", _("Word filter entry changed")
        WORD_OFF = "word_off", _("Word filter entry disabled")
        WORD_ON = "word_on", _("Word filter entry enabled")
        WORD_DELETE = "word_del", _("Word filter entry deleted")

    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("moderator"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    moderator_name = models.CharField(_("moderator's name"), max_length=150, blank=True)
    kind = models.CharField(_("action"), max_length=10, choices=Kind.choices, db_index=True)
    viewer_key = models.CharField(_("player"), max_length=40, blank=True, db_index=True)
    viewer_name = models.CharField(_("player's name"), max_length=40, blank=True)
    message = models.ForeignKey(
        ChatMessage,
        verbose_name=_("message"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    report = models.ForeignKey(
        "Report",
        verbose_name=_("report"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="events",
    )
    detail = models.CharField(_("what"), max_length=200, blank=True)
    reason = models.CharField(_("why"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("moderation event")
        verbose_name_plural = _("audit trail")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.viewer_name or self.viewer_key}".strip()


class Report(models.Model):
    """A player's report of a chat message or of a seat's player. The reported player is never
    told who sent it."""

    class Reason(models.TextChoices):
        INSULT = "insult", _("Insult")
        CHEATING = "cheating", _("Cheating")
        SPAM = "spam", _("Spam")
        OTHER = "other", _("Other")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")
        DISMISSED = "dismissed", _("Dismissed")

    created_at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    comment = models.CharField(_("comment"), max_length=500, blank=True)
    reporter_key = models.CharField(_("reported by"), max_length=40, db_index=True)
    reporter_name = models.CharField(_("reporter's name"), max_length=40, blank=True)
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="+"
    )
    position = models.CharField(_("seat"), max_length=1, choices=POSITION_CHOICES, blank=True)
    message = models.ForeignKey(
        ChatMessage,
        verbose_name=_("message"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports",
    )
    reported_key = models.CharField(_("reported player"), max_length=40, db_index=True)
    reported_name = models.CharField(_("reported player's name"), max_length=40, blank=True)
    # One open report per reporter (the word filter is one), reported person and reason: a
    # repeat counts here instead of adding a line to the moderators' queue.
    repeats = models.PositiveIntegerField(_("times"), default=1)
    last_at = models.DateTimeField(_("last time"), null=True, blank=True)
    handled_at = models.DateTimeField(_("handled at"), null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("handled by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["reporter_key", "reported_key", "reason"],
                condition=models.Q(status="open"),
                name="one_open_report_per_person_and_reason",
            )
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_reason_display()} {self.reported_name}"


class WordFilter(models.Model):
    """A word, phrase or pattern the chat filter looks for (``moderation.words``), and what it
    does with a message that contains it."""

    class Action(models.TextChoices):
        MASK = "mask", _("Mask the word")
        REFUSE = "refuse", _("Refuse the message")
        REPORT = "report", _("Refuse the message and open a report")
        ALLOW = "allow", _("Let it through (an exception to the other entries)")

    class Language(models.TextChoices):
        ANY = "", _("Every language")
        FRENCH = "fr", _("French")
        ENGLISH = "en", _("English")

    pattern = models.CharField(
        _("word or pattern"),
        max_length=200,
        help_text=_(
            "A word or phrase, found as a whole word with its plural and other endings, "
            "whatever its case, accents, look-alike letters of other scripts, repeated "
            "letters, letters written apart or digits written for letters; or a regular "
            "expression over the normalised text (lower case, Latin letters, no accents, "
            "repeated letters once, letters apart joined)."
        ),
    )
    is_regex = models.BooleanField(_("regular expression"), default=False)
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    language = models.CharField(
        _("language"),
        max_length=2,
        choices=Language.choices,
        default=Language.ANY,
        blank=True,
        help_text=_(
            "Only for messages in this language (or whose language cannot be told): "
            "“retard” is an English insult but an everyday French word."
        ),
    )
    enabled = models.BooleanField(_("enabled"), default=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("filtered word")
        verbose_name_plural = _("word filter")
        ordering = ["pattern"]
        constraints = [
            models.UniqueConstraint(fields=["pattern", "is_regex"], name="one_filter_per_pattern")
        ]

    def __str__(self) -> str:
        return self.pattern
