"""A try's table page: titled as the deal of the day, no advice, no rematch, and its ways out
(the back link, leaving) lead to the day's page, where a try left from the table is settled."""

from __future__ import annotations

import json
import re

import pytest

from daily.actions import do_play
from daily.models import DailyEntry
from games.actions.coach import do_estimate
from games.errors import ServiceError
from tests.support.match import viewer_of
from tests.support.pages import guest

pytestmark = pytest.mark.django_db


def _config(page: str) -> dict:
    found = re.search(r'<script id="table-config" type="application/json">(.*?)</script>', page)
    assert found, "no table config"
    return json.loads(found.group(1))


def test_the_table_page_is_the_deal_of_the_day_without_advice():
    lea = guest("Léa")
    entry = do_play(viewer_of(lea))
    page = lea.get(f"/fr/tables/{entry.table_id}/").content.decode()
    assert f"Donne du jour (table {entry.table_id})" in page
    config = _config(page)
    assert "hint" not in config["urls"]
    assert config["urls"]["lobby"] == "/fr/donne-du-jour/"
    with pytest.raises(ServiceError) as refused:
        do_estimate(entry.table_id, viewer_of(lea))
    assert refused.value.code == "coach_daily"


def test_leaving_from_the_table_goes_to_the_days_page_and_settles_the_try():
    lea = guest("Léa")
    entry = do_play(viewer_of(lea))
    response = lea.post(f"/fr/tables/{entry.table_id}/quitter/")
    assert response.status_code == 302 and response["Location"] == "/fr/donne-du-jour/"
    page = lea.get("/fr/donne-du-jour/").content.decode()
    entry.refresh_from_db()
    assert entry.status == DailyEntry.Status.LEFT
    assert "Tu as joué 0 donne" in page
    assert "Jouer la donne du jour" not in page
