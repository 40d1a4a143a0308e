"""Reports do not flood the moderators' queue: one open report per reporter (the word filter is
one), reported person and reason, which counts the repeats. Twelve refused messages in a row
make one report counted 12 times with their texts; a player reporting the same person for the
same reason again adds a repeat; once the report is closed, the next one opens anew."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from games.errors import ServiceError
from moderation import actions as moderation
from moderation import wordfilter
from moderation.models import Report, WordFilter
from tests.support.moderation import make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def reporting_word():
    WordFilter.objects.all().delete()
    WordFilter.objects.create(pattern="va te pendre", action="report")
    wordfilter.forget()
    yield
    wordfilter.forget()


def test_twelve_refused_messages_make_one_report_counted_twelve_times(reporting_word):
    table, _lea, hugo = seated_pair()
    for i in range(12):
        with pytest.raises(ServiceError):
            say(table, hugo, f"va te pendre {i}")
    report = Report.objects.get()
    assert (report.reported_key, report.reporter_key, report.repeats) == (hugo.key, "filter", 12)
    assert "va te pendre 0" in report.comment and "va te pendre 5" in report.comment
    assert len(report.comment) <= 500 and report.last_at is not None

    moderation.do_close_reports([report.pk], Report.Status.RESOLVED)
    with pytest.raises(ServiceError):
        say(table, hugo, "va te pendre encore")
    assert Report.objects.filter(status="open").get().repeats == 1
    assert Report.objects.count() == 2


def test_a_player_reporting_the_same_person_for_the_same_reason_adds_a_repeat():
    table, lea, hugo = seated_pair()
    first = moderation.do_report(table.pk, lea, seat="E", reason="insult", comment="grossier")
    again = moderation.do_report(table.pk, lea, seat="E", reason="insult", comment="encore")
    other = moderation.do_report(table.pk, lea, seat="E", reason="cheating")
    assert again.pk == first.pk and other.pk != first.pk
    first.refresh_from_db()
    assert first.repeats == 2 and first.comment == "grossier\nencore"
    assert Report.objects.count() == 2 and first.reported_key == hugo.key


def test_the_database_holds_one_open_report_per_reporter_person_and_reason():
    table, lea, _hugo = seated_pair()
    report = moderation.do_report(table.pk, lea, seat="E", reason="spam")
    with pytest.raises(IntegrityError), transaction.atomic():
        Report.objects.create(
            table_id=table.pk, reporter_key=lea.key, reason="spam",
            reported_key=report.reported_key,
        )  # fmt: skip


def test_the_queue_shows_how_many_times(client):
    translation.activate("fr")
    client.force_login(make_moderator())
    table, lea, _hugo = seated_pair()
    for _ in range(3):
        moderation.do_report(table.pk, lea, seat="E", reason="spam")
    page = client.get(reverse("admin:moderation_report_changelist"))
    assert page.context["cl"].result_count == 1
    assert '<td class="field-repeats">3</td>' in page.content.decode()
