"""Deleting an account without deleting its history.

The user row stays (seats, matches and reports keep pointing at it) but nothing personal is left
in it: a name no one can sign up with, no e-mail address, no usable password, inactive. The site
then shows it as "Deleted player" (``User.public_name``)."""

from __future__ import annotations

import contextlib

from allauth.account.models import EmailAddress
from django.db import transaction

from accounts.models import DELETED_PREFIX, User
from games.actions.tables import do_leave
from games.errors import ServiceError
from games.identity import Viewer
from games.models import Seat, Table


def leave_live_tables(user: User) -> None:
    """Give up the seats the player holds at tables not over yet (the use case of the table's
    Leave button: a bot takes a started match's seat), so that no live table keeps their name."""
    viewer = Viewer(user_id=user.pk, guest_id=None, name=user.public_name())
    live = (Table.Status.WAITING, Table.Status.PLAYING)
    tables = Seat.objects.filter(viewer_key=viewer.key, table__status__in=live)
    for table_id in tables.values_list("table_id", flat=True).distinct():
        with contextlib.suppress(ServiceError):  # already gone from that seat
            do_leave(table_id, viewer)


def anonymise(user: User) -> None:
    """Strip the account of everything personal and close it for good."""
    with transaction.atomic():
        EmailAddress.objects.filter(user=user).delete()
        user.username = f"{DELETED_PREFIX}{user.pk}"
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
