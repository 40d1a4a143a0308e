"""WebSocket routes, gathered from the apps that serve them."""

websocket_urlpatterns: list = []

try:  # The live tables register their routes in games/routing.py.
    from games.routing import websocket_urlpatterns as games_routes
except ImportError:  # pragma: no cover - before the live tables exist
    games_routes = []

websocket_urlpatterns += games_routes
