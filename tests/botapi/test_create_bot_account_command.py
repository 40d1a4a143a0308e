"""``manage.py create_bot_account NAME``: creates the account (or converts it) as a bot account
and prints one new working token as its last line."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from botapi.models import ApiToken
from botapi.tokens import authenticate

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("create_bot_account", *args, stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def test_the_command_creates_a_bot_account_and_prints_a_working_token():
    secret = run("Robotine")
    user = User.objects.get(username="Robotine")
    assert user.is_bot and not user.has_usable_password()
    token = authenticate(f"Bearer {secret}", "play")
    assert token.user == user and token.scope_list == ["play", "read"]


def test_the_command_converts_an_existing_account_and_each_run_adds_a_token():
    person = User.objects.create_user("Léa", password="pw-for-tests-only")
    first = run("Léa")
    second = run("Léa")
    person.refresh_from_db()
    assert person.is_bot and person.check_password("pw-for-tests-only")
    assert first != second
    assert ApiToken.objects.filter(user=person).count() == 2
    assert authenticate(f"Bearer {first}", "read").user == person
    assert authenticate(f"Bearer {second}", "read").user == person


def test_the_command_refuses_a_suspended_account():
    User.objects.create_user("Suspendu", password="pw-for-tests-only", is_active=False)
    with pytest.raises(CommandError):
        run("Suspendu")
    assert not ApiToken.objects.exists()
