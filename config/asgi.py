"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by Daphne)."""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

# The event loop and the database thread share the GIL. A thread waiting for it after each
# query waits up to the switch interval (5 ms by default) while the loop is busy, and a move
# makes half a dozen queries (bench/ws_load.py, 200 tables: p99 571 ms at 5 ms, 168 at 0.5).
sys.setswitchinterval(float(os.environ.get("PY_SWITCH_INTERVAL", "0.0005")))

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from botapi.asgi import BotTokenRouter  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from live.sessions import socket_auth_stack  # noqa: E402

sockets = URLRouter(websocket_urlpatterns)
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,  # static files: WhiteNoise (settings.MIDDLEWARE)
        # A socket with a bot API token plays as its bot account (docs/bot-api.md); the others
        # are browsers: their Origin checked, their session read.
        "websocket": BotTokenRouter(
            token_app=sockets,
            browser_app=AllowedHostsOriginValidator(socket_auth_stack(sockets)),
        ),
    }
)


# Everything loaded so far lives as long as the process: out of the collector's sight, a full
# collection no longer walks Django's few hundred thousand objects (pauses of 60 to 130 ms,
# every few seconds under load), and younger collections run less often.
gc.collect()
gc.freeze()
gc.set_threshold(10_000, 20, 20)
