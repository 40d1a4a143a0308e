"""The channel layer: channels_redis's pub/sub layer, plus sending several group messages in one
Redis round trip.

A move sends five group messages (four seats and the spectators). ``group_send`` publishes each
under its shard's lock and waits for Redis's answer before the next; ``group_send_many`` queues
them in one pipeline per shard. It relies on the pub/sub layer's own naming and sharding
(channels_redis 4.x, pinned in requirements.lock), so what it publishes is exactly what
``group_send`` would.
"""

from __future__ import annotations

from collections import defaultdict

from channels_redis.pubsub import RedisPubSubChannelLayer


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
