"""The day's page shows each deal's commitment from the start, the seeds only once the day is
over, and then each commitment is the SHA-256 of its context and the revealed seed."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from daily.actions import do_open_day
from daily.models import DailySet
from spades.engine.shuffle import commitment

pytestmark = pytest.mark.django_db


def test_the_commitments_are_public_and_the_seeds_hidden_while_the_day_is_open(settings):
    settings.DAILY_HANDS = 3
    page = Client().get("/fr/donne-du-jour/").content.decode()
    daily_set = DailySet.objects.get()
    for made in daily_set.commitments:
        assert made in page
    for seed in daily_set.deal_seeds:
        assert seed not in page
    assert "Jouer la donne du jour" in page


def test_once_the_day_is_over_each_commitment_matches_its_revealed_seed(settings):
    settings.DAILY_HANDS = 3
    daily_set = do_open_day(timezone.localdate() - timedelta(days=1))
    assert daily_set.is_closed
    page = Client().get(f"/fr/donne-du-jour/{daily_set.day.isoformat()}/").content.decode()
    rows = re.findall(r'<code class="hash" title="([^"]+)">([0-9a-f]{64})</code></td>\s*'
                      r'<td><code class="hash">([0-9a-f]{64})</code>', page)  # fmt: skip
    assert len(rows) == 3
    for context, made, seed in rows:
        assert commitment(context, seed) == made
    assert [seed for _c, _m, seed in rows] == daily_set.deal_seeds


def test_an_unknown_or_malformed_day_is_not_found():
    assert Client().get("/fr/donne-du-jour/2020-01-01/").status_code == 404
    assert Client().get("/fr/donne-du-jour/hier/").status_code == 404


def test_the_english_page_has_its_own_address():
    assert Client().get("/en/daily-deal/").status_code == 200
