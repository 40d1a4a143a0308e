"""Registered players. Guests have no row here: they play under a nickname kept in their session."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# The username of a deleted account (accounts.deletion): "~" is not allowed in usernames, so no
# one can sign up with such a name.
DELETED_PREFIX = "~deleted-"


class User(AbstractUser):
    """A registered player; `display_name` is what other players see at the table."""

    display_name = models.CharField(_("display name"), max_length=30, blank=True)

    @property
    def is_deleted(self) -> bool:
        return self.username.startswith(DELETED_PREFIX)

    def public_name(self) -> str:
        if self.is_deleted:
            return gettext("Deleted player")
        return self.display_name or self.username
