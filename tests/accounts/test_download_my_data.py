""" "Download my data": a logged-in player gets, as one JSON file, their profile, the matches they
played with each finished one's hand records, their chat lines, the reports they made and the
sanctions they received; each app adds its own part (``accounts.signals.personal_data``)."""

from __future__ import annotations

import json

import pytest
from allauth.account.models import EmailAddress
from django.test import Client

from games.actions.tables import do_create_private_table, do_join
from moderation.actions import do_report, do_silence
from tests.support.match import play_to_the_end, private_match, viewer_of
from tests.support.moderation import guest, make_moderator, say

PASSWORD = "un-mot-de-passe-solide-42"


@pytest.fixture
def lea(django_user_model):
    user = django_user_model.objects.create_user("LeaPique", "lea@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email="lea@example.org", primary=True, verified=True)
    return user


def test_a_player_downloads_everything_the_site_keeps_about_them(client, lea):
    client.force_login(lea)
    me = viewer_of(client)
    table, _ = private_match(client)
    match = play_to_the_end(table, client)
    chat_table = do_create_private_table(me, {}, "normal", None)
    do_join(chat_table.pk, guest("Hugo"), invite_token=chat_table.invite_token)
    say(chat_table, me, "bien joué tout le monde")
    do_report(chat_table.pk, me, seat="E", reason="spam", comment="il inonde le chat")
    do_silence(me.key, "24h", "langage", make_moderator(), name=me.name)

    response = client.get("/fr/accounts/data/")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["profile"]["username"] == "LeaPique"
    assert data["profile"]["email_addresses"][0]["email"] == "lea@example.org"
    played = {m["match"]: m for m in data["matches"]}
    assert played[match.pk]["seat"] == "N" and played[match.pk]["players"]["N"] == "LeaPique"
    assert played[match.pk]["hands"] and {"dealer", "hands", "bids", "plays"} <= set(
        played[match.pk]["hands"][0]
    )
    assert [m["text"] for m in data["chat_lines"]] == ["bien joué tout le monde"]
    assert [r["comment"] for r in data["reports_made"]] == ["il inonde le chat"]
    assert [b["reason"] for b in data["chat_bans"]] == ["langage"]
    assert "silence" in [e["action"] for e in data["moderation_received"]]
    assert "password" not in json.dumps(data["profile"])


def test_the_download_is_for_a_logged_in_player_only_and_linked_from_the_account_page(client, lea):
    assert Client().get("/fr/accounts/data/").status_code == 302  # to the login page
    client.force_login(lea)
    assert 'href="/fr/accounts/data/"' in client.get("/fr/accounts/").content.decode()
    assert "Télécharger mes données" in client.get("/fr/accounts/").content.decode()


def test_the_privacy_page_promises_the_download_and_the_deletion(client, db):
    page = client.get("/fr/confidentialite/").content.decode()
    assert "Télécharger mes données" in page and 'href="/fr/accounts/data/"' in page
    assert 'href="/fr/accounts/delete/"' in page
    english = client.get("/en/privacy/").content.decode()
    assert "Download my data" in english and 'href="/en/accounts/data/"' in english
