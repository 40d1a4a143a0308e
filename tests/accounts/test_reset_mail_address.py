"""The password-reset mail ends with the site's address: the same host as its link, not the
default one (SITE_URL's or the Sites framework's row)."""

from __future__ import annotations

import re

from allauth.account.models import EmailAddress
from django.core import mail


def test_the_reset_mail_names_the_host_of_its_link(client, django_user_model, settings):
    settings.ALLOWED_HOSTS = ["atout.example"]
    user = django_user_model.objects.create_user("lea", "lea@example.org", "pw-pw-pw-123")
    EmailAddress.objects.create(user=user, email="lea@example.org", primary=True, verified=True)

    client.post(
        "/fr/accounts/password/reset/", {"email": "lea@example.org"}, HTTP_HOST="atout.example"
    )

    body = mail.outbox[0].body.strip()
    link = re.search(r"https?://([^/\s]+)/fr/accounts/password/reset/key/", body)
    assert link and link.group(1) == "atout.example"
    assert body.splitlines()[-1] == "atout.example"
    assert "Atout Pique" in mail.outbox[0].subject
