"""axe-core in a real browser on the pages everyone meets first: no serious or critical
violation (WCAG 2.2 AA rules and axe's best practices), in both languages."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.translation import override

from tests.support.browser import assert_no_serious_axe_violations
from tests.support.rules_pages import url_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def path_of(name: str, lang: str) -> str:
    with override(lang):
        return reverse(name)


PAGES = [
    pytest.param("home", lambda lang: url_of("home", lang), id="home"),
    pytest.param("rules page", lambda lang: url_of("how_to_play", lang), id="how_to_play"),
    pytest.param("bags guide", lambda lang: url_of("guide_bags", lang), id="guide_bags"),
    pytest.param("lobby", lambda lang: path_of("lobby:index", lang), id="lobby"),
    pytest.param(
        "login",
        lambda lang: path_of("account_login", lang),
        id="login",
    ),
    pytest.param("leaderboard", lambda lang: path_of("ranked:leaderboard", lang), id="ranking"),
    pytest.param("profile", lambda lang: profile_path(lang), id="profile"),
]


def profile_path(lang: str) -> str:
    """A rated player's profile, seen by a visitor."""
    from ranked.models import PlayerRating
    from tests.support.ranked import make_player

    user, _viewer = make_player("Axelle")
    PlayerRating.objects.create(user=user, mu=27, sigma=6, rating=1225, matches=3, wins=2)
    with override(lang):
        return reverse("ranked:profile", args=["Axelle"])


@pytest.fixture
def browser(chromium, live_server):
    """The headless Chromium of tests/conftest.py, with the site served by pytest-django."""
    return chromium


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("name", "path"), PAGES)
def test_the_page_has_no_serious_accessibility_violation(browser, live_server, name, path, lang):
    page = browser.new_page(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        response = page.goto(live_server.url + path(lang))
        assert response.status == 200
        assert_no_serious_axe_violations(page)
    finally:
        page.close()


def test_the_focus_ring_stands_out_from_the_green_header(browser, live_server):
    """The header's links get the pale ring (the site's dark ring would vanish on the felt)."""
    page = browser.new_page(bypass_csp=True)
    try:
        page.goto(live_server.url + url_of("home", "fr"))
        page.keyboard.press("Tab")  # the skip link, on the light page
        skip = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
        page.keyboard.press("Tab")  # the brand, in the header
        brand = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
        assert skip == "rgb(10, 53, 37)"
        assert brand == "rgb(243, 231, 199)"
    finally:
        page.close()
