"""Chat bans: chosen in the admin from a message (duration and reason on an intermediate page,
never a typed key), refused with the reason and the end, over by themselves, lifted by a
moderator; each one in the audit trail. (A guest's ban across sessions, and address blocks:
test_moderation_guest_bans.py.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core import addresses
from games import sanctions
from games.actions.sweep import sweep
from games.errors import ServiceError
from games.models import Silence
from moderation import actions as moderation
from moderation.models import Event
from tests.support.moderation import make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)

CHANGELIST = "admin:games_chatmessage_changelist"


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def refusal_text(table, viewer, address: str = "") -> tuple[str, str]:
    with pytest.raises(ServiceError) as caught:
        say(table, viewer, "encore moi", address)
    with translation.override("fr"):
        return caught.value.code, str(caught.value.message)


def test_a_moderator_bans_a_messages_author_through_a_form_of_duration_and_reason(
    client, moderator
):
    table, _lea, hugo = seated_pair()
    message = say(table, hugo, "insulte")
    url = reverse(CHANGELIST)
    form = client.post(url, {"action": "silence", "_selected_action": [message.pk]})
    assert form.status_code == 200
    page = form.content.decode()
    assert "Hugo" in page and "24 heures" in page and "Définitif" in page
    assert not Silence.objects.exists()

    done = client.post(
        url,
        {
            "action": "silence",
            "_selected_action": [message.pk],
            "apply": "yes",
            "duration": "24h",
            "reason": "Insultes répétées",
        },
        follow=True,
    )
    assert "1 joueur ne peut plus écrire dans la discussion." in done.content.decode()
    ban = Silence.objects.get()
    assert ban.viewer_key == hugo.key and ban.viewer_name == "Hugo"
    assert ban.reason == "Insultes répétées"
    assert abs(ban.until - (timezone.now() + timedelta(hours=24))) < timedelta(minutes=1)
    event = Event.objects.get()
    assert (event.kind, event.moderator, event.viewer_key) == ("silence", moderator, hugo.key)
    assert event.reason == "Insultes répétées" and event.detail == "24 heures"


def test_a_ban_without_a_reason_shows_the_form_again_and_bans_nobody(client, moderator):
    table, _lea, hugo = seated_pair()
    message = say(table, hugo, "insulte")
    response = client.post(
        reverse(CHANGELIST),
        {"action": "silence", "_selected_action": [message.pk], "apply": "yes", "duration": "1h"},
    )
    assert response.status_code == 200
    assert "Ce champ est obligatoire." in response.content.decode()
    assert not Silence.objects.exists() and not Event.objects.exists()


def test_the_banned_players_next_message_is_refused_with_the_reason_and_the_end():
    table, _lea, hugo = seated_pair()
    moderation.do_silence(hugo.key, "1h", "Spam", name="Hugo")
    code, text = refusal_text(table, hugo)
    until = timezone.localtime(Silence.objects.get().until)
    assert code == "silenced"
    assert "Spam" in text and f"{until:%H:%M}" in text
    assert text.startswith("Un modérateur t'a retiré la parole jusqu'au")


def test_a_permanent_ban_says_so():
    table, _lea, hugo = seated_pair()
    moderation.do_silence(hugo.key, "permanent", "Triche", name="Hugo")
    code, text = refusal_text(table, hugo)
    assert code == "silenced" and "définitivement" in text and "Triche" in text


def test_a_ban_that_is_over_refuses_nothing_and_is_forgotten():
    table, _lea, hugo = seated_pair()
    moderation.do_silence(hugo.key, "1h", "Spam")
    Silence.objects.update(until=timezone.now() - timedelta(seconds=1))
    assert say(table, hugo, "me revoilà").text == "me revoilà"
    assert sweep()["bans_over"] == 1
    assert not Silence.objects.exists()
    assert sanctions.purge_expired() == 0


def test_the_address_is_an_hmac_keyed_by_the_secret_key(settings):
    first = addresses.address_hash("192.0.2.1")
    assert len(first) == 64 and first == addresses.address_hash("192.0.2.1")
    settings.SECRET_KEY = "another secret key for this test only, long enough to be accepted"
    assert addresses.address_hash("192.0.2.1") != first
    assert addresses.address_hash(None) == ""


def test_a_moderator_lifts_a_ban_and_the_player_speaks_again(client, moderator):
    table, _lea, hugo = seated_pair()
    moderation.do_silence(hugo.key, "7d", "Spam", name="Hugo")
    ban = Silence.objects.get()
    response = client.post(
        reverse("admin:games_silence_changelist"),
        {"action": "lift", "_selected_action": [ban.pk]},
        follow=True,
    )
    assert "1 sanction levée." in response.content.decode()
    assert not Silence.objects.exists()
    assert say(table, hugo, "merci").text == "merci"
    assert list(Event.objects.values_list("kind", "moderator")) == [
        ("lift", moderator.pk),
        ("silence", None),
    ]


def test_the_ban_list_filters_the_bans_in_force(client, moderator):
    _table, lea, hugo = seated_pair()
    moderation.do_silence(hugo.key, "1h", "Spam", name="Hugo")
    moderation.do_silence(lea.key, "1h", "Spam", name="Léa")
    Silence.objects.filter(viewer_key=lea.key).update(until=timezone.now() - timedelta(minutes=1))
    page = client.get(reverse("admin:games_silence_changelist") + "?in_force=yes")
    rows = [s.viewer_name for s in page.context["cl"].result_list]
    assert rows == ["Hugo"]


def test_an_administrator_bans_a_registered_player_from_their_account_row(admin_client):
    translation.activate("fr")
    from django.contrib.auth import get_user_model

    player = get_user_model().objects.create_user("zoe", "zoe@example.org", "pw-123456!")
    url = reverse("admin:accounts_user_changelist")
    form = admin_client.post(url, {"action": "silence", "_selected_action": [player.pk]})
    assert form.status_code == 200 and "Durée" in form.content.decode()
    admin_client.post(
        url,
        {
            "action": "silence",
            "_selected_action": [player.pk],
            "apply": "yes",
            "duration": "permanent",
            "reason": "Spam répété",
        },
    )
    ban = Silence.objects.get()
    assert (ban.viewer_key, ban.until, ban.reason) == (f"u:{player.pk}", None, "Spam répété")
