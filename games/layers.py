"""The channel layer: channels_redis's pub/sub layer, plus sending several group messages in one
Redis round trip.

A move sends five group messages (four seats and the spectators). ``group_send`` publishes each
under its shard's lock and waits for Redis's answer before the next; ``group_send_many`` queues
them in one pipeline per shard. It relies on the pub/sub layer's own naming and sharding
(channels_redis 4.x, pinned in requirements.lock), so what it publishes is exactly what
``group_send`` would.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisSingleShardConnection,
    _close_redis,
)

log = logging.getLogger(__name__)


class TableChannelLayer(RedisPubSubChannelLayer):
    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """Send each (group, message), in order, as ``group_send`` would."""
        layer = self._get_layer()
        by_shard: dict[object, list[tuple[str, bytes]]] = defaultdict(list)
        for group, message in messages:
            name = layer._get_group_channel_name(group)
            by_shard[layer._get_shard(name)].append((name, self.serialize(message)))
        for shard, items in by_shard.items():
            async with shard._lock:
                shard._ensure_redis()
                pipe = shard._redis.pipeline(transaction=False)
                for name, data in items:
                    pipe.publish(name, data)
                await pipe.execute()

    def _get_layer(self):
        """The layer of this event loop, its shards watched (``WatchedShard``)."""
        layer = super()._get_layer()
        for shard in layer._shards:
            if type(shard) is RedisSingleShardConnection:
                shard.__class__ = WatchedShard
        return layer


# What every socket of a process receives when its layer lost Redis: its consumer closes the
# socket (LAYER_LOST_CODE in games.consumers), the client reconnects and reads a full state.
LAYER_LOST = {"type": "layer.lost"}


class WatchedShard(RedisSingleShardConnection):
    """channels_redis's connection to one Redis, which says so when it loses Redis.

    channels_redis logs the failure of its receive loop and tries again every second; messages
    published meanwhile are lost, and nobody is told: a table would wait for a state that never
    comes. Here the first failure drops the connection and its subscriptions (the next
    subscribe opens a new one, once Redis is back) and hands LAYER_LOST to every channel of the
    process, so that each socket is closed and its client reconnects and resyncs.
    """

    async def _do_receiving(self) -> None:
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as error:
                log.warning("channel layer lost Redis (%r): closing this process's sockets", error)
                await self._drop()
                self._tell_everyone()

    async def _drop(self) -> None:
        async with self._lock:
            redis, self._redis, self._pubsub = self._redis, None, None
            self._subscribed_to = set()
        if redis is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(_close_redis(redis), timeout=1.0)

    def _tell_everyone(self) -> None:
        layer = self.channel_layer
        data = layer.channel_layer.serialize(LAYER_LOST)
        for queue in layer.channels.values():
            queue.put_nowait(data)
