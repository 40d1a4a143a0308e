"""Registered players. Guests have no row here: they play under a nickname kept in their session."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.names import name_key

# The username of a deleted account (accounts.deletion): "~" is not allowed in usernames, so no
# one can sign up with such a name.
DELETED_PREFIX = "~deleted-"


def deleted_name(pk: int) -> str:
    """What replaces a deleted account's name in every row that kept it (chat lines, seats,
    matches, reports, bans): its anonymised username, in no language, naming no one."""
    return f"{DELETED_PREFIX}{pk}"


def shown_name(stored: str) -> str:
    """A name kept in a row as a reader sees it: a deleted account's reads "Deleted player"
    (in the reader's language)."""
    return gettext("Deleted player") if stored.startswith(DELETED_PREFIX) else stored


class User(AbstractUser):
    """A registered player; `display_name` is what other players see at the table."""

    # Indexed: a profile (/joueurs/<name>/) is found by this name.
    display_name = models.CharField(_("display name"), max_length=30, blank=True, db_index=True)
    # The names as a reader takes them in (accounts.names.name_key), kept on save so that "is
    # this name taken?" is one indexed query, not a read of every player's name.
    public_key = models.CharField(max_length=150, blank=True, db_index=True, editable=False)
    username_key = models.CharField(max_length=150, blank=True, db_index=True, editable=False)
    # A bot account plays through the bot API only (docs/bot-api.md), never in a browser. Its
    # owner turns it on, for good (botapi.actions.do_make_bot_account); a moderator may turn it
    # off in the admin, which refuses the account's tokens from then on.
    is_bot = models.BooleanField(
        _("bot account"),
        default=False,
        db_index=True,
        help_text=_("Plays through the bot API only, marked as a bot everywhere."),
    )
    bot_since = models.DateTimeField(_("bot account since"), null=True, blank=True)

    def save(self, *args, **kwargs) -> None:
        """Keep the name keys in step with the names (a save of other fields, such as
        ``last_login`` at each login, leaves them alone)."""
        fields = kwargs.get("update_fields")
        if fields is None or {"display_name", "username"} & set(fields):
            self.public_key = name_key(self.display_name or self.username)
            self.username_key = name_key(self.username)
            if fields is not None:
                kwargs["update_fields"] = {*fields, "public_key", "username_key"}
        super().save(*args, **kwargs)

    @classmethod
    def name_taken(cls, name: str, *, exclude_pk: int | None = None) -> bool:
        """Whether another player's shown name or username reads as ``name``."""
        key = name_key(name)
        others = cls.objects.exclude(pk=exclude_pk) if exclude_pk else cls.objects.all()
        return (
            others.filter(models.Q(public_key=key) | models.Q(username_key=key)).exists()
            or HeldName.objects.filter(key=key, until__gt=timezone.now()).exists()
        )

    @property
    def is_deleted(self) -> bool:
        return self.username.startswith(DELETED_PREFIX)

    def public_name(self) -> str:
        return shown_name(self.display_name or self.username)

    def seat_name(self) -> str:
        """The name at a table: a bot account's carries the mark every player reads as a
        program ("BOT Name", as chess sites write it; no language of its own)."""
        name = self.public_name()
        return f"{BOT_MARK} {name}" if self.is_bot else name


# What marks a bot account's name at the tables and in the match records.
BOT_MARK = "BOT"


class HeldName(models.Model):
    """A name of an account closed lately, held until ``until`` (``DELETED_NAME_HOLD_DAYS``
    after the closing) so that no one takes it the next second to pass for the player who
    left. Only its key is kept (``accounts.names.name_key``: the name as a reader takes it in),
    which is what "is this name taken?" compares."""

    key = models.CharField(max_length=150, db_index=True)
    until = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = _("held name")
        verbose_name_plural = _("held names")

    def __str__(self) -> str:
        return f"{self.key} until {self.until:%Y-%m-%d}"
