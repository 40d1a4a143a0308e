"""Pages of the site itself rather than of an app: /favicon.ico and the server error page."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.utils.translation import get_language_from_path, override
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

FAVICON = settings.BASE_DIR / "static" / "favicon.ico"


@cache
def _favicon_bytes() -> bytes:
    return FAVICON.read_bytes()


@require_GET
@cache_control(public=True, max_age=60 * 60 * 24 * 7)
def favicon(request: HttpRequest) -> HttpResponse:
    """The icon browsers ask for at /favicon.ico whatever the page says (and every non-HTML
    response, where no <link rel="icon"> exists): served here, not a 404 in the console."""
    return HttpResponse(_favicon_bytes(), content_type="image/x-icon")


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page in the language of the URL (/fr/, /en/; French otherwise: the error may come
    before LocaleMiddleware, and the thread's active language is then another request's), rendered
    without the request's context processors or the database: whatever failed may be one of them."""
    language = get_language_from_path(request.path) or settings.LANGUAGE_CODE
    with override(language):
        html = loader.render_to_string("500.html")
    return HttpResponseServerError(html)
