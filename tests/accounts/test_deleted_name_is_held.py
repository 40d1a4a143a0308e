"""A deleted account's name is held for a while (DELETED_NAME_HOLD_DAYS, 30 days by default):
no one takes it the next second to pass for the player who left; once the hold is over, it is
free again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.deletion import close_account
from accounts.models import HeldName
from accounts.name_rule import check_name
from accounts.names import name_key


def test_a_deleted_accounts_name_cannot_be_taken_at_once(client, django_user_model, settings):
    assert settings.DELETED_NAME_HOLD_DAYS == 30
    user = django_user_model.objects.create_user("LeaPique", "lea@example.org", "pw-123456!")
    user.display_name = "Léa la Reine"
    user.save()
    close_account(user)

    for name in ("LeaPique", "Léa la Reine", "Lea1a Reine"):
        with pytest.raises(ValidationError) as refused:
            check_name(name)
        assert refused.value.code == "taken"
    form = {"username": "LeaPique", "password1": "x-Pique-2026!", "password2": "x-Pique-2026!"}
    page = client.post("/fr/accounts/signup/", form)
    assert (
        page.status_code == 200
        and not django_user_model.objects.filter(username="LeaPique").exists()
    )
    held = set(HeldName.objects.values_list("key", flat=True))  # the keys, not the names
    assert held == {name_key("LeaPique"), name_key("Léa la Reine")}


def test_the_name_is_free_once_the_hold_is_over(django_user_model):
    user = django_user_model.objects.create_user("LeaPique", "lea@example.org", "pw-123456!")
    close_account(user)
    HeldName.objects.update(until=timezone.now() - timedelta(seconds=1))
    check_name("LeaPique")  # no error


def test_no_hold_when_the_setting_is_zero(django_user_model, settings):
    settings.DELETED_NAME_HOLD_DAYS = 0
    user = django_user_model.objects.create_user("LeaPique", "lea@example.org", "pw-123456!")
    close_account(user)
    check_name("LeaPique")
    assert not HeldName.objects.exists()
