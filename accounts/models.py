"""Registered players. Guests have no row here: they play under a nickname kept in their session."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A registered player; `display_name` is what other players see at the table."""

    display_name = models.CharField(_("display name"), max_length=30, blank=True)

    def public_name(self) -> str:
        return self.display_name or self.username
