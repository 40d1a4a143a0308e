"""End to end, in a real headless Chromium: a chat message the server refuses is not lost. A
guest whose address a moderator blocked (for someone else's ban) types a message: it comes back
in the field, and the chat says why (the address is blocked, never the other guest's reason),
not only a passing toast."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.addresses import address_hash
from games.models import Silence
from tests.support.browser import chromium_page, join_quick_table, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def test_a_refused_message_stays_in_the_field_with_the_reason_by_the_chat(live_site, chromium):
    later = timezone.now() + timedelta(hours=1)
    Silence.objects.create(
        viewer_key="g:troll", viewer_name="Troll", reason="Insultes du troll", until=later,
        address=address_hash("127.0.0.1"), address_until=later,
    )  # fmt: skip
    with chromium_page(chromium) as (page, errors):
        join_quick_table(page, live_site, "Zoé")
        page.locator("#chat-input").fill("bonjour à tous")
        page.locator("#chat-input").press("Enter")
        note = page.locator("#chat-silenced")
        note.wait_for(state="visible", timeout=10_000)
        assert "ton réseau" in note.inner_text()
        assert "Insultes" not in note.inner_text()
        assert page.locator("#chat-input").input_value() == "bonjour à tous"
        assert not errors, errors
