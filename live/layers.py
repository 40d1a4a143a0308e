"""The channel layer: channels_redis's pub/sub layer, plus sending several group messages in one
Redis round trip.

A broadcast may send several group messages (a moderator's ban to each of a viewer's tables).
``group_send`` publishes each under its shard's lock and waits for Redis's answer before the
next; ``group_send_many`` queues them in one pipeline per shard. It relies on the pub/sub layer's own naming and sharding
(channels_redis 4.x, pinned in requirements.lock), so what it publishes is exactly what
``group_send`` would.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import redis
from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisSingleShardConnection,
    _close_redis,
)
from redis.asyncio.client import PubSub

log = logging.getLogger(__name__)

LAYER_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)


class TableChannelLayer(RedisPubSubChannelLayer):
    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """Send each (group, message), in order, as ``group_send`` would."""
        layer = self._get_layer()
        by_shard: dict[WatchedShard, list[tuple[str, bytes]]] = defaultdict(list)
        for group, message in messages:
            name = layer._get_group_channel_name(group)
            by_shard[layer._get_shard(name)].append((name, self.serialize(message)))
        for shard, items in by_shard.items():
            await shard._again_once(_publish_all, shard, items)

    def _get_layer(self):
        """The layer of this event loop, its shards watched (``WatchedShard``)."""
        layer = super()._get_layer()
        for shard in layer._shards:
            if type(shard) is RedisSingleShardConnection:
                shard.__class__ = WatchedShard
        return layer


async def _publish_all(shard: RedisSingleShardConnection, items: list[tuple[str, bytes]]) -> None:
    """One pipeline of PUBLISH for one shard."""
    async with shard._lock:
        shard._ensure_redis()
        pipe = shard._redis.pipeline(transaction=False)
        for name, data in items:
            pipe.publish(name, data)
        await pipe.execute()


# What every socket of a process receives when its layer lost Redis: its consumer closes the
# socket (LAYER_LOST_CODE in live.consumers), the client reconnects and reads a full state.
LAYER_LOST = {"type": "layer.lost"}


class WatchedPubSub(PubSub):
    """redis-py's PubSub reconnects and subscribes again by itself after a lost connection:
    the messages published meanwhile are gone, silently. This one tells its shard."""

    on_reconnect: Callable[[], None] | None = None

    async def on_connect(self, connection) -> None:
        await super().on_connect(connection)
        if self.on_reconnect is not None:
            self.on_reconnect()


class WatchedShard(RedisSingleShardConnection):
    """channels_redis's connection to one Redis, which says so when it loses Redis.

    channels_redis logs the failure of its receive loop and tries again every second, and
    redis-py reconnects a subscribed connection by itself; either way the messages published
    meanwhile are lost and nobody is told: a table would wait for a state that never comes.
    Here every socket that was listening through the lost connection receives LAYER_LOST (its
    consumer closes it, its client reconnects and resyncs); a connection that failed is dropped,
    and the next subscribe or publish opens a new one once Redis is back.
    """

    # channels_redis's own attributes (it has no type hints): redis.asyncio's client and PubSub.
    _redis: Any
    _pubsub: Any
    _subscribed_to: set[str]

    def _ensure_redis(self) -> None:
        fresh = self._redis is None
        super()._ensure_redis()
        if fresh:
            self._pubsub.__class__ = WatchedPubSub
            self._pubsub.on_reconnect = self._reconnected

    def _reconnected(self) -> None:
        log.warning("channel layer reconnected to Redis: closing the sockets it was carrying")
        self._tell(set(self._subscribed_to))

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
                await self._lose(error)

    async def publish(self, channel, message) -> None:
        await self._again_once(super().publish, channel, message)

    async def subscribe(self, channel) -> None:
        await self._again_once(self._subscribe, channel)

    async def _subscribe(self, channel) -> None:
        """As channels_redis's, but the first subscription opens a new connection. One kept while
        nothing was subscribed may be dead (Redis restarted meanwhile) without anybody having
        read from it; redis-py sends SUBSCRIBE without waiting for an answer, so the failure
        would come later and close this new socket too."""
        async with self._lock:
            if channel in self._subscribed_to:
                return
            idle = None
            if not self._subscribed_to and self._redis is not None:
                idle, self._redis, self._pubsub = self._redis, None, None
            self._ensure_redis()
            self._ensure_receiver()
            await self._pubsub.subscribe(channel)
            self._subscribed_to.add(channel)
        if idle is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(_close_redis(idle), timeout=1.0)

    async def _again_once(self, method, *args) -> None:
        """A connection opened before Redis restarted fails once when used; a process with no
        socket at the time did not notice the restart. Start afresh and try once more."""
        try:
            await method(*args)
        except LAYER_ERRORS as error:
            await self._lose(error)
            await method(*args)

    async def _lose(self, error: Exception) -> None:
        """Drop the connection and its subscriptions; the sockets that had some are closed."""
        async with self._lock:
            redis, self._redis, self._pubsub = self._redis, None, None
            names, self._subscribed_to = self._subscribed_to, set()
        if redis is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(_close_redis(redis), timeout=1.0)
        if names:
            log.warning("channel layer lost Redis (%r): closing the sockets it carried", error)
            self._tell(names)

    def _tell(self, names: set[str]) -> None:
        """LAYER_LOST to every socket listening on these channels or groups."""
        layer = self.channel_layer
        targets = set()
        for name in names:
            if name in layer.channels:
                targets.add(name)
            targets |= layer.groups.get(name, set())
        data = layer.channel_layer.serialize(LAYER_LOST)
        for channel in targets:
            if channel in layer.channels:
                layer.channels[channel].put_nowait(data)
