"""The variants page says how the bots play each variant, in French first and in English."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils.translation import override

pytestmark = pytest.mark.django_db


def variants_text(client, lang: str) -> str:
    with override(lang):
        url = reverse("rules_pages:variants")
    body = client.get(url).content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main)).split())


def test_the_french_variants_page_explains_how_the_bots_bid_and_play_each_variant(client):
    text = variants_text(client, "fr")
    section = text[text.index("Comment jouent les bots") :]
    for variant in ("Mirror", "Whiz", "Suicide", "Joker Spades"):
        assert variant in section
    assert "comparent le nul au contrat imposé par leurs piques" in section
    assert "le premier des deux partenaires à parler ne voit pas la main de l" in section
    assert "le troisième atout, même sans joker dans leur main" in section
    assert "Avec des bots à ta table" in section  # the site speaks to the player as "tu"


def test_the_english_variants_page_explains_the_same(client):
    text = variants_text(client, "en")
    section = text[text.index("How the bots play") :]
    assert "weigh nil against the contract their spades force on them" in section
    assert "The Easy bot never chooses nil" in section
    assert "deals the jokers not yet played into them" in section
