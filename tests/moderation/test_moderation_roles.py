"""The moderators' group: exactly the permissions moderation needs, nothing else; the admin
carries the site's name and tells its sections apart."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import translation

from tests.support.moderation import MODERATORS, make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator_client(client):
    translation.activate("fr")
    client.force_login(make_moderator())
    return client


def test_the_moderators_group_is_made_with_exactly_the_permissions_moderation_needs():
    perms = {
        f"{p.content_type.app_label}.{p.codename}"
        for p in Group.objects.get(name=MODERATORS).permissions.all()
    }
    assert perms == {
        "games.view_table",
        "games.change_table",
        "games.view_chatmessage",
        "games.change_chatmessage",
        "games.view_silence",
        "games.add_silence",
        "games.change_silence",
        "moderation.view_report",
        "moderation.change_report",
        "moderation.view_event",
        "moderation.view_wordfilter",
        "moderation.add_wordfilter",
        "moderation.change_wordfilter",
        "moderation.delete_wordfilter",
        "ranked.view_rankedsuspension",
        "ranked.add_rankedsuspension",
        "ranked.change_rankedsuspension",
        "ranked.view_rankedorigin",
    }


@pytest.mark.parametrize(
    "name",
    [
        "games_chatmessage_changelist",
        "games_silence_changelist",
        "games_table_changelist",
        "moderation_report_changelist",
        "moderation_event_changelist",
        "moderation_wordfilter_changelist",
        "moderation_wordfilter_add",
        "ranked_rankedsuspension_changelist",
        "ranked_rankedorigin_changelist",
        "ranked_rankedorigin_pairs",
    ],
)
def test_a_moderator_sees_the_moderation_pages(moderator_client, name):
    assert moderator_client.get(reverse(f"admin:{name}")).status_code == 200


@pytest.mark.parametrize(
    "name",
    [
        "accounts_user_changelist",
        "auth_group_changelist",
        "games_match_changelist",
        "games_action_changelist",
        "games_mute_changelist",
        "account_emailaddress_changelist",
    ],
)
def test_a_moderator_sees_nothing_else(moderator_client, name):
    assert moderator_client.get(reverse(f"admin:{name}")).status_code == 403


def test_a_moderator_may_neither_delete_a_message_nor_type_a_ban_nor_edit_the_audit_trail(
    moderator_client,
):
    table, lea, _hugo = seated_pair()
    message = say(table, lea, "bonjour")
    delete = reverse("admin:games_chatmessage_delete", args=[message.pk])
    assert moderator_client.post(delete, {"post": "yes"}).status_code == 403
    assert moderator_client.get(reverse("admin:games_silence_add")).status_code == 403
    assert moderator_client.get(reverse("admin:moderation_event_add")).status_code == 403
    assert moderator_client.get(reverse("admin:moderation_report_add")).status_code == 403


def test_the_index_offers_a_moderator_only_the_moderation_sections(moderator_client):
    page = moderator_client.get(reverse("admin:index")).content.decode()
    assert "Messages de discussion" in page and "Signalements" in page
    assert "Utilisateurs" not in page and "Groupes" not in page


def test_the_admin_carries_the_site_name_in_french_first(admin_client, settings):
    translation.activate("fr")
    page = admin_client.get(reverse("admin:index")).content.decode()
    assert f"{settings.SITE_NAME} – administration" in page
    assert "Administration de Django" not in page


def test_the_two_account_sections_have_different_names(admin_client):
    translation.activate("fr")
    page = admin_client.get(reverse("admin:index")).content.decode()
    assert page.count(">Comptes<") == 1
    assert ">Utilisateurs<" in page
