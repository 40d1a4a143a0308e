"""A text's Latin skeleton (core.skeleton): letters of other scripts that look Latin, small
capitals, fullwidth and mathematical letters, case and accents all read as the Latin letter a
person sees; invisible characters read as nothing."""

from __future__ import annotations

import pytest

from core.skeleton import fold, is_invisible, skeleton


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("соnnаrd", "connard"),  # Cyrillic
        ("Воss", "boss"),
        ("ΡUΤΕ", "pute"),  # Greek capitals
        ("fαggοt", "faggot"),
        ("ᴄᴏɴɴᴀʀᴅ", "connard"),  # small capitals
        ("ｃｏｎｎａｒｄ", "connard"),  # fullwidth (NFKC)
        ("𝓼𝓪𝓵𝓸𝓹𝓮", "salope"),  # mathematical script (NFKC)
        ("ⓢⓗⓘⓣ", "shit"),  # circled (NFKC)
        ("ÉNCULÉ", "encule"),
        ("Bœuf", "boeuf"),
        ("Straße", "strasse"),
        ("con\u200bnard", "connard"),
        ("f\u034fu\ufe0fck", "fuck"),
        ("a\u3164b", "ab"),
        ("c\u0337o\u0337n", "con"),
    ],
)
def test_look_alikes_read_as_latin_letters(written, read):
    assert skeleton(written) == read


@pytest.mark.parametrize(
    "ch", ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u3164", "\x07", "\n", "\u202e"]
)
def test_invisible_and_control_characters_are_invisible(ch):
    assert is_invisible(ch) and fold(ch) == ""


@pytest.mark.parametrize("ch", ["a", "é", " ", "ж", "1", "-"])
def test_visible_characters_are_not(ch):
    assert not is_invisible(ch)
