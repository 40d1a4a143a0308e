"""Ratings explained on a page of their own (fr/en), linked from the lobby's ranked card and the
leaderboard, its figures those of the settings and of the bots' data; "provisoire" is the one
French word for a provisional rating."""

from __future__ import annotations

import polib
import pytest
from django.test import Client

from config.translations import LOCALE_DIR
from ranked import ratings
from ranked.bot_ratings import BOT_RATINGS

pytestmark = pytest.mark.django_db


def test_the_ratings_page_explains_start_moves_provisional_abandonment_and_bots(settings):
    settings.RANKED_PROVISIONAL_MATCHES = 10
    settings.RANKED_ABANDON_WAITS = [600, 3600, 86400]
    page = Client().get("/fr/classement/comment-ca-marche/").content.decode()
    assert "<h1>Comment marche le classement</h1>" in page
    assert "commence à 1000" in page
    assert "Seul le résultat de chaque partie classée" in page
    assert "Pendant tes 10 premières parties classées, ton classement est provisoire" in page
    assert "ne rapporte jamais de points" in page
    assert "10\xa0minutes, 1\xa0heure, 1\xa0jour" in page
    for mu, sigma in BOT_RATINGS.values():
        assert f"<strong>{ratings.shown(mu, sigma)}</strong>" in page
    english = Client().get("/en/ranking/how-it-works/").content.decode()
    assert "<h1>How ratings work</h1>" in english and "never earns rating" in english


def test_the_ranked_card_the_leaderboard_and_a_ranked_table_link_to_the_ratings_page(settings):
    from tests.support.ranked import seat_four

    table_id, _viewers = seat_four(settings, names=("solo",))
    for url in ("/fr/jouer/", "/fr/classement/", f"/fr/tables/{table_id}/"):
        page = Client().get(url).content.decode()
        assert '<a href="/fr/classement/comment-ca-marche/">Comment marche le classement</a>' in (
            page
        ), url


def test_provisoire_is_the_one_french_word_for_a_provisional_rating():
    catalogue = polib.pofile(str(LOCALE_DIR / "fr/LC_MESSAGES/django.po"))
    texts = [e.msgstr for e in catalogue] + [t for e in catalogue for t in e.msgstr_plural.values()]
    assert not [t for t in texts if "provisionnel" in t.lower()]
    assert catalogue.find("provisional").msgstr == "provisoire"
