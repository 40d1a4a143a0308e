"""Ranked-play suspensions: chosen in the admin from a report or an account (duration and reason
on the intermediate page), only for accounts, over by themselves, lifted by a moderator, each in
the audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation

from games.actions import tables
from games.errors import ServiceError
from games.viewers import Viewer
from moderation import actions as moderation
from moderation.actions import do_lift_suspensions, do_suspend_ranked
from moderation.models import Event, Report
from ranked.actions import suspension_of as ranked_suspension_of
from ranked.models import RankedSuspension
from ranked.tasks import rate_missed
from tests.support.moderation import guest, make_moderator

pytestmark = pytest.mark.django_db(transaction=True)

REPORTS = "admin:moderation_report_changelist"


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def account(name: str) -> tuple[object, Viewer]:
    user = get_user_model().objects.create_user(name.lower(), f"{name.lower()}@example.org", "x")
    user.display_name = name
    user.save()
    return user, Viewer(user_id=user.pk, guest_id=None, name=name)


def reported_table(reported: Viewer) -> Report:
    """Léa (a guest) hosts; the reported player joins; Léa reports their seat."""
    lea = guest("Léa")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    tables.do_join(table.pk, reported, invite_token=table.invite_token)
    return moderation.do_report(table.pk, lea, seat="E", reason="cheating")


def test_a_moderator_suspends_a_reported_account_from_ranked_play_with_a_duration_and_reason(
    client, moderator
):
    user, hugo = account("Hugo")
    report = reported_table(hugo)
    url = reverse(REPORTS)
    form = client.post(url, {"action": "suspend_ranked", "_selected_action": [report.pk]})
    assert form.status_code == 200
    assert "Hugo" in form.content.decode() and not RankedSuspension.objects.exists()
    client.post(
        url,
        {
            "action": "suspend_ranked",
            "_selected_action": [report.pk],
            "apply": "yes",
            "duration": "7d",
            "reason": "Collusion avec son partenaire",
        },
    )
    suspension = ranked_suspension_of(user.pk)
    assert suspension is not None and suspension.reason == "Collusion avec son partenaire"
    assert timedelta(days=6, hours=23) < suspension.until - timezone.now() <= timedelta(days=7)
    report.refresh_from_db()
    assert report.status == Report.Status.RESOLVED
    event = Event.objects.get(kind=Event.Kind.SUSPEND)
    assert (event.viewer_key, event.moderator, event.report) == (f"u:{user.pk}", moderator, report)


def test_a_guest_cannot_be_suspended_from_ranked_play(client, moderator):
    report = reported_table(guest("Hugo"))
    page = client.post(
        reverse(REPORTS), {"action": "suspend_ranked", "_selected_action": [report.pk]}, follow=True
    )
    assert "invités" in page.content.decode()
    assert not RankedSuspension.objects.exists()


def test_a_suspension_ends_by_itself_and_the_minute_task_clears_it():
    user, _hugo = account("Hugo")
    do_suspend_ranked(user.pk, "1h", "Abandons")
    assert ranked_suspension_of(user.pk) is not None
    RankedSuspension.objects.update(until=timezone.now() - timedelta(seconds=1))
    assert ranked_suspension_of(user.pk) is None
    rate_missed()
    assert not RankedSuspension.objects.exists()


def test_a_permanent_suspension_lasts_until_a_moderator_lifts_it(client, moderator):
    user, _hugo = account("Hugo")
    suspension = do_suspend_ranked(user.pk, "permanent", "Triche")
    assert suspension.until is None and ranked_suspension_of(user.pk) is not None
    url = reverse("admin:ranked_rankedsuspension_changelist")
    assert "Hugo" in client.get(url).content.decode()
    client.post(url, {"action": "lift", "_selected_action": [suspension.pk]})
    assert ranked_suspension_of(user.pk) is None
    assert Event.objects.filter(kind=Event.Kind.UNSUSPEND, moderator=moderator).count() == 1


def test_an_admin_suspends_from_the_accounts_list(admin_client):
    user, _hugo = account("Hugo")
    url = reverse("admin:accounts_user_changelist")
    admin_client.post(
        url,
        {
            "action": "suspend_ranked",
            "_selected_action": [user.pk],
            "apply": "yes",
            "duration": "24h",
            "reason": "Abandons répétés",
        },
    )
    assert ranked_suspension_of(user.pk).reason == "Abandons répétés"


def test_an_unknown_duration_is_refused_and_changes_nothing():
    user, _hugo = account("Hugo")
    with pytest.raises(ValueError):
        do_suspend_ranked(user.pk, "3y", "x")
    assert not RankedSuspension.objects.exists() and not Event.objects.exists()
    assert do_lift_suspensions([12345]) == 0


def test_a_suspended_player_leaves_the_queue_and_may_not_join_it_until_the_end():
    from ranked.actions import do_join_queue
    from ranked.models import QueueEntry

    user, hugo = account("Hugo")
    assert do_join_queue(hugo) is None and QueueEntry.objects.filter(user=user).exists()
    do_suspend_ranked(user.pk, "24h", "Collusion")
    assert not QueueEntry.objects.filter(user=user).exists()
    with pytest.raises(ServiceError) as refused:
        do_join_queue(hugo)
    assert refused.value.code == "ranked_suspended"
    with translation.override("fr"):
        text = str(refused.value.message)
    assert "suspendu" in text and "Collusion" in text and "jusqu'au" in text
    RankedSuspension.objects.update(until=timezone.now() - timedelta(seconds=1))
    assert do_join_queue(hugo) is None  # over by itself


def test_a_permanent_suspension_says_so():
    from ranked.actions import do_join_queue

    user, hugo = account("Hugo")
    do_suspend_ranked(user.pk, "permanent", "")
    with pytest.raises(ServiceError) as refused:
        do_join_queue(hugo)
    with translation.override("fr"):
        assert "définitivement" in str(refused.value.message)
