"""`/` sends a browser asking for English to /en/ and everyone else to the French site."""

import pytest

ENGLISH = ["en", "en-US,en;q=0.9", "en-GB,en;q=0.9,fr;q=0.8", "de-DE,de;q=0.9,en;q=0.8"]
FRENCH = [None, "", "fr-FR,fr;q=0.9,en;q=0.8", "fr", "de-DE,de;q=0.9", "es", "*"]


def get_root(client, accept):
    headers = {} if accept is None else {"HTTP_ACCEPT_LANGUAGE": accept}
    return client.get("/", **headers)


@pytest.mark.parametrize("accept", ENGLISH)
def test_a_browser_asking_for_english_lands_on_the_english_site(client, accept):
    response = get_root(client, accept)
    assert response.status_code == 302
    assert response["Location"] == "/en/"


@pytest.mark.parametrize("accept", FRENCH)
def test_any_other_browser_lands_on_the_french_site(client, accept):
    response = get_root(client, accept)
    assert response.status_code == 302
    assert response["Location"] == "/fr/"


def test_the_language_chosen_on_the_site_wins_over_the_browsers(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert get_root(client, "en-US,en;q=0.9")["Location"] == "/fr/"


def test_the_redirect_tells_caches_it_depends_on_the_language_headers(client):
    vary = get_root(client, "en")["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary
