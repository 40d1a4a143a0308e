"""A moderator's regular expression that could freeze the chat ("(\\w+)+z" took 2 s on 25
letters, twice as long for each one more) is refused before it is saved, and one already in the
list is skipped, so that no message takes long to check."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse
from django.utils import translation

from moderation.models import WordFilter
from moderation.words import Entry, check, compile_entry, regex_problem
from tests.support.moderation import make_moderator

CATASTROPHIC = [r"(\w+)+z", r"(a|aa)+b", r"(\d+\s?)+x", r"\w*\w*\w*\w*z"]


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_patterns_that_backtrack_for_ever_are_found(pattern):
    assert regex_problem(pattern) == "slow"
    assert compile_entry(pattern, True) is None


@pytest.mark.parametrize("pattern", [r"discord g", r"k+y+s+", r"(a++)+z", r"(?>\w+)+z", r"t[a-z]+"])
def test_ordinary_patterns_are_accepted(pattern):
    assert regex_problem(pattern) == ""
    assert compile_entry(pattern, True) is not None


def test_a_long_message_is_checked_at_once_even_with_such_a_pattern_listed():
    entries = [Entry(r"(\w+)+z", True, "refuse"), Entry("connard", False, "mask")]
    compile_entry.cache_clear()
    start = time.perf_counter()
    verdict = check("a" * 25, entries)
    check("quel connard " + "a" * 180, entries)
    assert time.perf_counter() - start < 1.5  # the probe included; the match itself: 2 s today
    assert verdict.action == ""


@pytest.mark.django_db
def test_the_admin_refuses_to_save_a_pattern_that_would_freeze_the_chat(client):
    translation.activate("fr")
    client.force_login(make_moderator())
    url = reverse("admin:moderation_wordfilter_add")
    form = {"pattern": r"(\w+)+z", "is_regex": "on", "action": "refuse", "enabled": "on"}
    response = client.post(url, form)
    assert response.status_code == 200
    assert "plusieurs secondes" in response.content.decode()
    assert not WordFilter.objects.filter(pattern=r"(\w+)+z").exists()
    form["pattern"] = r"(?>\w+)+z"
    assert client.post(url, form).status_code == 302
