"""The admin changes a table through its use case: locked, versioned and broadcast to players."""

from __future__ import annotations

import json
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from games import broadcast, frames
from games.actions import tables
from games.models import Table
from games.viewers import Viewer


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("chef", "chef@example.org", "pw-123456!")
    client.force_login(user)
    return client


@pytest.fixture
def sent(monkeypatch):
    messages: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send_many", messages.extend)
    return messages


def _open_table() -> Table:
    host = Viewer(user_id=None, guest_id=uuid.uuid4().hex, name="Léa")
    table = tables.do_create_private_table(host, {}, "normal", None)
    tables.do_start(table.pk, host)
    return Table.objects.get(pk=table.pk)


def _change_form(table: Table) -> dict:
    return {
        "chat_enabled": "",  # unticked
        "seats-TOTAL_FORMS": "4",
        "seats-INITIAL_FORMS": "4",
        "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "4",
        "matches-TOTAL_FORMS": "1",
        "matches-INITIAL_FORMS": "1",
        "matches-MIN_NUM_FORMS": "0",
        "matches-MAX_NUM_FORMS": "1",
    }


@pytest.mark.django_db(transaction=True)
def test_turning_the_chat_off_in_the_table_form_bumps_the_version_and_tells_every_seat(
    admin_client, sent
):
    table = _open_table()
    sent.clear()
    url = reverse("admin:games_table_change", args=[table.pk])
    response = admin_client.post(url, _change_form(table))
    assert response.status_code == 302, response.content.decode()[:2000]
    after = Table.objects.get(pk=table.pk)
    assert after.chat_enabled is False
    assert after.version == table.version + 1
    groups = {group for group, _ in sent}
    assert groups == {broadcast.state_group(table.pk)}
    seated = {s.position for s in after.seats.all() if s.viewer_key}
    for _group, message in sent:
        assert set(message["views"]) == {frames.PUBLIC_VIEW, *seated}  # each seat, spectators
        facts = json.loads(next(iter(message["facts"].values())))
        assert facts["chat_enabled"] is False
        assert message["version"] == after.version


@pytest.mark.django_db(transaction=True)
def test_the_admin_action_turns_the_chat_back_on_and_broadcasts(admin_client, sent):
    table = _open_table()
    translation.activate("fr")  # the admin in French, whatever an earlier test left active
    changelist = reverse("admin:games_table_changelist")
    admin_client.post(changelist, {"action": "chat_off", "_selected_action": [table.pk]})
    sent.clear()
    response = admin_client.post(
        changelist, {"action": "chat_on", "_selected_action": [table.pk]}, follow=True
    )
    assert "1 table modifiée." in response.content.decode()
    assert Table.objects.get(pk=table.pk).chat_enabled is True
    assert len(sent) == 1  # one message to the table's sockets


@pytest.mark.django_db
def test_the_admin_cannot_delete_a_table_under_its_players(admin_client):
    table = _open_table()
    response = admin_client.post(
        reverse("admin:games_table_delete", args=[table.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    assert Table.objects.filter(pk=table.pk).exists()
