""" "Download my data": everything the site keeps about an account, as one JSON document.

``accounts`` sits below the apps that keep the rest (matches, chat, reports, sanctions) and
imports none of them: it asks them through ``personal_data`` (``accounts.signals``). Each
receiver returns its own sections, a dict of JSON values, which go into the document as they
are; accounts writes the profile."""

from __future__ import annotations

from typing import Any, cast

from allauth.account.models import EmailAddress
from django.conf import settings
from django.utils import timezone

from accounts.models import User
from accounts.signals import personal_data


def _at(value: Any) -> str | None:
    return value.isoformat() if value else None


def profile(user: User) -> dict[str, Any]:
    """The account row itself (no password: only its hash is kept, and it is no one's to read)."""
    return {
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "email_addresses": [
            {"email": a.email, "verified": a.verified, "primary": a.primary}
            for a in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
        "date_joined": _at(user.date_joined),
        "last_login": _at(user.last_login),
    }


def personal_data_of(user: User) -> dict[str, Any]:
    """The whole document: the site, when, the profile, then each app's sections."""
    document: dict[str, Any] = {
        "site": settings.SITE_NAME,
        "site_url": settings.SITE_URL,
        "exported_at": timezone.now().isoformat(),
        "profile": profile(user),
    }
    for _receiver, sections in personal_data.send(sender=User, user=user):
        document.update(cast("dict[str, Any]", sections))
    return document
