"""The yardstick of bench/ws_load.py: bare Channels under one Daphne, with no database and no
engine. Run as ``python -m daphne bench._reference:application`` with REDIS_URL (a Redis of its
own) and REFERENCE_FRAME_BYTES (the size of the site's state frames in the same run).

Each socket at ``/ws/tables/<id>/`` joins its table's group. A move message (any ``bid``, ``play``
or ``look`` with a ``version``) is answered by one group message carrying a state frame of
REFERENCE_FRAME_BYTES, version + 1, the next seat to move and one legal card: the four sockets of
the table send it. So the load client drives it exactly as it drives the site, and what the site
costs beyond this is what its database, engine and frames cost.
"""

from __future__ import annotations

import json
import os

import django
from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=False,
        INSTALLED_APPS=[],
        CHANNEL_LAYERS={
            "default": {
                # The site's own layer class (channels_redis's pub/sub layer underneath).
                "BACKEND": "live.layers.TableChannelLayer",
                "CONFIG": {"hosts": [{"address": os.environ["REDIS_URL"]}]},
            }
        },
    )
    django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer

SEATS = ("N", "E", "S", "W")
FRAME_BYTES = int(os.environ.get("REFERENCE_FRAME_BYTES") or 3000)


def frame_text(version: int, started: bool) -> str:
    """A state frame of FRAME_BYTES: what the load client reads (version, status, the seat to
    move and its legal actions), padded."""
    frame = {
        "type": "state",
        "version": version,
        "table": {"status": "playing" if started else "waiting"},
        "view": (
            {"to_move": SEATS[version % 4], "legal": [{"type": "play", "card": "2C"}]}
            if started
            else None
        ),
        "pad": "",
    }
    text = json.dumps(frame, separators=(",", ":"))
    return text.replace('"pad":""', '"pad":"' + "x" * max(0, FRAME_BYTES - len(text)) + '"')


class ReferenceConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        table = self.scope["path"].strip("/").split("/")[-1]
        self.group = f"ref.{table}"
        self.last = frame_text(0, False)
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data=self.last)

    async def disconnect(self, code) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        message = json.loads(text_data or "{}")
        kind = message.get("type")
        if kind == "start":
            text = frame_text(1, True)
        elif kind in ("bid", "play", "look") and isinstance(message.get("version"), int):
            text = frame_text(message["version"] + 1, True)
        elif kind == "sync":
            await self.send(text_data=self.last)
            return
        else:
            return
        await self.channel_layer.group_send(self.group, {"type": "ref.frame", "text": text})

    async def ref_frame(self, event: dict) -> None:
        self.last = event["text"]
        await self.send(text_data=self.last)


application = ReferenceConsumer.as_asgi()
