"""The project's channel layer against the real Redis: several group messages in one round trip."""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import get_channel_layer

from live.layers import TableChannelLayer

pytestmark = [pytest.mark.timeout(30), pytest.mark.usefixtures("fresh_channel_layer")]


async def test_messages_sent_together_reach_each_groups_members_in_order():
    layer = get_channel_layer()
    assert isinstance(layer, TableChannelLayer)
    north, south, nobody = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("table.1.N", north)
    await layer.group_add("table.1.S", south)
    await layer.group_add("table.1.public", north)
    await layer.group_send_many(
        [
            ("table.1.N", {"type": "table.state", "n": 1}),
            ("table.1.S", {"type": "table.state", "n": 2}),
            ("table.1.public", {"type": "table.state", "n": 3}),
            ("table.1.N", {"type": "table.state", "n": 4}),
            ("table.2.N", {"type": "table.state", "n": 5}),
        ]
    )
    got_north = [(await layer.receive(north))["n"] for _ in range(3)]
    assert got_north == [1, 3, 4]
    assert (await layer.receive(south))["n"] == 2
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(nobody), 0.3)
    await layer.flush()
