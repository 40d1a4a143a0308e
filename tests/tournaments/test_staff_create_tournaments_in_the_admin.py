"""Staff create a tournament (or a recurring one) in the admin and add pairs of bots there;
once a tournament has started its settings can no longer be changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.support.tournaments import open_tournament, start_now
from tournaments.models import RecurringTournament, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> Client:
    admin = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-boss-boss")
    client = Client()
    client.force_login(admin)
    return client


def test_staff_create_a_tournament_and_a_recurring_one(staff):
    starts = timezone.localtime(timezone.now() + timedelta(days=1))
    opens = starts - timedelta(hours=5)
    form = {
        "name": "Coupe du jeudi", "format": "swiss", "rounds": 4, "target": 200,
        "hand_limit": 8, "round_minutes": 30, "bot_level": "normal", "rated": "on",
        "registration_opens_at_0": opens.strftime("%d/%m/%Y"),
        "registration_opens_at_1": opens.strftime("%H:%M:%S"),
        "starts_at_0": starts.strftime("%d/%m/%Y"), "starts_at_1": starts.strftime("%H:%M:%S"),
        "registrations-TOTAL_FORMS": 0, "registrations-INITIAL_FORMS": 0,
        "pairs-TOTAL_FORMS": 0, "pairs-INITIAL_FORMS": 0,
    }  # fmt: skip
    response = staff.post("/fr/admin/tournaments/tournament/add/", form)
    assert response.status_code == 302, response.content.decode()[-2000:]
    t = Tournament.objects.get(name="Coupe du jeudi")
    assert t.rated and t.status == Tournament.Status.SCHEDULED
    response = staff.post(
        "/fr/admin/tournaments/recurringtournament/add/",
        {"name": "Le tournoi du soir", "format": "knockout", "rounds": 3, "target": 150,
         "hand_limit": 6, "round_minutes": 25, "bot_level": "normal", "rated": "on",
         "time_of_day": "21:00", "registration_hours": 12, "active": "on"},
    )  # fmt: skip
    assert response.status_code == 302
    assert RecurringTournament.objects.filter(time_of_day="21:00").exists()


def test_staff_add_bot_pairs_and_a_started_tournament_is_read_only(staff):
    t = open_tournament()
    staff.post(
        "/fr/admin/tournaments/tournament/",
        {"action": "add_bot_pair", "_selected_action": [t.pk]},
    )
    assert t.pairs.count() == 1
    start_now(t)
    page = staff.get(f"/fr/admin/tournaments/tournament/{t.pk}/change/").content.decode()
    assert 'name="rounds"' not in page
