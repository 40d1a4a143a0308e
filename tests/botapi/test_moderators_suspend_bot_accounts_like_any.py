"""A moderator suspends a bot account as any account: from ranked play (the queue refuses it
with the reason), or whole (the admin's "active" box: every token refused)."""

from __future__ import annotations

import pytest

from moderation.actions import do_suspend_ranked
from ranked.models import QueueEntry
from tests.support.botapi import make_bot
from tests.support.moderation import make_moderator

pytestmark = pytest.mark.django_db


def test_a_ranked_suspension_keeps_the_bot_out_of_the_queue_with_the_reason(client):
    user, secret = make_bot("Robotine")
    do_suspend_ranked(user.pk, "24h", "joue trop vite", make_moderator())
    token = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    refused = client.post("/api/bot/ranked/?lang=en", **token)
    assert refused.status_code == 409
    assert refused.json()["code"] == "ranked_suspended"
    assert "joue trop vite" in refused.json()["message"]
    assert not QueueEntry.objects.exists()
    assert client.post("/api/bot/quick/", **token).status_code == 200  # quick play stays open


def test_a_moderator_deactivates_a_bot_account_in_the_admin_and_its_tokens_are_refused(client):
    user, secret = make_bot("Robotine")
    moderator = make_moderator()
    moderator.is_superuser = True
    moderator.save()
    client.force_login(moderator)
    page = client.get(f"/en/admin/accounts/user/{user.pk}/change/")
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update({"is_active": "", "is_bot": "on", "date_joined_0": "2026-01-01"})
    data["date_joined_1"] = "10:00:00"
    data.pop("date_joined", None)
    data.pop("last_login", None)
    data.pop("groups", None)
    data.pop("user_permissions", None)
    data.pop("password", None)
    saved = client.post(f"/en/admin/accounts/user/{user.pk}/change/", data)
    assert saved.status_code == 302, saved.context["adminform"].form.errors
    user.refresh_from_db()
    assert not user.is_active
    client.logout()
    refused = client.get("/api/bot/account/", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert (refused.status_code, refused.json()["code"]) == (403, "token_account_inactive")
