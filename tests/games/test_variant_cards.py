"""The jokers of the Joker variant on the pages: named, and drawn without breaking the table page."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from games.texts import card_strings


def test_a_joker_is_drawn_as_a_named_card():
    with translation.override("fr"):
        html = Template('{% load cards %}{% card "BJ" %}{% card "LJ" %}').render(Context())
    assert 'data-card="BJ"' in html and 'aria-label="Grand joker"' in html
    assert 'data-card="LJ"' in html and 'aria-label="Petit joker"' in html


def test_the_card_names_sent_to_the_table_script_include_the_jokers():
    with translation.override("en"):
        names = card_strings()
    assert names["BJ"][1] == "Big Joker" and names["LJ"][1] == "Little Joker"
    assert len(names) == 54
