"""Live tables in the database, the source of truth: a match is rebuilt from its action log.

Nothing about a table lives only in a process or in Redis: seats, matches, every action (with a
sequence number unique per match), deadlines (bot fill, bot move, turn), connections, chat, mutes.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts.models import shown_name
from spades.engine import Match as EngineMatch
from spades.engine import Rules
from spades.engine.shuffle import SCHEME, FairDeals

POSITIONS = ("N", "E", "S", "W")
POSITION_CHOICES = [
    ("N", pgettext_lazy("seat", "North")),
    ("E", pgettext_lazy("seat", "East")),
    ("S", pgettext_lazy("seat", "South")),
    ("W", pgettext_lazy("seat", "West")),
]


# A bot is named by its seat and level, so the three bots of a quick table never share a name.
BOT_NAMES = {
    "N": _("North bot (%(level)s)"),
    "E": _("East bot (%(level)s)"),
    "S": _("South bot (%(level)s)"),
    "W": _("West bot (%(level)s)"),
}


def bot_name(position: str, level: str) -> str:
    """A bot's name in the active language, e.g. "West bot (Normal)" ("Robot Ouest (Normal)")."""
    return str(BOT_NAMES[position] % {"level": BotLevel(level).label})


class BotLevel(models.TextChoices):
    EASY = "easy", pgettext_lazy("bot level", "Easy")
    NORMAL = "normal", pgettext_lazy("bot level", "Normal")
    HARD = "hard", pgettext_lazy("bot level", "Hard")


