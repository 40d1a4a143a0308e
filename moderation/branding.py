"""The admin site named after the site (settings.SITE_NAME), French first like the rest."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _


def brand_admin_site(site: admin.AdminSite = admin.site) -> None:
    """Title, header and index title say the site's name instead of "Django administration"."""
    name = settings.SITE_NAME
    site.site_title = format_lazy(_("{site} administration"), site=name)
    site.site_header = format_lazy(_("{site} administration"), site=name)
    site.index_title = _("Moderation and administration")
    site.site_url = "/"
