"""The French site says "tu": no "vous" in its catalogues, its French pages or its descriptions."""

from __future__ import annotations

import re

import polib
import pytest

from config.translations import LOCALE_DIR, OVERRIDES_DIR
from rules_pages.pages import PAGES

BASE_DIR = LOCALE_DIR.parent
VOUS = re.compile(
    r"\b(vous|votre|vos|veuillez|choisissez|cliquez|cochez|saisissez|entrez|indiquez|"
    r"jouez|réessayez|envoyez|contactez|vérifiez|utilisez|corrigez|connectez)\b",
    re.IGNORECASE,
)
CATALOGUES = [LOCALE_DIR / "fr/LC_MESSAGES/django.po", OVERRIDES_DIR / "fr/LC_MESSAGES/django.po"]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.parent.name)
def test_no_french_message_says_vous(path):
    found = []
    for entry in polib.pofile(str(path)):
        texts = [entry.msgstr, *entry.msgstr_plural.values()]
        found += [text for text in texts if VOUS.search(text)]
    assert found == []


def test_no_french_page_of_the_rules_site_says_vous():
    templates = sorted((BASE_DIR / "rules_pages/templates/rules_pages/fr").glob("*.html"))
    assert templates
    found = [path.name for path in templates if VOUS.search(path.read_text(encoding="utf-8"))]
    assert found == []


def test_no_french_page_description_says_vous():
    assert [page.key for page in PAGES if VOUS.search(page.descriptions.get("fr", ""))] == []


def test_the_check_catches_vous():
    assert VOUS.search("Choisissez un pseudo.") and VOUS.search("À vous de jouer.")
    assert not VOUS.search("Choisis un pseudo. À toi de jouer.")
