"""The word filter's shipped entries on its corpus (moderation/corpus/): at least 95% of the
offensive variants caught (plurals and other forms, letters apart, Cyrillic, Greek and
small-capital look-alikes, invisible characters...), and not one innocent French or English
phrase touched; ``manage.py wordfilter_rates`` prints the same figures."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from moderation import corpus, wordfilter
from moderation.models import WordFilter


@pytest.fixture
def shipped(db):
    wordfilter.forget()
    yield wordfilter.entries()
    wordfilter.forget()


def test_the_corpus_holds_the_variants_and_phrases_the_audit_found():
    classes = {p.group for p in corpus.offensive()}
    assert {"forms", "spaced", "cyrillic", "greek", "small_capitals", "invisible"} <= classes
    texts = {p.text for p in corpus.offensive()}
    assert {"connards", "putes", "enculés", "faggots", "c.o.n.n.a.r.d", "соnnаrd"} <= texts
    innocent = {p.text for p in corpus.innocent()}
    assert {"Désolé pour le retard", "je suis en retard", "un cône", "pain bâtard"} <= innocent
    assert {p.group for p in corpus.innocent()} == {"fr", "en"}
    assert len(corpus.offensive()) >= 69 and len(corpus.innocent()) >= 21


def test_the_shipped_entries_catch_the_variants_and_leave_innocent_phrases_alone(shipped):
    rates = corpus.measure(shipped)
    assert rates.caught_share >= corpus.GOAL_CAUGHT, [p.text for p in rates.missed]
    assert rates.blocked == [], [p.text for p in rates.blocked]


def test_each_class_of_variants_is_mostly_caught(shipped):
    rates = corpus.measure(shipped)
    for group, (caught, of) in rates.by_class.items():
        assert caught / of >= 0.8, group


def test_the_command_prints_the_rates(shipped):
    out = StringIO()
    call_command("wordfilter_rates", stdout=out)
    text = out.getvalue()
    assert "offensive variants caught: " in text and "goal 95%)" in text
    assert "innocent phrases touched: 0/" in text


def test_the_command_fails_when_an_entry_blocks_an_innocent_phrase(shipped):
    WordFilter.objects.create(pattern="retard", is_regex=True, action="refuse")
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("wordfilter_rates", "--verbose-misses", stdout=out)
    assert "touched  [fr] 'je suis en retard'" in out.getvalue()
