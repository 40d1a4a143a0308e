"""The health check a load balancer asks: the database, Redis and a live game server.

200 when all three answer, 503 with the failing part named otherwise; the body is JSON so a
person can read it too. It writes nothing and is cheap (one query, one cache read), so a load
balancer may ask every few seconds. Written here rather than with django-health-check: three checks,
one of them (the sweep's stamp) our own, fit in a view.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from live import server_health as liveness


def _database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        return False


def _redis() -> bool:
    try:
        cache.get("health:ping")
        return True
    except Exception:
        return False


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "redis": _redis(), "game_server": liveness.sweep_alive()}
    status = 200 if all(checks.values()) else 503
    return JsonResponse({"ok": status == 200, **checks}, status=status)
