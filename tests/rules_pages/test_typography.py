"""French typography of inserted values: elision before the site's name, plurals by the
language's rule, the typographic minus."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils.translation import override

from rules_pages.typography import MINUS, elide, quantity, signed


@pytest.mark.parametrize(
    ("word", "name", "expected"),
    [
        ("de", "Atout Pique", "d'Atout Pique"),
        ("que", "Atout Pique", "qu'Atout Pique"),
        ("de", "Espace Cartes", "d'Espace Cartes"),
        ("de", "Équipe Pique", "d'Équipe Pique"),
        ("de", "Yggdrasil", "d'Yggdrasil"),
        ("de", "Hôtel des Cartes", "d'Hôtel des Cartes"),
        ("de", "Hollande Cartes", "de Hollande Cartes"),
        ("de", "Hérisson Club", "de Hérisson Club"),
        ("de", "Belote Club", "de Belote Club"),
        ("que", "Pique Dame", "que Pique Dame"),
        ("De", "Atout Pique", "D'Atout Pique"),
        ("à", "Atout Pique", "à Atout Pique"),
    ],
)
def test_de_and_que_elide_before_a_vowel_or_a_mute_h_only(word, name, expected):
    assert elide(word, name) == expected


def test_the_template_filter_elides_and_escapes_the_name():
    template = Template('{{ name|elide:"de" }} / {{ name|elide:"que" }}')
    assert template.render(Context({"name": "Atout <Pique>"})) == (
        "d&#x27;Atout &lt;Pique&gt; / qu&#x27;Atout &lt;Pique&gt;"
    )


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("fr", 0, "0\u00a0pli"),
        ("fr", 1, "1\u00a0pli"),
        ("fr", 2, "2\u00a0plis"),
        ("en", 0, "0\u00a0plis"),
        ("en", 1, "1\u00a0pli"),
        ("fr", -100, f"{MINUS}100\u00a0plis"),
    ],
)
def test_a_number_takes_its_noun_in_the_number_the_language_wants(lang, count, expected):
    assert quantity(count, "pli,plis", lang) == expected


def test_the_quantity_filter_follows_the_active_language():
    template = Template('{{ n|quantity:"seconde,secondes" }}')
    with override("fr"):
        assert template.render(Context({"n": 1})) == "1\u00a0seconde"
        assert template.render(Context({"n": 0})) == "0\u00a0seconde"
        assert template.render(Context({"n": 15})) == "15\u00a0secondes"


@pytest.mark.parametrize(
    ("value", "expected"), [(-27, "\u221227"), (0, "0"), (61, "61"), ("-200", "\u2212200")]
)
def test_negative_numbers_take_the_typographic_minus(value, expected):
    assert signed(value) == expected
