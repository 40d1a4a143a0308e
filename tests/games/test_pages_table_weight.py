"""The table page's weight: the HTML and every stylesheet and script it loads (the ES modules
table.js imports included), raw and gzip-compressed (level 9, as WhiteNoise compresses static
files). Run with ``-s`` to print the figures."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.games.test_pages_table import guest, private_table

pytestmark = pytest.mark.django_db

STATIC = Path(__file__).resolve().parents[2] / "static"
# Compressed, the page and its assets stay well under the 60 KB the site aims at. 42 KB since the
# coach (its button shows on the player's turn, 1 KB); 43 KB since the match's history frames and
# the ranked table's stakes (0.1 KB each); the Report dialog loads on first use. 48 KB since the
# table speaks (issue 31: speech.js, the spoken sentences and the Shortcuts dialog, 5.2 KB). 52 KB
# since the phone layout, the card faces' CSS, the moves' transitions and the sounds (issue 31);
# the issue's ceiling is 60 KB, the faces' picture (img/suits.svg) not counted: it is cached apart.
GZIP_BUDGET = 60_000
SUITS = "img/suits.svg"


def assets(html: str) -> list[str]:
    """The static CSS and JS files the page loads, following the modules' relative imports."""
    todo = re.findall(r'(?:href|src)="/static/([^"]+\.(?:css|js))"', html)
    seen: list[str] = []
    while todo:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.append(path)
        if path.endswith(".js"):
            folder = path.rsplit("/", 1)[0]
            text = (STATIC / path).read_text()
            todo += [f"{folder}/{name}" for name in re.findall(r'from "\./([^"]+)"', text)]
    return seen


def test_the_table_page_and_its_assets_stay_within_the_budget():
    lea = guest("Léa")
    table = private_table(lea)
    lea.post(reverse("games:start", args=[table.pk]))
    html = lea.get(reverse("games:table", args=[table.pk])).content
    files = [("page HTML", html)] + [(p, (STATIC / p).read_bytes()) for p in assets(html.decode())]
    assert any(name.startswith("js/table/") for name, _ in files)  # the modules were followed
    raw = packed = 0
    for name, data in files:
        size = len(gzip.compress(data, 9))
        raw, packed = raw + len(data), packed + size
        print(f"{name:28s} {len(data):7d} {size:7d}")
    print(f"{'total':28s} {raw:7d} {packed:7d}")
    assert packed < GZIP_BUDGET
    # The card faces' suits: one static file the stylesheet points at, not inlined in the page.
    assert SUITS in (STATIC / "css/cards.css").read_text() and b"<svg" not in html
    suits = (STATIC / SUITS).read_bytes()
    print(f"{SUITS + ' (cached apart)':28s} {len(suits):7d} {len(gzip.compress(suits, 9)):7d}")
