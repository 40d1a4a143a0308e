"""A moderator cannot sanction the staff: a chat ban, a ranked suspension or hiding the
messages of a staff member (the superuser included) is refused to a moderator, in the admin
(the player is left out with a warning) and in the use cases; a superuser may."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from games.actions import tables
from games.errors import ServiceError
from games.models import ChatMessage, Silence
from games.viewers import Viewer
from moderation import actions as moderation
from moderation.models import Event
from ranked.models import RankedSuspension
from tests.support.moderation import guest, make_moderator, say

pytestmark = pytest.mark.django_db(transaction=True)

CHANGELIST = "admin:games_chatmessage_changelist"


@pytest.fixture
def boss():
    return get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-123456!")


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def message_of(user) -> ChatMessage:
    """``user`` hosts a table with a guest and says something there."""
    viewer = Viewer(user_id=user.pk, guest_id=None, name=user.public_name())
    table = tables.do_create_private_table(viewer, {}, "normal", None)
    tables.do_join(table.pk, guest("Hugo"), invite_token=table.invite_token)
    return say(table, viewer, "bonjour")


def test_a_moderator_cannot_ban_the_superuser_from_his_message(client, moderator, boss):
    message = message_of(boss)
    form = client.post(
        reverse(CHANGELIST), {"action": "silence", "_selected_action": [message.pk]}, follow=True
    )
    assert "Pas de sanction pour boss\u00a0: Seul un superutilisateur" in form.content.decode()
    client.post(
        reverse(CHANGELIST),
        {"action": "silence", "_selected_action": [message.pk], "apply": "yes",
         "duration": "permanent", "reason": "Pour voir"},
    )  # fmt: skip
    assert not Silence.objects.exists() and not Event.objects.exists()


def test_a_moderator_cannot_hide_a_staff_members_messages(client, moderator, boss):
    message = message_of(boss)
    page = client.post(
        reverse(CHANGELIST), {"action": "hide", "_selected_action": [message.pk]}, follow=True
    )
    assert "Seul un superutilisateur" in page.content.decode()
    assert ChatMessage.objects.get(pk=message.pk).hidden is False
    with pytest.raises(ServiceError) as caught:
        moderation.do_set_hidden([message.pk], True, moderator)
    assert caught.value.code == "staff_protected"
    assert not Event.objects.exists()


def test_the_use_cases_refuse_a_moderators_sanction_of_staff(moderator, boss):
    colleague = make_moderator("collegue")
    for target in (boss, colleague):
        with pytest.raises(ServiceError) as caught:
            moderation.do_silence(f"u:{target.pk}", "24h", "Spam", moderator)
        assert caught.value.code == "staff_protected"
        with pytest.raises(ServiceError):
            moderation.do_suspend_ranked(target.pk, "24h", "Spam", moderator)
    assert not Silence.objects.exists() and not RankedSuspension.objects.exists()
    assert not Event.objects.exists()


def test_a_superuser_may_sanction_a_moderator_and_a_moderator_a_player(moderator, boss):
    player = get_user_model().objects.create_user("zoe", "zoe@example.org", "pw-123456!")
    moderation.do_silence(f"u:{moderator.pk}", "1h", "Abus", boss)
    moderation.do_silence(f"u:{player.pk}", "1h", "Spam", moderator)
    assert set(Silence.objects.values_list("viewer_key", flat=True)) == {
        f"u:{moderator.pk}",
        f"u:{player.pk}",
    }
