"""A guest's chat ban follows the guest (their session, then their browser's cookie into a new
session), never their address alone: one guest's ban does not silence the other guests behind
the same address (a household, a school, the proxy in front of the site). Blocking the address
is a separate choice of the moderator, shown as such, always over by itself, and a guest it
stops is told the address is blocked, never the banned guest's reason."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core import addresses
from games.actions import tables
from games.actions.sweep import sweep
from games.errors import ServiceError
from games.models import Silence
from games.viewers import Viewer
from moderation import actions as moderation
from moderation.models import Event
from tests.support.moderation import guest, make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)

HERE = addresses.address_hash("203.0.113.7")
TROLLS_BROWSER = addresses.browser_hash("cookie-of-trolls-browser")
HER_BROWSER = addresses.browser_hash("cookie-of-another-browser")


def refusal(table, viewer, address: str = "", browser: str = "") -> tuple[str, str]:
    with pytest.raises(ServiceError) as caught:
        say(table, viewer, "bonjour", address, browser)
    with translation.override("fr"):
        return caught.value.code, str(caught.value.message)


def a_second_table(who: Viewer) -> tuple[int, Viewer]:
    """Another private table where ``who`` sits with a newcomer (seated, chat open)."""
    host = guest("Hôte")
    table = tables.do_create_private_table(host, {}, "normal", None)
    tables.do_join(table.pk, who, invite_token=table.invite_token)
    return table, host


def test_a_guests_ban_does_not_silence_another_guest_from_the_same_address():
    table, _lea, troll = seated_pair()
    say(table, troll, "insulte", HERE, TROLLS_BROWSER)
    moderation.do_silence(troll.key, "24h", "Troll", name="Troll")
    newcomer = guest("Zoé")
    other, _host = a_second_table(newcomer)

    assert say(other, newcomer, "salut tout le monde", HERE, HER_BROWSER).text == (
        "salut tout le monde"
    )
    assert refusal(table, troll, HERE, TROLLS_BROWSER)[0] == "silenced"


def test_a_banned_guest_stays_banned_in_a_new_session_of_the_same_browser():
    table, _lea, troll = seated_pair()
    say(table, troll, "insulte", HERE, TROLLS_BROWSER)
    moderation.do_silence(troll.key, "24h", "Insultes", name="Troll")
    ban = Silence.objects.get()
    assert ban.browser == TROLLS_BROWSER and ban.address == "" and ban.address_until is None
    assert "cookie-of-trolls-browser" not in ban.browser

    tables.do_leave(table.pk, troll)
    new_session = guest("Troll2")
    tables.do_join(table.pk, new_session, invite_token=table.invite_token)
    code, text = refusal(table, new_session, addresses.address_hash("198.51.100.2"), TROLLS_BROWSER)
    assert code == "silenced" and "Insultes" in text


def test_a_ban_learns_the_browser_a_guest_comes_back_with():
    table, _lea, troll = seated_pair()
    moderation.do_silence(troll.key, "24h", "Spam")
    assert Silence.objects.get().browser == ""
    refusal(table, troll, HERE, TROLLS_BROWSER)
    ban = Silence.objects.get()
    assert ban.browser == TROLLS_BROWSER and ban.address == ""


def test_an_address_block_is_the_moderators_choice_and_tells_others_no_reason():
    table, _lea, troll = seated_pair()
    say(table, troll, "insulte", HERE, TROLLS_BROWSER)
    moderation.do_silence(troll.key, "permanent", "Insultes", name="Troll", block_address="24h")
    ban = Silence.objects.get()
    assert ban.until is None and ban.address == HERE
    assert abs(ban.address_until - (timezone.now() + timedelta(hours=24))) < timedelta(minutes=1)
    with translation.override("fr"):
        kinds = list(Event.objects.order_by("pk").values_list("kind", "detail"))
    assert kinds == [("silence", "Définitif"), ("address", "24 heures")]

    newcomer = guest("Zoé")
    other, _host = a_second_table(newcomer)
    code, text = refusal(other, newcomer, HERE, HER_BROWSER)
    assert code == "address_blocked"
    assert "Insultes" not in text and "Motif" not in text and "ton réseau" in text
    # Elsewhere, she chats; an account at the blocked address chats too.
    assert say(other, newcomer, "et là ?", addresses.address_hash("198.51.100.2"), HER_BROWSER)


def test_an_address_block_never_outlasts_the_ban_and_is_over_by_itself():
    table, _lea, troll = seated_pair()
    say(table, troll, "insulte", HERE, TROLLS_BROWSER)
    moderation.do_silence(troll.key, "1h", "Spam", block_address="7d")
    ban = Silence.objects.get()
    assert ban.address_until == ban.until

    newcomer = guest("Zoé")
    other, _host = a_second_table(newcomer)
    Silence.objects.update(address_until=timezone.now() - timedelta(seconds=1))
    assert say(other, newcomer, "me voilà", HERE, HER_BROWSER).text == "me voilà"
    sweep()
    ban = Silence.objects.get()
    assert (ban.address, ban.address_until) == ("", None)  # the hash is forgotten
    with pytest.raises(ValueError):
        moderation.do_silence("u:1", "1h", "Spam", block_address="24h")  # accounts: never


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def test_the_ban_form_offers_the_address_block_as_a_separate_choice_off_by_default(
    client, moderator
):
    table, _lea, troll = seated_pair()
    message = say(table, troll, "insulte", HERE, TROLLS_BROWSER)
    url = reverse("admin:games_chatmessage_changelist")
    form = client.post(url, {"action": "silence", "_selected_action": [message.pk]})
    page = form.content.decode()
    assert "Bloquer aussi l&#x27;adresse des invités" in page
    assert form.context["form"]["block_address"].initial == ""

    client.post(
        url,
        {"action": "silence", "_selected_action": [message.pk], "apply": "yes",
         "duration": "24h", "reason": "Troll"},
    )  # fmt: skip
    assert Silence.objects.get().address_until is None  # not chosen: no address block

    client.post(
        url,
        {"action": "silence", "_selected_action": [message.pk], "apply": "yes",
         "duration": "24h", "reason": "Troll", "block_address": "1h"},
    )  # fmt: skip
    ban = Silence.objects.get()
    assert ban.address == HERE and ban.address_until is not None
    listing = client.get(reverse("admin:games_silence_changelist")).content.decode()
    assert "jusqu&#x27;au" in listing

    client.post(
        reverse("admin:games_silence_changelist"),
        {"action": "unblock_address", "_selected_action": [ban.pk]},
    )
    ban.refresh_from_db()
    assert ban.address_until is None and ban.until is not None
    assert Event.objects.filter(kind="unaddress", moderator=moderator).count() == 1


def test_a_guest_gets_a_browser_cookie_once_they_have_a_nickname(client):
    assert addresses.BROWSER_COOKIE not in client.get(reverse("lobby:index")).cookies
    response = client.post(reverse("lobby:nickname"), {"nickname": "Zoé"})
    cookie = response.cookies[addresses.BROWSER_COOKIE]
    assert len(cookie.value) == 32 and cookie["httponly"] and cookie["max-age"] > 30 * 86400
