"""One try a day: per account, and per browser session for a guest; a second click resumes the
try in progress, and once it is settled the button is gone and a new try refused."""

from __future__ import annotations

import pytest
from django.test import Client

from daily.actions import do_leave_try, do_play
from daily.models import DailyEntry
from games.errors import ServiceError
from tests.support.match import viewer_of
from tests.support.pages import guest
from tests.support.ranked import make_player

pytestmark = pytest.mark.django_db


def _play(client: Client):
    return client.post("/fr/donne-du-jour/jouer/")


def test_an_account_gets_one_table_however_often_it_clicks():
    user, _viewer = make_player("lea")
    client = Client()
    client.force_login(user)
    first, second = _play(client), _play(client)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert DailyEntry.objects.filter(user=user).count() == 1


def test_a_settled_try_is_not_played_again():
    user, viewer = make_player("lea")
    do_play(viewer)
    do_leave_try(viewer)
    with pytest.raises(ServiceError) as refused:
        do_play(viewer)
    assert refused.value.code == "daily_played"
    client = Client()
    client.force_login(user)
    page = client.get("/fr/donne-du-jour/").content.decode()
    assert "Jouer la donne du jour" not in page
    assert "Reviens demain" in page or "reviens demain" in page
    assert _play(client)["Location"] == "/fr/donne-du-jour/"


def test_a_guest_has_one_try_per_browser_session():
    lea = guest("Léa")
    _play(lea)
    do_leave_try(viewer_of(lea))
    assert _play(lea)["Location"] == "/fr/donne-du-jour/"
    other_browser = guest("Léa")
    assert _play(other_browser)["Location"].startswith("/fr/tables/")
    assert DailyEntry.objects.count() == 2


def test_a_guest_without_a_nickname_picks_one_first():
    response = _play(Client())
    assert response.status_code == 302
    assert "donne-du-jour" in response["Location"] and "next=" in response["Location"]
