"""WebSocket routes: the live tables' and the lobby's (``live.routing``)."""

from live.routing import websocket_urlpatterns

__all__ = ["websocket_urlpatterns"]
