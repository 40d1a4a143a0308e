"""Deleting an account without deleting its history.

The user row stays (seats, matches and reports keep pointing at it) but nothing personal is left
in it: a name no one can sign up with, no e-mail address, no usable password, inactive. The site
then shows it as "Deleted player" (``User.public_name``)."""

from __future__ import annotations

from datetime import timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import HeldName, User, deleted_name
from accounts.signals import account_closing


def close_account(user: User) -> None:
    """Tell the other apps, then anonymise. Each app erases the account's name from the rows it
    keeps (``accounts.signals.account_closing``): every place the deletion page promises."""
    account_closing.send(sender=User, user=user)
    anonymise(user)


def hold_names(user: User) -> None:
    """Hold the account's names for ``DELETED_NAME_HOLD_DAYS`` (0: not at all); the holds
    that are over go at the same time."""
    now = timezone.now()
    HeldName.objects.filter(until__lte=now).delete()
    days = settings.DELETED_NAME_HOLD_DAYS
    if days <= 0:
        return
    until = now + timedelta(days=days)
    keys = {key for key in (user.public_key, user.username_key) if key}
    HeldName.objects.bulk_create(HeldName(key=key, until=until) for key in sorted(keys))


def anonymise(user: User) -> None:
    """Strip the account of everything personal and close it for good (its names held a while)."""
    with transaction.atomic():
        hold_names(user)
        EmailAddress.objects.filter(user=user).delete()
        user.username = deleted_name(user.pk)
        user.display_name = ""
        user.first_name = ""
        user.last_name = ""
        user.email = ""
        user.is_active = False
        user.is_staff = False
        user.is_superuser = False
        user.set_unusable_password()
        user.save()
        user.groups.clear()
        user.user_permissions.clear()
