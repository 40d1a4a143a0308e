"""URL map: language-prefixed pages (/fr/..., /en/...), plus unprefixed technical routes."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("rules_pages.root_urls")),  # `/` -> /fr/, /sitemap.xml, /robots.txt
]

urlpatterns += i18n_patterns(
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("lobby.urls")),
    path("", include("games.urls")),
    path("", include("rules_pages.urls")),
    prefix_default_language=True,
)
