"""The site's URLs plus two pages that fail on purpose, for the 403 and 500 pages' tests."""

from django.conf.urls.i18n import i18n_patterns
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import path

from config import urls as site_urls


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = site_urls.urlpatterns + i18n_patterns(
    path("test-forbidden/", forbidden),
    path("test-broken/", broken),
    prefix_default_language=True,
)
handler500 = site_urls.handler500
