"""The tournament pages in a real browser: no serious axe violation in either language, the
registration form reached by role and name, and the live part replaced by the page's poll once
a round starts."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from tests.support.browser import assert_no_serious_axe_violations
from tests.support.tournaments import open_tournament, players, start_now
from tournaments.actions import registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _signed_in(chromium, live_server, user, lang: str):
    client = Client()
    client.force_login(user)
    context = chromium.new_context(
        viewport={"width": 1280, "height": 900}, locale=f"{lang}-FR", bypass_csp=True
    )
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return context.new_page()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_list_and_a_running_tournament_have_no_serious_violation(chromium, live_server, lang):
    t = open_tournament(rounds=2)
    for _ in range(3):
        registration.do_add_bot_pair(t.pk)
    start_now(t)
    page = chromium.new_page(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        with override(lang):
            index, detail = reverse("tournaments:index"), reverse("tournaments:detail", args=[t.pk])
        for path in (index, detail):
            assert page.goto(live_server.url + path).status == 200
            assert_no_serious_axe_violations(page)
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_player_registers_with_the_form_and_the_page_follows_the_start(
    chromium, live_server, lang
):
    t = open_tournament(rounds=1)
    (ana,) = players("ana")
    registration.do_add_bot_pair(t.pk)
    page = _signed_in(chromium, live_server, ana, lang)
    names = {
        "fr": ("Seul : je serai associé à un joueur de classement proche", "M'inscrire",
               "Ta partie a commencé : va à ta table"),
        "en": ("Alone: I will be paired with a player of close rating", "Register",
               "Your match has started: go to your table"),
    }[lang]  # fmt: skip
    try:
        with override(lang):
            detail = reverse("tournaments:detail", args=[t.pk])
        page.goto(live_server.url + detail)
        assert_no_serious_axe_violations(page)
        page.get_by_role("radio", name=names[0]).check()
        page.get_by_role("button", name=names[1]).click()
        page.wait_for_load_state()
        assert registration.pair_of(t, ana.pk) is None  # registered, not paired before the start
        assert t.registrations.filter(user=ana).exists()
        assert_no_serious_axe_violations(page)
        start_now(t)  # the start: the poll brings the player's table
        link = page.get_by_role("link", name=names[2])
        link.wait_for(timeout=15_000)
        assert "/" in (link.get_attribute("href") or "")
    finally:
        page.context.close()
