"""URL map: language-prefixed pages (/fr/..., /en/...), plus unprefixed technical routes.

403 and 404 are Django's own views with the templates 403.html and 404.html (the language of the
URL prefix, set by LocaleMiddleware); 500 renders 500.html without the request's context.
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from config import health, views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("favicon.ico", views.favicon, name="favicon"),
    path("health/", health.health, name="health"),
    path("api/bot/", include("botapi.api_urls")),
    path("", include("rules_pages.root_urls")),  # `/` -> /fr/ or /en/, /sitemap.xml, /robots.txt
]

urlpatterns += i18n_patterns(
    path("admin/", admin.site.urls),
    path("accounts/", include("botapi.urls")),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("", include("lobby.urls")),
    path("", include("games.urls")),
    path("", include("ranked.urls")),
    path("", include("daily.urls")),
    path("", include("rules_pages.urls")),
    path("", include("tournaments.urls")),
    prefix_default_language=True,
)

handler500 = "config.views.server_error"
