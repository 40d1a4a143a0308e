"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, str]:
    """The site's name and canonical origin, and how to reach its team (settings): the link,
    and the address when it is an e-mail one (else the page names "the contact form")."""
    contact = settings.CONTACT_URL
    return {
        "SITE_NAME": settings.SITE_NAME,
        "SITE_URL": settings.SITE_URL,
        "CONTACT_URL": contact,
        "CONTACT_EMAIL": contact.removeprefix("mailto:") if contact.startswith("mailto:") else "",
    }
