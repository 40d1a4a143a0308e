"""One log line per HTTP request: method, path, status and time taken (logger ``atout.requests``).

Daphne's own access log is off (``django.channels.server`` at WARNING); this line comes from Django
itself, so it has the same format and level handling as every other line. Static files are served
before this middleware (WhiteNoise) and the load balancer's health checks are left out: neither
says anything a person needs. Paths are logged with their secrets masked (an invitation token:
``config.logs.mask_secrets``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from config.logs import mask_secrets

log = logging.getLogger("atout.requests")
QUIET_PATHS = ("/health/",)


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        if request.path not in QUIET_PATHS:
            status = response.status_code
            level = logging.WARNING if status >= 500 else logging.INFO
            log.log(
                level,
                "%s %s %s %.1f ms",
                request.method,
                mask_secrets(request.get_full_path()),
                status,
                (time.perf_counter() - started) * 1000,
            )
        return response
