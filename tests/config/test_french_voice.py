"""One voice and one vocabulary in French: the whole site says "tu", "discussion" for the chat,
never "matchmaking"; a number meets its noun in the right number."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.translation import override

from lobby.views import lobby_strings, seats_taken_text

BASE_DIR = Path(settings.BASE_DIR)
FRENCH_CATALOGUE = BASE_DIR / "locale" / "fr" / "LC_MESSAGES" / "django.po"
#: "vous" and its forms, and verbs in the second person plural (not "assez", "chez").
VOUS = re.compile(r"\b(vous|votre|vos)\b|\b(?!assez\b|chez\b|nez\b)\w+ez\b", re.IGNORECASE)
WORDS = re.compile(r"\bchat\b|matchmaking", re.IGNORECASE)


def french_templates() -> list[Path]:
    folders = [BASE_DIR / "rules_pages" / "templates" / "rules_pages" / "fr"]
    return [path for folder in folders for path in sorted(folder.glob("*.html"))]


def french_messages() -> list[tuple[str, str]]:
    catalogue = polib.pofile(str(FRENCH_CATALOGUE))
    out = []
    for entry in catalogue:
        texts = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        out += [(entry.msgid, text) for text in texts]
    return out


def test_every_french_message_says_tu():
    offenders = [(msgid, text) for msgid, text in french_messages() if VOUS.search(text)]
    assert not offenders


def test_every_french_page_template_says_tu():
    offenders = [
        (path.name, match[0])
        for path in french_templates()
        for match in VOUS.finditer(path.read_text())
    ]
    assert not offenders


def test_the_french_site_says_discussion_and_never_matchmaking():
    offenders = [(msgid, text) for msgid, text in french_messages() if WORDS.search(text)]
    offenders += [
        (path.name, m[0]) for path in french_templates() for m in WORDS.finditer(path.read_text())
    ]
    assert not offenders


@pytest.mark.parametrize(
    ("taken", "french", "english"),
    [
        (0, "0/4 place prise", "0/4 seats taken"),
        (1, "1/4 place prise", "1/4 seat taken"),
        (3, "3/4 places prises", "3/4 seats taken"),
    ],
)
def test_the_seats_taken_follow_each_languages_plural_rule(taken, french, english):
    with override("fr"):
        assert seats_taken_text(taken) == french
        assert lobby_strings()["seats"][taken] == french
    with override("en"):
        assert seats_taken_text(taken) == english


@pytest.mark.django_db
def test_the_lobby_page_counts_the_seats_taken_in_french(client):
    other = client.__class__()
    other.post(reverse("lobby:nickname"), {"nickname": "Marius"})
    other.post(reverse("lobby:quick_play"))
    html = client.get("/fr/jouer/").content.decode()
    assert "1/4 place prise" in html
