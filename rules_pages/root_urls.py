"""Unprefixed routes of the rules site: `/` (to /fr/ or /en/), /sitemap.xml and /robots.txt."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path

from rules_pages import views
from rules_pages.sitemaps import PlaySitemap, RulesPagesSitemap

urlpatterns = [
    path("", views.root, name="root"),
    path(
        "sitemap.xml",
        sitemap,
        {"sitemaps": {"rules": RulesPagesSitemap, "play": PlaySitemap}},
        name="sitemap",
    ),
    path("robots.txt", views.robots_txt, name="robots_txt"),
]
