"""``manage.py check --deploy``: a site in production needs a way to reach its team (the
password-reset pages and the privacy page point to it)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def contact_is_set(app_configs: Any, **kwargs: Any) -> list[Warning]:
    if settings.CONTACT_URL:
        return []
    return [
        Warning(
            "CONTACT is not set: the password-reset pages, the footer and the privacy page "
            "offer no way to reach the site's team.",
            hint="Set CONTACT to an e-mail address or to a contact form's https:// address.",
            id="accounts.W001",
        )
    ]
