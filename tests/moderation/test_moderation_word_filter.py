"""The word filter: listed words found however they are spelled (case, accents, repeated letters,
digits and signs for letters, invisible characters) and never inside another word; each entry
masks the word, refuses the message, or refuses it and opens a report."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.errors import ServiceError
from moderation import wordfilter
from moderation.models import Report, WordFilter
from moderation.words import Entry, check, normalise
from tests.support.moderation import make_moderator, say, seated_pair


@pytest.mark.parametrize(
    ("written", "normalised"),
    [
        ("CONNARD", "conard"),
        ("C0nn@rd", "conard"),
        ("Connnnnnard", "conard"),
        ("cooooonnard", "conard"),
        ("sâlôpe", "salope"),
        ("$alope", "salope"),
        ("5AL0PE", "salope"),
        ("ENCULÉ", "encule"),
        ("encul3", "encule"),
        ("fuuuuuck", "fuck"),
        ("f u c k", "fuck"),  # letters written apart are joined
        ("c. o. n", "con"),
        ("il y a", "il y a"),  # two single letters stay apart
        ("sh!t", "shit"),
        ("b1tch", "bitch"),
        ("€nculé", "encule"),
        ("con\u200bnard", "conard"),  # a zero-width space
        ("Nique   ta  mère !!!", "nique ta mere"),
        ("n1que ta m3re", "nique ta mere"),
        ("Bœuf", "boeuf"),
        ("zut!", "zut"),  # a sign after a word is punctuation
        ("100 points", "100 points"),  # numbers stay numbers
        ("à 13 plis", "a 13 plis"),
    ],
)
def test_normalisation_of_tricky_spellings(written, normalised):
    assert normalise(written) == normalised


ENTRIES = [
    Entry("connard", False, "mask"),
    Entry("con", False, "mask"),
    Entry("fuck", False, "mask"),
    Entry("cunt", False, "refuse"),
    Entry("nique ta mère", False, "refuse"),
    Entry("kys", False, "report"),
    Entry(r"discord g", True, "refuse"),  # over normalised text: "gg" is "g"
]


@pytest.mark.parametrize(
    ("text", "shown", "action"),
    [
        ("Quel C0NNNARD !", "Quel ******** !", "mask"),
        ("FUCK! perdu", "****! perdu", "mask"),
        ("un bon conseil, pas de contrat", "un bon conseil, pas de contrat", ""),
        ("Scunthorpe United", "Scunthorpe United", ""),
        ("quel con", "quel ***", "mask"),
        ("n1que ta m3re", None, "refuse"),
        ("discord.gg/abc", None, "refuse"),
        ("k.y.s", None, "report"),  # letters apart are joined
        ("e.g. y a", "e.g. y a", ""),  # but not two of them
        ("kys connard", None, "report"),
    ],
)
def test_each_entry_masks_refuses_or_reports(text, shown, action):
    verdict = check(text, ENTRIES)
    assert verdict.action == action
    if shown is not None:
        assert verdict.text == shown


def test_a_pattern_that_does_not_compile_is_ignored():
    assert check("bonjour", [Entry("(", True, "refuse")]).action == ""


@pytest.fixture
def words(db):
    WordFilter.objects.all().delete()
    WordFilter.objects.create(pattern="connard", action="mask")
    WordFilter.objects.create(pattern="nique ta mère", action="refuse")
    WordFilter.objects.create(pattern="va te pendre", action="report")
    WordFilter.objects.create(pattern="merde", action="mask", enabled=False)
    wordfilter.forget()
    yield
    wordfilter.forget()


@pytest.mark.django_db(transaction=True)
def test_chat_masks_refuses_and_reports_by_the_list(words):
    table, _lea, hugo = seated_pair()
    assert say(table, hugo, "Quel CONNNARD").text == "Quel ********"
    assert say(table, hugo, "merde alors").text == "merde alors"  # a disabled entry
    with pytest.raises(ServiceError) as refused:
        say(table, hugo, "N1que ta mère")
    assert refused.value.code == "filtered"
    assert not Report.objects.exists()
    with pytest.raises(ServiceError) as reported:
        say(table, hugo, "va te pendre")
    assert reported.value.code == "filtered"
    report = Report.objects.get()
    assert (report.reported_key, report.reporter_key, report.status) == (hugo.key, "filter", "open")
    assert "va te pendre" in report.comment
    assert [m.text for m in table.chat_messages.order_by("pk")] == ["Quel ********", "merde alors"]


@pytest.mark.django_db
def test_the_starting_list_is_shipped_in_french_and_english():
    patterns = set(WordFilter.objects.values_list("pattern", flat=True))
    assert {"connard", "salope", "fuck", "bitch", "kill yourself"} <= patterns
    actions = set(WordFilter.objects.values_list("action", flat=True))
    assert actions == {"mask", "refuse", "report", "allow"}


@pytest.mark.django_db
def test_a_moderator_adds_a_word_and_a_bad_pattern_is_refused(client):
    translation.activate("fr")
    client.force_login(make_moderator())
    url = reverse("admin:moderation_wordfilter_add")
    bad = client.post(url, {"pattern": "(", "is_regex": "on", "action": "refuse", "enabled": "on"})
    assert bad.status_code == 200 and not WordFilter.objects.filter(pattern="(").exists()
    empty = client.post(url, {"pattern": "!!!", "action": "mask", "enabled": "on"})
    assert empty.status_code == 200 and not WordFilter.objects.filter(pattern="!!!").exists()
    good = client.post(url, {"pattern": "tricheur", "action": "mask", "enabled": "on"})
    assert good.status_code == 302
    assert WordFilter.objects.get(pattern="tricheur").action == "mask"
