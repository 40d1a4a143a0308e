"""The sockets' session middleware: Channels' ``AuthMiddlewareStack`` with a session read at
connect and no wrapper around each frame sent.

Channels' ``SessionMiddleware`` wraps ``send`` to save a modified session with an HTTP
response's start, the one message it saves on: a socket never sends one, yet every frame went
through that wrapper's checks (the lazy session's ``modified`` and ``is_empty()``), about as much
CPU as Daphne's own work for the frame. Here the session is resolved exactly as there and the
consumer gets the server's ``send`` itself.
"""

from __future__ import annotations

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware


class SocketSessionMiddleware(SessionMiddleware):
    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await super().__call__(scope, receive, send)
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def socket_auth_stack(inner):
    """``channels.auth.AuthMiddlewareStack`` with ``SocketSessionMiddleware``."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(inner)))
