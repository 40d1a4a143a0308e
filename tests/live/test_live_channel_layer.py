"""The project's channel layer against the real Redis: several group messages in one round trip."""

from __future__ import annotations

import asyncio
import runpy
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from channels.layers import get_channel_layer
from django.conf import settings

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


def _layer_for(monkeypatch, url: str) -> TableChannelLayer:
    """The channel layer a site with ``REDIS_URL=url`` builds (its settings read afresh)."""
    monkeypatch.setenv("REDIS_URL", url)
    config = runpy.run_path(str(Path(settings.BASE_DIR) / "config" / "settings.py"))
    return TableChannelLayer(**config["CHANNEL_LAYERS"]["default"]["CONFIG"])


async def test_two_sites_on_separate_redis_databases_do_not_hear_each_others_groups(monkeypatch):
    # Redis pub/sub ignores the database number: without the number in the layer's names, a
    # site (or a test worker) on database 2 sent its sockets the moves of database 3's table 1.
    base = urlsplit(settings.REDIS_URL)
    db = int(base.path.strip("/") or 0)
    ours = _layer_for(monkeypatch, base._replace(path=f"/{db}").geturl())
    theirs = _layer_for(monkeypatch, base._replace(path=f"/{db + 1}").geturl())
    assert ours.prefix != theirs.prefix
    mine, neighbour = await ours.new_channel(), await theirs.new_channel()
    await ours.group_add("table.1.state", mine)
    await theirs.group_add("table.1.state", neighbour)
    await theirs.group_send("table.1.state", {"type": "table.state", "site": "theirs"})
    assert (await theirs.receive(neighbour))["site"] == "theirs"
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(ours.receive(mine), 0.5)
    await ours.group_send("table.1.state", {"type": "table.state", "site": "ours"})
    assert (await ours.receive(mine))["site"] == "ours"
    await ours.flush()
    await theirs.flush()
