"""API tokens from the account page: shown once, kept as a SHA-256 digest only, revocable, each
with its scopes (play, read)."""

from __future__ import annotations

import hashlib

import pytest
from django.urls import reverse

from accounts.models import User
from botapi.actions import do_create_token, do_make_bot_account
from botapi.models import ApiToken
from games.errors import ServiceError
from games.models import Table
from tests.support.botapi import make_bot

pytestmark = pytest.mark.django_db

PAGE = "/en/accounts/bot/"


def bearer(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.fixture
def owner(client):
    user = User.objects.create_user("Robotine", password="pw-for-tests-only")
    do_make_bot_account(user.pk)
    client.force_login(user)
    return user


def test_a_new_token_is_shown_once_and_only_its_digest_is_kept(client, owner):
    response = client.post(
        "/en/accounts/bot/tokens/", {"label": "my bot", "scopes": ["play", "read"]}
    )
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=owner)
    secret = response.context["new_secret"]
    assert secret.startswith("atp_") and len(secret) >= 40
    assert secret in response.content.decode()
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    stored = [str(v) for v in ApiToken.objects.filter(pk=token.pk).values().first().values()]
    assert secret not in stored
    assert token.scope_list == ["play", "read"] and token.label == "my bot"
    again = client.get(PAGE)
    assert secret not in again.content.decode()
    assert token.hint in again.content.decode()


def test_a_revoked_token_opens_nothing_any_more(client, owner):
    token, secret = do_create_token(owner.pk)
    assert client.get("/api/bot/account/", **bearer(secret)).status_code == 200
    response = client.post(reverse("botapi:revoke_token", args=[token.pk]))
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    refused = client.get("/api/bot/account/?lang=en", **bearer(secret))
    assert refused.status_code == 401
    assert refused.json()["code"] == "token_revoked"
    assert "refused" in refused.json()["message"]


def test_one_cannot_revoke_someone_elses_token(client, owner):
    _other, secret = make_bot("Autre")
    token = ApiToken.objects.get(user__username="Autre")
    client.post(reverse("botapi:revoke_token", args=[token.pk]))
    token.refresh_from_db()
    assert token.revoked_at is None
    assert client.get("/api/bot/account/", **bearer(secret)).status_code == 200


def test_a_read_token_reads_but_does_not_play_and_a_play_token_plays_but_does_not_read(client):
    _bot, read_only = make_bot("Lectrice", scopes=("read",))
    assert client.get("/api/bot/account/", **bearer(read_only)).json()["scopes"] == ["read"]
    refused = client.post("/api/bot/quick/", **bearer(read_only))
    assert (refused.status_code, refused.json()["code"]) == (403, "token_scope")
    assert not Table.objects.exists()
    _bot, play_only = make_bot("Joueuse", scopes=("play",))
    assert client.post("/api/bot/quick/", **bearer(play_only)).status_code == 200
    refused = client.get("/api/bot/account/", **bearer(play_only))
    assert (refused.status_code, refused.json()["code"]) == (403, "token_scope")


def test_a_token_needs_a_scope_and_a_bot_account(client, owner):
    response = client.post("/en/accounts/bot/tokens/", {"label": "none"})
    assert response.status_code == 400
    assert not ApiToken.objects.exists()
    person = User.objects.create_user("Personne", password="pw-for-tests-only")
    with pytest.raises(ServiceError) as refused:
        do_create_token(person.pk)
    assert refused.value.code == "not_bot"
    with pytest.raises(ServiceError):
        do_create_token(owner.pk, scopes=["admin"])
    assert not ApiToken.objects.exists()


def test_the_token_page_speaks_french(client, owner):
    page = client.get("/fr/accounts/bot/").content.decode()
    assert "Tes jetons" in page
