"""In a real headless Chromium, before the start of a private table: the host moves a person to
a free seat or swaps two people, anyone seated moves themself to a free seat, and the waiting
panel shows the two partnerships (North–South against East–West). Each move is the page's POST
to games:seat; the seats are then read back from the database and from the page reloaded.

The socket is a fake that never answers (browser_support.FAKE_SOCKET): the page changes only
through the POST and a reload."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from games.models import Seat
from tests.support.browser import page_with_fake_socket
from tests.support.pages import guest, join, private_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def who_sits(table) -> dict[str, str]:
    return {
        seat.position: seat.nickname
        for seat in Seat.objects.filter(table=table).exclude(nickname="")
    }


def wait_until_seats(table, expected: dict[str, str]) -> None:
    deadline = time.monotonic() + 10
    while who_sits(table) != expected:
        assert time.monotonic() < deadline, who_sits(table)
        time.sleep(0.1)


def options(page, seat: str) -> dict[str, str]:
    return page.locator(f'select[data-move="{seat}"] option').evaluate_all(
        "(opts) => Object.fromEntries(opts.filter((o) => o.value).map((o) => [o.value, o.text]))"
    )


def test_the_host_moves_and_swaps_people_and_a_guest_moves_themself(site, chromium):
    lea, max_ = guest("Léa"), guest("Max")
    table = private_table(lea)
    join(max_, table, "E")
    url = site + reverse("games:table", args=[table.pk])
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(url)
        # The host may move herself and Max: to a free seat, or swap with the other.
        assert options(page, "N") == {
            "E": "échanger avec Max (Est)", "S": "vers Sud (libre)", "W": "vers Ouest (libre)"
        }  # fmt: skip
        assert options(page, "E") == {
            "N": "échanger avec Léa (Nord)", "S": "vers Sud (libre)", "W": "vers Ouest (libre)"
        }  # fmt: skip
        page.screenshot(path="/tmp/table-seat-moves.png")
        move = page.locator('select[data-move="E"]')
        assert move.get_attribute("aria-label") == "Déplacer Max vers une autre place"
        teams = page.locator(".partnerships li")
        assert "Léa" in teams.nth(0).inner_text() and "Nord–Sud" in teams.nth(0).inner_text()
        assert "Max" in teams.nth(1).inner_text() and "Est–Ouest" in teams.nth(1).inner_text()

        # Max goes to South: Léa's partner.
        move.select_option("S")
        wait_until_seats(table, {"N": "Léa", "S": "Max"})
        page.reload()
        assert "Léa" in teams.nth(0).inner_text() and "Max" in teams.nth(0).inner_text()

        # A swap: Léa and Max change places.
        page.locator('select[data-move="N"]').select_option("S")
        wait_until_seats(table, {"N": "Max", "S": "Léa"})
        assert not errors, errors

    with page_with_fake_socket(chromium, site, max_) as (page, errors):
        page.goto(url)
        # Max is not the host: his own seat only, free seats only.
        assert page.locator("select[data-move]").count() == 1
        assert options(page, "N") == {"E": "vers Est (libre)", "W": "vers Ouest (libre)"}
        page.locator('select[data-move="N"]').select_option("W")
        wait_until_seats(table, {"W": "Max", "S": "Léa"})
        assert not errors, errors


def test_a_quick_table_and_a_started_table_offer_no_move(site, chromium):
    lea = guest("Léa")
    table = private_table(lea)
    assert lea.post(reverse("games:start", args=[table.pk])).status_code == 302
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        assert page.locator("#seat-bottom").count() == 1
        assert page.locator("select[data-move]").count() == 0
        quick = lea.post(reverse("lobby:quick_play"))["Location"]
        page.goto(site + quick)
        assert page.locator("#seat-bottom .seat-name").count() == 1
        assert page.locator("select[data-move]").count() == 0
        assert not errors, errors
