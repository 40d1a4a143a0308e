"""The tournaments' own catalogue: every message translated in French, saying "tu" as the
whole site does (tests/config/test_french_voice.py checks the site's catalogue)."""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings
from django.test import Client
from django.utils.translation import override

from tests.config.test_french_voice import VOUS, WORDS

CATALOGUE = Path(settings.BASE_DIR) / "tournaments" / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def _texts() -> list[str]:
    out = []
    for entry in polib.pofile(str(CATALOGUE)):
        out += [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
    return out


def test_every_tournament_message_is_translated_and_says_tu():
    texts = _texts()
    assert texts and all(texts)
    assert not [t for t in texts if VOUS.search(t) or WORDS.search(t)]


def test_the_french_pages_are_in_french(db):
    with override("fr"):
        page = Client().get("/fr/tournois/").content.decode()
    assert "<h1>Tournois</h1>" in page
    assert (
        "Aucun tournoi n'est prévu pour l'instant." in page
        or "Aucun tournoi n&#x27;est prévu pour l&#x27;instant." in page
    )
