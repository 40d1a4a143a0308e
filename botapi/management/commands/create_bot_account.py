"""``manage.py create_bot_account NAME``: create the account NAME as a bot account (or make the
existing account NAME one) and print one new token, with the scopes play and read, as the last
line (the secret is not kept: copy it)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.models import User
from botapi.actions import do_create_token, do_make_bot_account
from games.errors import ServiceError


class Command(BaseCommand):
    help = "Create (or convert) a bot account and print one new API token as the last line."

    def add_arguments(self, parser) -> None:
        parser.add_argument("name", help="the account's username")
        parser.add_argument("--label", default="create_bot_account", help="the token's label")

    def handle(self, *args, name: str, label: str, **options) -> None:
        name = name.strip()
        if not name or name.startswith("~") or len(name) > 150:
            raise CommandError(f"not a username: {name!r}")
        with transaction.atomic():
            user = User.objects.filter(username=name).first()
            created = user is None
            if user is None:
                user = User(username=name)
                user.set_unusable_password()  # a program logs in with its token only
                user.save()
        if not user.is_active:
            raise CommandError(f"the account {name!r} is suspended or closed")
        try:
            do_make_bot_account(user.pk)
        except ServiceError as error:
            raise CommandError(str(error.message)) from None
        _token, secret = do_create_token(user.pk, label=label)
        verb = "created" if created else "converted"
        self.stdout.write(f"bot account {name!r} {verb} (id {user.pk}); its new token:")
        self.stdout.write(secret)
