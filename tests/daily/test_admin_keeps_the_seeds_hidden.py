"""The admin lists the days' sets and tries read only, and shows no seed of a set."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from daily.actions import do_open_day

pytestmark = pytest.mark.django_db


def test_the_admin_shows_a_set_without_its_seeds(settings):
    settings.DAILY_HANDS = 2
    daily_set = do_open_day()
    admin = get_user_model().objects.create_superuser(username="root", password="pw-rootroot")
    client = Client()
    client.force_login(admin)
    page = client.get(f"/fr/admin/daily/dailyset/{daily_set.pk}/change/").content.decode()
    assert daily_set.commitments[0] in page
    for seed in daily_set.deal_seeds:
        assert seed not in page
    assert client.get("/fr/admin/daily/dailyentry/").status_code == 200
