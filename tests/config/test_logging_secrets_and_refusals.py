"""What the log writes of a refused request and of a path holding a secret (issue 28): a 403
is one line, not a traceback; an invitation token (or a password-reset key) never reaches the
log, not even inside a ``?next=``."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.support.pages import guest, private_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def console() -> Iterator[io.StringIO]:
    """What the site's console handler (settings.LOGGING) writes during the test."""
    handler = next(h for h in logging.getLogger().handlers if h.name == "console")
    out = io.StringIO()
    previous = handler.setStream(out)
    try:
        yield out
    finally:
        handler.setStream(previous)


def test_a_403_is_logged_in_one_line_without_a_traceback(console):
    table = private_table(guest("Léa"))
    stranger = guest("Hugo")
    console.seek(0)
    console.truncate()  # only the refused request's lines
    assert stranger.get(reverse("games:table", args=[table.pk])).status_code == 403
    text = console.getvalue()
    assert "Traceback" not in text and "PermissionDenied" not in text
    path = reverse("games:table", args=[table.pk])
    lines = [line for line in text.splitlines() if path in line]
    assert lines and all(" 403 " in line or "Forbidden" in line for line in lines)
    assert len(lines) == len(text.splitlines()) == 2  # Django's warning and the request line


@pytest.mark.parametrize("language", ["fr", "en"])
def test_invitation_tokens_are_masked_in_the_log(console, language):
    table = private_table(guest("Léa"))
    token = table.invite_token
    with translation.override(language):
        url = reverse("games:invite", args=[table.pk, token])
        wrong = reverse("games:invite", args=[table.pk, "x" + token])
    assert guest("Hugo").get(url).status_code == 200
    visitor = Client()  # no nickname: sent to pick one, the invitation in ?next=
    nickname_page = visitor.get(url)["Location"]
    assert token in nickname_page
    assert visitor.get(nickname_page).status_code == 200
    assert guest("Zoé").get(wrong).status_code == 404
    text = console.getvalue()
    assert token not in text
    assert text.count("invitation/…") >= 3 and "invitation%2F…" in text


def test_a_password_reset_key_is_masked_in_the_log(console):
    Client().get("/accounts/password/reset/key/1z-abcdefsecretkey0123/")
    text = console.getvalue()
    assert "secretkey" not in text and "/reset/key/…" in text
