"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, str]:
    """The site's name and canonical origin, both settings."""
    return {"SITE_NAME": settings.SITE_NAME, "SITE_URL": settings.SITE_URL}
