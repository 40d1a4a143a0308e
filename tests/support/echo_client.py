"""An ASGI application that answers with the client's address as Daphne saw it
(``scope["client"][0]``): over HTTP as the body, over a WebSocket as its first message. For the
test of the deploy layout (nginx in front of Daphne, with the units' options)."""

from __future__ import annotations


async def application(scope, receive, send) -> None:
    client = (scope.get("client") or ["?"])[0]
    if scope["type"] == "http":
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": client.encode()})
    elif scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": client})
        while (await receive())["type"] != "websocket.disconnect":
            pass
