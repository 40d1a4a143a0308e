"""/sitemap.xml: the listed registry pages and the lobby, in both languages, with hreflang
alternates."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rules_pages.pages import LANGUAGES, PAGES, Page


class _SiteSitemap(Sitemap):
    """Django's i18n sitemap on the canonical origin (settings.SITE_URL), with x-default."""

    i18n = True
    languages = list(LANGUAGES)
    alternates = True
    # Django's x-default strips the language prefix (it assumes an unprefixed default language);
    # here every page has a prefix, so get_urls adds x-default as the French page itself.
    x_default = False

    def get_domain(self, site=None) -> str:
        return urlsplit(settings.SITE_URL).netloc

    def get_protocol(self, protocol=None) -> str:
        return urlsplit(settings.SITE_URL).scheme or "https"

    def get_urls(self, page=1, site=None, protocol=None) -> list[dict]:
        urls = super().get_urls(page=page, site=site, protocol=protocol)
        for info in urls:
            default = next(a for a in info["alternates"] if a["lang_code"] == LANGUAGES[0])
            info["alternates"].append({"location": default["location"], "lang_code": "x-default"})
        return urls


class RulesPagesSitemap(_SiteSitemap):
    """The registry pages, each in the languages where it is listed (Page.listed)."""

    def items(self) -> list[Page]:
        return list(PAGES)

    def _items(self) -> list[tuple[Page, str]]:
        # Django's private ``Sitemap._items`` (the (item, language) pairs) is not in django-stubs.
        pairs = super()._items()  # type: ignore[misc]
        return [(page, lang) for page, lang in pairs if page.is_listed(lang)]

    def location(self, item: Page) -> str:
        return reverse(item.url_name)

    def changefreq(self, item: Page) -> str:
        return item.changefreq

    def priority(self, item: Page) -> float:
        return item.priority


class PlaySitemap(_SiteSitemap):
    """The lobby, where "Play now" leads (the tables themselves are not for search engines)."""

    changefreq = "daily"
    priority = 0.9

    def items(self) -> list[str]:
        return ["lobby:index"]

    def location(self, item: Any) -> str:
        return reverse(item)
