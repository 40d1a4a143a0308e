"""Helpers for the moderation tests: a moderator (staff, in the moderators' group and nothing
else), a table with two seated guests, and a chat message from one of them."""

from __future__ import annotations

import importlib
import uuid

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission

from games.actions import chat, tables
from games.models import ChatMessage, Table
from games.viewers import Viewer

MODERATORS = "Modérateurs"


def moderators_group() -> Group:
    """The group of the data migration (made again after a transactional test's flush)."""
    if not Group.objects.filter(name=MODERATORS).exists():
        migration = importlib.import_module("moderation.migrations.0002_moderators_group")
        migration.create_group(apps, None)
        words = importlib.import_module(
            "moderation.migrations.0004_word_filter_start_and_moderators"
        )
        suspensions = importlib.import_module("moderation.migrations.0005_ranked_suspension")
        # The suspension's model moved to ranked/ (ranked 0001), its permissions with it.
        Group.objects.get(name=MODERATORS).permissions.add(
            *Permission.objects.filter(
                content_type__app_label="moderation", codename__in=words.PERMISSIONS
            ),
            *Permission.objects.filter(
                content_type__app_label="ranked", codename__in=suspensions.PERMISSIONS
            ),
        )
    return Group.objects.get(name=MODERATORS)


def make_moderator(username: str = "modo"):
    user = get_user_model().objects.create_user(username, f"{username}@example.org", "pw-123456!")
    user.is_staff = True
    user.save()
    user.groups.add(moderators_group())
    return user


def guest(name: str) -> Viewer:
    return Viewer(user_id=None, guest_id=uuid.uuid4().hex, name=name)


def seated_pair() -> tuple[Table, Viewer, Viewer]:
    """Léa hosts a private table, Hugo joined it: both seated, chat open."""
    lea, hugo = guest("Léa"), guest("Hugo")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    tables.do_join(table.pk, hugo, invite_token=table.invite_token)
    return Table.objects.get(pk=table.pk), lea, hugo


def say(
    table: Table, viewer: Viewer, text: str, address: str = "", browser: str = ""
) -> ChatMessage:
    return chat.do_chat(table.pk, viewer, text, address, browser)