class Table(models.Model):
    """A table of four seats; plays one match at a time (a rematch starts another)."""

    class Kind(models.TextChoices):
        QUICK = "quick", pgettext_lazy("table kind", "Quick")
        PRIVATE = "private", pgettext_lazy("table kind", "Private")
        RANKED = "ranked", pgettext_lazy("table kind", "Ranked")
        # One person's table of a fixed set of deals (the ``daily`` app's "deal of the day"): the
        # person alone with bots, followed by no one else, never joined nor played again.
        DAILY = "daily", pgettext_lazy("table kind", "Daily deal")

    class Status(models.TextChoices):
        WAITING = "waiting", pgettext_lazy("table status", "Waiting")
        PLAYING = "playing", pgettext_lazy("table status", "Playing")
        FINISHED = "finished", pgettext_lazy("table status", "Finished")
        # Closed by the sweep: no seated person connected for ABANDONED_TABLE_MINUTES. The
        # match (if any) stays as it was, without a result.
        ABANDONED = "abandoned", pgettext_lazy("table status", "Abandoned")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.WAITING
    )
    rules = models.JSONField(_("rules"), default=dict)
    bot_level = models.CharField(
        _("bot level"), max_length=10, choices=BotLevel.choices, default=BotLevel.NORMAL
    )
    turn_seconds = models.PositiveIntegerField(_("seconds per turn"), null=True, blank=True)
    chat_enabled = models.BooleanField(_("chat enabled"), default=True)
    invite_token = models.CharField(_("invitation token"), max_length=40, blank=True)
    host_key = models.CharField(_("host"), max_length=40, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    match = models.ForeignKey(
        "Match",
        verbose_name=_("current match"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Deadlines: tasks are scheduled for them, and the beat sweep catches any that were missed.
    bots_at = models.DateTimeField(_("bots fill the seats at"), null=True, blank=True)
    bot_due_at = models.DateTimeField(_("bot move due at"), null=True, blank=True)
    turn_started_at = models.DateTimeField(_("turn started at"), null=True, blank=True)
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        indexes = [
            models.Index(fields=["kind", "status"]),
            models.Index(fields=["bots_at"]),
            models.Index(fields=["bot_due_at"]),
            models.Index(fields=["turn_deadline"]),
            models.Index(fields=["status", "updated_at"]),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()} ({self.get_status_display()})"


class Seat(models.Model):
    """One of the four places at a table: empty, a person (user or guest), or a bot.

    ``standin`` marks a person's seat played by a Normal bot while they are away (turn timer ran
    out, or disconnected longer than DISCONNECT_GRACE_SECONDS) until they come back.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.CharField(_("position"), max_length=1, choices=POSITION_CHOICES)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    guest_id = models.CharField(_("guest id"), max_length=40, blank=True)
    viewer_key = models.CharField(_("viewer"), max_length=40, blank=True, db_index=True)
    nickname = models.CharField(_("name"), max_length=40, blank=True)
    bot_level = models.CharField(
        _("bot level"), max_length=10, choices=BotLevel.choices, blank=True
    )
    standin = models.BooleanField(_("played by a bot while away"), default=False)
    disconnected_at = models.DateTimeField(_("disconnected since"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_seat_per_position")
        ]

    def __str__(self) -> str:
        return f"{self.position}: {self.display_name() or '-'}"

    @property
    def is_empty(self) -> bool:
        return not self.viewer_key and not self.bot_level

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_human(self) -> bool:
        return bool(self.viewer_key)

    @property
    def connected(self) -> bool:
        """A bot is always there; a person while one of their sockets is open at the table
        (``disconnected_at`` is kept under the table lock as sockets come and go)."""
        return self.is_bot or (self.is_human and self.disconnected_at is None)

    def clear(self) -> None:
        self.user = None
        self.guest_id = ""
        self.viewer_key = ""
        self.nickname = ""
        self.bot_level = ""
        self.standin = False
        self.disconnected_at = None

    def display_name(self) -> str:
        """What other players see: the person's name, "West bot (Normal)", or "" for an empty
        seat."""
        if self.bot_level:
            return bot_name(self.position, self.bot_level)
        return shown_name(self.nickname)


def is_paused(table: Table, seats: dict[str, Seat]) -> bool:
    """A match in play waits while none of the people seated at it is connected: nothing moves
    (bots included) until one comes back, and the sweep closes it once it has been abandoned
    long enough. A table with no person seated at all (everyone left) plays on."""
    if table.status != Table.Status.PLAYING:
        return False
    humans = [s for s in seats.values() if s.is_human]
    return bool(humans) and not any(s.connected for s in humans)


class Match(models.Model):
    """One match at a table: the rules, seed and hands' seeds fix every deal; the actions fix
    the rest.

    ``deal_scheme`` says how its hands were dealt: ``sha256-fy-v1`` (shared/spec/fair-deals.md),
    each hand from its own seed in ``deal_seeds``, drawn from ``secrets`` in the transaction that
    deals it; ``legacy`` for the matches dealt before that scheme, every deal from ``seed``. The
    first dealer comes from ``seed`` in both.

    ``fixed_deals``: every hand's seed was given when the match was dealt (a set everyone plays,
    the daily deals); the match is those hands and ends with the last one, whatever the score.
    """

    class DealScheme(models.TextChoices):
        FAIR = SCHEME, "sha256-fy-v1"
        LEGACY = "legacy", _("from the match's seed (before December 2026)")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField(_("number"), default=1)
    rules = models.JSONField(_("rules"))
    seed = models.CharField(_("seed"), max_length=40)
    deal_scheme = models.CharField(
        _("deal scheme"), max_length=20, choices=DealScheme.choices, default=DealScheme.FAIR
    )
    #: One seed (64 hex) per hand dealt, in order; secret until its hand ends.
    deal_seeds = models.JSONField(_("hands' seeds"), default=list, blank=True)
    fixed_deals = models.BooleanField(_("fixed set of deals"), default=False)
    action_count = models.PositiveIntegerField(_("actions"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    players = models.JSONField(_("players"), default=dict)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_match_number_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.table_id}/{self.number}"

    def deals(self, fresh: Callable[[], str] | None = None) -> FairDeals | None:
        """The hands' seeds as the engine takes them (None for a legacy match); ``fresh`` draws
        the seed of a hand beyond the stored ones (``spades.engine.shuffle.new_seed``)."""
        if self.deal_scheme == self.DealScheme.LEGACY:
            return None
        if self.deal_scheme != self.DealScheme.FAIR:
            raise ValueError(f"match {self.pk}: unknown deal scheme {self.deal_scheme!r}")
        return FairDeals(self.table_id, self.pk, self.deal_seeds, fresh, final=self.fixed_deals)

    def new_engine(self, fresh: Callable[[], str] | None = None) -> EngineMatch:
        """The engine of this match at its deal, nothing applied: replay the log on it."""
        return EngineMatch(Rules.from_dict(self.rules), self.seed, self.deals(fresh))


class Action(models.Model):
    """One applied action, append-only; ``seq`` counts from 1 within the match."""

    class Actor(models.TextChoices):
        HUMAN = "human", _("person")
        BOT = "bot", _("bot")
        STANDIN = "standin", _("bot standing in")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField(_("sequence number"))
    seat = models.CharField(_("seat"), max_length=1, choices=POSITION_CHOICES)
    payload = models.JSONField(_("action"))
    actor = models.CharField(_("played by"), max_length=10, choices=Actor.choices)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions")
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_action_per_seq")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.seat} {self.payload}"


class Connection(models.Model):
    """An open WebSocket at a table (presence). The consumer refreshes ``seen_at``; rows not
    refreshed for a while belong to a process that died and are swept."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="connections")
    viewer_key = models.CharField(max_length=40, blank=True, db_index=True)
    channel_name = models.CharField(max_length=200, unique=True)
    connected_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField()

    class Meta:
        verbose_name = _("connection")
        verbose_name_plural = _("connections")

    def __str__(self) -> str:
        return f"{self.viewer_key or '-'} at {self.table_id}"


class ChatMessage(models.Model):
    """A chat line at a table; ``hidden`` by a moderator means it is no longer delivered."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_messages")
    position = models.CharField(_("seat"), max_length=1, choices=POSITION_CHOICES, blank=True)
    author_key = models.CharField(_("author"), max_length=40, db_index=True)
    author_name = models.CharField(_("name"), max_length=40)
    text = models.TextField(_("text"))
    hidden = models.BooleanField(_("hidden"), default=False)
    created_at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.author_name}: {self.text[:40]}"

    def as_frame_dict(self) -> dict:
        return {
            "id": self.pk,
            "seat": self.position or None,
            "name": shown_name(self.author_name),
            "text": self.text,
            "at": self.created_at.isoformat(),
        }


class Mute(models.Model):
    """A viewer does not want to see the chat of one seat at one table."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="mutes")
    viewer_key = models.CharField(_("viewer"), max_length=40)
    position = models.CharField(_("muted seat"), max_length=1, choices=POSITION_CHOICES)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "viewer_key", "position"], name="one_mute_per_seat"
            )
        ]

    def __str__(self) -> str:
        return f"{self.viewer_key} mutes {self.position} at {self.table_id}"


class Silence(models.Model):
    """A moderator's site-wide chat ban of one viewer key, until ``until`` (None: for good).

    For a guest, ``browser`` is an HMAC of their browser's cookie (``core.addresses``), so that
    the ban follows them into a new session of the same browser. ``address`` (an HMAC of their
    IP address) blocks the chat of every guest coming from there, but only when the moderator
    chose it and until ``address_until`` (always before the ban's own end): an address is
    shared, and the others there are told the address is blocked, never this ban's reason.
    Both are kept only as long as the ban itself."""

    viewer_key = models.CharField(_("viewer"), max_length=40, unique=True)
    viewer_name = models.CharField(_("name"), max_length=40, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    until = models.DateTimeField(_("until"), null=True, blank=True, db_index=True)
    browser = models.CharField(_("browser (hashed)"), max_length=64, blank=True, db_index=True)
    address = models.CharField(_("address (hashed)"), max_length=64, blank=True, db_index=True)
    address_until = models.DateTimeField(
        _("address blocked until"), null=True, blank=True, db_index=True
    )
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("chat ban")
        verbose_name_plural = _("chat bans")

    def __str__(self) -> str:
        return self.viewer_name or self.viewer_key
