"""The audit trail: every moderation action written with who, when, what and why; read-only and
searchable in the admin."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Silence
from moderation import actions as moderation
from moderation.models import Event
from tests.support.moderation import make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def test_hiding_and_showing_from_the_admin_are_written_with_their_moderator(client, moderator):
    table, _lea, hugo = seated_pair()
    message = say(table, hugo, "gros mot")
    url = reverse("admin:games_chatmessage_changelist")
    client.post(url, {"action": "hide", "_selected_action": [message.pk]})
    client.post(url, {"action": "hide", "_selected_action": [message.pk]})  # no change: no event
    client.post(url, {"action": "unhide", "_selected_action": [message.pk]})
    events = list(Event.objects.order_by("pk"))
    assert [(e.kind, e.moderator, e.moderator_name, e.message) for e in events] == [
        ("hide", moderator, "modo", message),
        ("show", moderator, "modo", message),
    ]
    assert events[0].viewer_key == hugo.key and events[0].detail == "gros mot"


def test_every_kind_of_action_is_written_and_found_by_a_search(client, moderator):
    table, lea, hugo = seated_pair()
    message = say(table, hugo, "gros mot")
    moderation.do_set_hidden([message.pk], True, moderator, "grossier")
    moderation.do_silence(hugo.key, "1h", "récidive", moderator, name="Hugo")
    moderation.do_lift([Silence.objects.get().pk], moderator, "erreur")
    report = moderation.do_report(table.pk, lea, seat="E", reason="spam")
    moderation.do_close_reports([report.pk], "dismissed", moderator, "rien vu")
    assert set(Event.objects.values_list("kind", flat=True)) == {
        "hide",
        "silence",
        "lift",
        "dismiss",
    }
    page = client.get(reverse("admin:moderation_event_changelist") + "?q=récidive")
    assert [e.kind for e in page.context["cl"].result_list] == ["silence"]
    page = client.get(reverse("admin:moderation_event_changelist") + "?q=Hugo")
    assert len(page.context["cl"].result_list) == 4


def test_the_audit_trail_cannot_be_changed_or_deleted_even_by_a_superuser(admin_client):
    moderation.do_silence("g:abc", "1h", "spam")
    event = Event.objects.get()
    change = reverse("admin:moderation_event_change", args=[event.pk])
    assert "Enregistrer" not in admin_client.get(change).content.decode()
    delete = reverse("admin:moderation_event_delete", args=[event.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()
