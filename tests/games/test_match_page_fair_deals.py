"""The match page shows each finished hand's context, commitment and seed, to be checked in the
browser (tests/browser/test_browser_fair_deal_check.py runs the check); a match dealt before fair
deals says it has nothing to check. The FAQ explains the scheme with an example that holds."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Table
from spades.engine.cards import CODES
from spades.engine.shuffle import commitment, context, deal
from tests.support.match import finished_private_match, legacy_match

pytestmark = pytest.mark.django_db


def test_each_finished_hand_shows_its_context_commitment_and_seed_with_a_check_button():
    client, _, match = finished_private_match()
    html = client.get(reverse("games:match", args=[match.pk])).content.decode()
    hands = re.findall(r'<li class="fair-deal" data-hand="(\d+)">', html)
    assert hands and hands == [str(n) for n in range(1, len(hands) + 1)]
    for number in range(1, len(hands) + 1):
        seed = match.deal_seeds[number - 1]
        hand_context = context(match.table_id, match.pk, number)
        assert f"<code>{hand_context}</code>" in html
        assert commitment(hand_context, seed) in html and seed in html
        assert f'aria-label="Vérifier la main {number}"' in html
    assert "Vérifier les donnes" in html and 'href="/fr/faq/#fair-deals"' in html


def test_a_match_dealt_before_fair_deals_says_there_is_nothing_to_check():
    _, table, _ = finished_private_match()
    Table.objects.filter(pk=table.pk).update(kind="quick")  # public once over
    match = legacy_match(Table.objects.get(pk=table.pk))
    html = Client().get(reverse("games:match", args=[match.pk])).content.decode()
    assert 'class="fair-deal"' not in html
    assert "avant les donnes vérifiables" in html


@pytest.mark.parametrize(
    ("lang", "question", "east"),
    [
        (
            "fr",
            "Comment savoir que la donne n'est pas truquée ?",
            "3 de pique, puis le valet de trèfle et le 2 de pique",
        ),
        (
            "en",
            "How can I tell the deal is not rigged?",
            "Three of spades, then the Jack of clubs and the Two of spades",
        ),
    ],
)
def test_the_faq_explains_fair_deals_with_an_example_the_engine_confirms(lang, question, east):
    with translation.override(lang):
        html = Client().get(reverse("rules_pages:faq")).content.decode()
    escaped = question.replace("'", "&#x27;")
    assert f'<h2 id="fair-deals">{escaped}</h2>' in html
    zero = "00" * 32
    assert commitment("table=1;match=1;hand=1", zero) in html
    first = [CODES[c] for c in deal(zero, 0)[1][:3]]  # North deals: East's first three cards
    assert first == ["3S", "JC", "2S"] and east in html
