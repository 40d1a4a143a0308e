"""Players' reports: what may be reported and how often; the admin's queue (filters by status,
reason and age), the reported message with the conversation around it, the player's history,
and the actions taken from the report itself, each one in the audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from games.actions import tables
from games.errors import ServiceError
from games.models import ChatMessage, Seat, Silence
from moderation import actions as moderation
from moderation.models import Event, Report
from tests.support.moderation import guest, make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def refused(table, viewer, **kwargs) -> str:
    with pytest.raises(ServiceError) as caught:
        moderation.do_report(table.pk, viewer, **kwargs)
    return caught.value.code


def test_a_player_reports_a_message_or_a_seat_and_the_report_names_the_reported_player():
    table, lea, hugo = seated_pair()
    message = say(table, hugo, "tu es nulle")
    first = moderation.do_report(table.pk, lea, message_id=message.pk, reason="insult")
    second = moderation.do_report(table.pk, lea, seat="E", reason="cheating", comment=" bizarre ")
    assert (first.reported_key, first.message, first.position) == (hugo.key, message, "E")
    assert (second.reported_key, second.message, second.comment) == (hugo.key, None, "bizarre")
    assert first.status == second.status == "open"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"seat": "E", "reason": "boring"}, "bad_report_reason"),
        ({"reason": "spam"}, "bad_report_target"),
        ({"seat": "E", "message_id": 1, "reason": "spam"}, "bad_report_target"),
        ({"seat": "X", "reason": "spam"}, "bad_seat"),
        ({"seat": "N", "reason": "spam"}, "not_reportable"),  # herself
        ({"seat": "S", "reason": "spam"}, "not_reportable"),  # an empty seat
        ({"message_id": "12", "reason": "spam"}, "bad_field"),
        ({"message_id": 999999, "reason": "spam"}, "no_such_message"),
        ({"seat": "E", "reason": "spam", "comment": "x" * 501}, "bad_field"),
        ({"seat": "E", "reason": "spam", "comment": 3}, "bad_field"),
    ],
)
def test_a_bad_report_is_refused_and_records_nothing(kwargs, code):
    table, lea, _hugo = seated_pair()
    assert refused(table, lea, **kwargs) == code
    assert not Report.objects.exists()


def test_a_message_of_another_table_cannot_be_reported_here():
    table, lea, _hugo = seated_pair()
    other, someone, _other = seated_pair()
    message = say(other, someone, "ailleurs")
    assert refused(table, lea, message_id=message.pk, reason="spam") == "no_such_message"


def test_a_viewer_without_a_nickname_cannot_report():
    table, _lea, _hugo = seated_pair()
    assert refused(table, None, seat="E", reason="spam") == "no_identity"


def test_a_reporter_sends_at_most_five_reports_in_ten_minutes():
    table, lea, _hugo = seated_pair()
    tables.do_join(table.pk, guest("Max"), invite_token=table.invite_token)
    seat = Seat.objects.get(table=table, nickname="Max").position
    # Five different reports (a repeat of an open one only counts on it: test_moderation_report_repeats).
    for target, reason in [("E", "spam"), ("E", "insult"), ("E", "cheating"), ("E", "other"),
                           (seat, "spam")]:  # fmt: skip
        moderation.do_report(table.pk, lea, seat=target, reason=reason)
    assert refused(table, lea, seat=seat, reason="insult") == "too_fast"
    Report.objects.update(created_at=timezone.now() - timedelta(minutes=11))
    moderation.do_report(table.pk, lea, seat=seat, reason="insult")
    assert Report.objects.count() == 6
    # Another reporter is not held back by Léa's reports.
    watcher = guest("Zoé")
    moderation.do_report(table.pk, watcher, seat="E", reason="spam")


def test_the_queue_filters_by_status_reason_and_age(client, moderator):
    table, lea, _hugo = seated_pair()
    old = moderation.do_report(table.pk, lea, seat="E", reason="spam")
    Report.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=3))
    new = moderation.do_report(table.pk, lea, seat="E", reason="insult")
    closed = moderation.do_report(table.pk, lea, seat="E", reason="other")
    moderation.do_close_reports([closed.pk], "dismissed")
    url = reverse("admin:moderation_report_changelist")

    def listed(query: str) -> set[int]:
        return {r.pk for r in client.get(url + query).context["cl"].result_list}

    assert listed("?status__exact=open") == {old.pk, new.pk}
    assert listed("?reason__exact=insult") == {new.pk}
    assert listed("?age=1d") == {new.pk, closed.pk}
    assert listed("?age=7d&status__exact=open") == {old.pk, new.pk}
    assert listed("?q=Hugo") == {old.pk, new.pk, closed.pk}


def test_a_report_shows_the_conversation_around_the_message_and_the_players_history(
    client, moderator
):
    table, lea, hugo = seated_pair()
    say(table, lea, "bonne partie")
    bad = say(table, hugo, "tu es nulle")
    say(table, lea, "pardon ?")
    earlier = moderation.do_report(table.pk, lea, seat="E", reason="spam")
    moderation.do_close_reports([earlier.pk], "resolved", moderator, "déjà prévenu")
    report = moderation.do_report(table.pk, lea, message_id=bad.pk, reason="insult")
    page = client.get(reverse("admin:moderation_report_change", args=[report.pk]))
    html = page.content.decode()
    assert html.index("bonne partie") < html.index("tu es nulle") < html.index("pardon ?")
    assert '<tr class="reported">' in html
    assert "déjà prévenu" in html and "Signalement traité" in html
    assert "Retirer la parole…" in html and "Masquer le message" in html
    assert lea.key not in html  # the reporter is shown by name only


def test_the_report_page_hides_the_message_and_closes_the_report(client, moderator):
    table, lea, hugo = seated_pair()
    bad = say(table, hugo, "tu es nulle")
    report = moderation.do_report(table.pk, lea, message_id=bad.pk, reason="insult")
    url = reverse("admin:moderation_report_change", args=[report.pk])
    response = client.post(url, {"_hide_message": "1"}, follow=True)
    assert "1 message masqué." in response.content.decode()
    assert ChatMessage.objects.get(pk=bad.pk).hidden is True
    report.refresh_from_db()
    assert (report.status, report.handled_by) == ("resolved", moderator)
    kinds = list(Event.objects.order_by("pk").values_list("kind", "moderator", "viewer_key"))
    assert kinds == [("hide", moderator.pk, hugo.key), ("resolve", moderator.pk, hugo.key)]


def test_the_report_page_bans_the_reported_player_through_the_form(client, moderator):
    table, lea, hugo = seated_pair()
    report = moderation.do_report(table.pk, lea, seat="E", reason="cheating")
    url = reverse("admin:moderation_report_change", args=[report.pk])
    form = client.post(url, {"_silence": "1"})
    assert form.status_code == 200 and "Durée" in form.content.decode()
    client.post(
        reverse("admin:moderation_report_changelist"),
        {
            "action": "silence",
            "_selected_action": [report.pk],
            "apply": "yes",
            "duration": "7d",
            "reason": "Triche avérée",
        },
    )
    ban = Silence.objects.get()
    assert (ban.viewer_key, ban.reason) == (hugo.key, "Triche avérée")
    report.refresh_from_db()
    assert report.status == "resolved"
    event = Event.objects.get(kind="silence")
    assert event.report == report and event.detail == "7 jours"


def test_dismissing_from_the_queue_closes_only_open_reports(client, moderator):
    table, lea, _hugo = seated_pair()
    first = moderation.do_report(table.pk, lea, seat="E", reason="spam")
    second = moderation.do_report(table.pk, lea, seat="E", reason="insult")
    moderation.do_close_reports([second.pk], "resolved")
    response = client.post(
        reverse("admin:moderation_report_changelist"),
        {"action": "dismiss", "_selected_action": [first.pk, second.pk]},
        follow=True,
    )
    assert "1 signalement classé sans suite." in response.content.decode()
    assert dict(Report.objects.values_list("pk", "status")) == {
        first.pk: "dismissed",
        second.pk: "resolved",
    }
