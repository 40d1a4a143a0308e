"""An account's daily tries: in its "Download my data", and once it is closed, kept for the
others' comparison under no name."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from daily.actions import do_leave_try, do_open_day, do_play, do_refresh_ranking
from daily.models import DailyEntry

pytestmark = pytest.mark.django_db

PASSWORD = "un-mot-de-passe-solide-42"


@pytest.fixture
def lea_client(django_user_model):
    user = django_user_model.objects.create_user("LeaPique", "lea@example.org", PASSWORD)
    client = Client()
    client.force_login(user)
    return client


def _settle_a_try(client: Client) -> DailyEntry:
    from tests.support.match import viewer_of

    viewer = viewer_of(client)
    do_play(viewer)
    entry = do_leave_try(viewer)
    assert entry is not None
    do_refresh_ranking(entry.daily_set_id)
    return entry


def test_the_download_lists_the_accounts_daily_tries(lea_client):
    entry = _settle_a_try(lea_client)
    data = json.loads(lea_client.get("/fr/accounts/data/").content)
    tries = data["daily_tries"]
    assert len(tries) == 1
    assert tries[0]["day"] == do_open_day().day.isoformat()
    assert tries[0]["status"] == "left" and tries[0]["match"] == entry.match_id


def test_a_closed_accounts_tries_stay_ranked_under_no_name(lea_client):
    _settle_a_try(lea_client)
    assert lea_client.post("/fr/accounts/delete/", {"password": PASSWORD}).status_code == 302
    assert DailyEntry.objects.count() == 1
    with translation.override("fr"):
        page = Client().get("/fr/donne-du-jour/").content.decode()
    assert "LeaPique" not in page
    assert "Joueur supprimé" in page
