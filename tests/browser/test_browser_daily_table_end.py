"""A finished daily try's table, in a real headless Chromium: no rematch, its way back leads to
the day's page, and a set ending on equal scores says it is a draw rather than "Tu as perdu."."""

from __future__ import annotations

import pytest
from django.urls import reverse

from daily.actions import do_play
from games.reading import table_state
from tests.support.browser import page_with_fake_socket, socket_receive
from tests.support.daily import play_try
from tests.support.match import viewer_of
from tests.support.pages import guest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def test_a_finished_try_leads_back_to_the_day_and_says_a_draw_as_such(site, chromium, settings):
    settings.DAILY_HANDS = 1
    client = guest("Léa")
    viewer = viewer_of(client)
    entry = do_play(viewer)
    play_try(entry, viewer)
    with page_with_fake_socket(chromium, site, client) as (page, errors):
        page.goto(site + reverse("games:table", args=[entry.table_id]))
        title = page.locator("#overlay-title", has_text="Partie terminée")
        title.wait_for()
        overlay = page.locator("#felt-overlay")
        assert overlay.locator("#rematch").count() == 0
        back = overlay.get_by_role("link", name="Retour au salon")
        assert back.get_attribute("href") == "/fr/donne-du-jour/"

        state = table_state(entry.table_id, viewer)
        state["view"]["result"]["winner"] = None  # equal scores after the set's last deal
        state["version"] += 1
        socket_receive(page, state)
        page.locator(".winner-line", has_text="Égalité.").wait_for()
        assert errors == []
