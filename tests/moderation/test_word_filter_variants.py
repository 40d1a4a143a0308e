"""The word filter reads a message as a person does: a listed word is found with its plural and
other endings, in look-alike letters of other scripts, with invisible characters or with its
letters written apart; an entry of one language leaves the other's everyday words alone, an
"allow" entry makes an exception, and a word is never found in a shorter or another one."""

from __future__ import annotations

import pytest

from moderation.words import Entry, check, languages, normalised

ENTRIES = [
    Entry("connard", False, "mask"),
    Entry("conne", False, "mask"),
    Entry("con", False, "mask", "fr"),
    Entry("enculé", False, "mask"),
    Entry("fuck", False, "mask"),
    Entry("faggot", False, "report"),
    Entry("retard", False, "refuse", "en"),
    Entry("bâtard", False, "mask"),
    Entry("pain bâtard", False, "allow"),
    Entry("nique ta mère", False, "refuse"),
]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("des connards", "des ********"),
        ("une enculée", "une *******"),
        ("les enculés", "les *******"),
        ("fucked up", "****** up"),
        ("quel c.o.n.n.a.r.d !", "quel ************* !"),
        ("c o n n a r d", "* * * * * * *"),  # the spaces stay
        ("соnnаrd", "*******"),  # Cyrillic с, о, а
        ("cοnnard", "*******"),  # Greek ο
        ("ᴄᴏɴɴᴀʀᴅ", "*******"),  # small capitals
        ("ｃｏｎｎａｒｄ", "*******"),  # fullwidth
        ("con\u200bnard", "********"),  # a zero-width space
        ("conn\u3164ard", "********"),  # a Hangul filler
        ("c\u0337o\u0337n\u0337", "******"),  # strokes through
    ],
)
def test_variants_are_masked_where_they_stand(text, shown):
    assert check(text, ENTRIES).text == shown


@pytest.mark.parametrize(
    "text",
    [
        "un cône",  # "conne" needs its two n
        "les cônes",
        "un bon conseil",
        "pain bâtard",
        "Désolé pour le retard",
        "je suis en retard",
        "pros and cons",
        "il y a à manger",
    ],
)
def test_innocent_words_are_left_alone(text):
    verdict = check(text, ENTRIES)
    assert (verdict.text, verdict.action) == (text, "")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("you retard", "refuse"),
        ("RETARDED", "refuse"),  # no language to tell: every entry applies
        ("f.a.g.g.o.t.s", "report"),
        ("niquetamère", "refuse"),
        ("ce bâtard mange du pain bâtard", "mask"),  # the exception covers its own words only
    ],
)
def test_entries_of_each_language_and_exceptions(text, action):
    assert check(text, ENTRIES).action == action


def test_the_language_is_told_by_common_words():
    assert languages(normalised("je suis en retard").words) == {"fr"}
    assert languages(normalised("you are late").words) == {"en"}
    assert languages(normalised("retard").words) == {"fr", "en"}
