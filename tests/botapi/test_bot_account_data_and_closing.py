"""A bot account's "Download my data" lists its tokens (never their secrets), and closing the
account revokes them."""

from __future__ import annotations

import json

import pytest

from accounts.deletion import close_account
from botapi.models import ApiToken
from tests.support.botapi import make_bot

pytestmark = pytest.mark.django_db


def test_the_download_lists_the_tokens_without_their_secrets(client):
    user, secret = make_bot("Robotine")
    client.force_login(user)
    response = client.get("/en/accounts/data/")
    data = json.loads(response.content)["bot_account"]
    assert data["is_bot"] is True and data["since"]
    (token,) = data["tokens"]
    assert token["scopes"] == ["play", "read"] and secret.startswith(token["begins_with"])
    assert secret not in response.content.decode()
    assert ApiToken.objects.get().digest not in response.content.decode()


def test_closing_a_bot_account_revokes_its_tokens(client):
    user, secret = make_bot("Robotine")
    close_account(user)
    assert ApiToken.objects.get().revoked_at is not None
    refused = client.get("/api/bot/account/", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert refused.status_code == 401
