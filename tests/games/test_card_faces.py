"""The card faces (issue 31): a card carries its printed rank for the face's second corner and a
court card's letter (cards.css draws them, never read out), in the reader's language; the suits'
picture is one static file the stylesheet points at, cached apart from the pages."""

from __future__ import annotations

import re
from pathlib import Path

from django.template import Context, Template
from django.utils import translation

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_a_card_carries_its_printed_rank_in_the_readers_language():
    with translation.override("fr"):
        html = Template('{% load cards %}{% card "QS" %}{% card "TH" %}{% card "BJ" %}').render(
            Context()
        )
    assert 'data-card="QS" data-rank="D"' in html and 'aria-label="Dame de pique"' in html
    assert 'data-card="TH" data-rank="10"' in html
    assert 'data-card="BJ">' in html  # a joker has a face of its own: no corners


def test_each_suit_has_a_view_in_the_one_picture_the_stylesheet_points_at():
    css = (STATIC / "css/cards.css").read_text()
    svg = (STATIC / "img/suits.svg").read_text()
    for suit in "shdc":
        assert f'url("../img/suits.svg#{suit}")' in css
        assert re.search(rf'<view id="{suit}" viewBox="[\d ]+"/>', svg)
