"""Template helpers of the pages around the game (accounts, errors)."""

from django import template
from django.conf import settings

register = template.Library()


@register.filter
def squash(text: str) -> str:
    """One line, single spaces: allauth's titles come with the indentation of its templates."""
    return " ".join(str(text).split())


@register.simple_tag
def site_name() -> str:
    """The site's name where no context processor runs (the 500 and CSRF failure pages)."""
    return settings.SITE_NAME
