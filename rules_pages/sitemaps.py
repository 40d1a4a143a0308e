"""/sitemap.xml: every registry page in both languages, each with its hreflang alternates."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rules_pages.pages import LANGUAGES, PAGES, Page


class RulesPagesSitemap(Sitemap):
    """Django's i18n sitemap over the registry, on the canonical origin (settings.SITE_URL)."""

    i18n = True
    languages = list(LANGUAGES)
    alternates = True
    # Django's x-default strips the language prefix (it assumes an unprefixed default language);
    # here every page has a prefix, so get_urls adds x-default as the French page itself.
    x_default = False

    def items(self) -> list[Page]:
        return list(PAGES)

    def location(self, item: Page) -> str:
        return reverse(item.url_name)

    def changefreq(self, item: Page) -> str:
        return item.changefreq

    def priority(self, item: Page) -> float:
        return item.priority

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
