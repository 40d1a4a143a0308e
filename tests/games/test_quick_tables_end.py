"""A quick match between strangers always ends: a loss floor and a hand limit, said on the
table's rules line (issue 28: two weak players reached hand 27 at −2,057 to −60)."""

from __future__ import annotations

import html as html_lib

import pytest
from django.urls import reverse

from games.models import Table
from spades.engine import Rules
from tests.support.pages import guest

pytestmark = pytest.mark.django_db


def test_a_quick_table_has_the_sites_loss_floor_and_hand_limit_and_its_rules_line_says_so():
    lea = guest("Léa")
    page = lea.post(reverse("lobby:quick_play"))["Location"]
    table = Table.objects.get(pk=int(page.rstrip("/").split("/")[-1]))
    rules = Rules.from_dict(table.rules)
    assert (rules.loss_floor, rules.hand_limit) == (-500, 20)
    text = html_lib.unescape(lea.get(page).content.decode())
    assert "perdue à −500 · l'équipe en tête gagne après 20 mains" in text


def test_the_loss_floor_and_hand_limit_of_quick_tables_are_settings(settings):
    settings.QUICK_TABLE_LOSS_FLOOR = -300
    settings.QUICK_TABLE_HAND_LIMIT = None
    lea = guest("Léa")
    page = lea.post(reverse("lobby:quick_play"))["Location"]
    table = Table.objects.get(pk=int(page.rstrip("/").split("/")[-1]))
    assert (table.rules["loss_floor"], table.rules["hand_limit"]) == (-300, None)
