"""The in-memory channel layer walks its channels for expired messages at most every
CLEAN_EVERY_SECONDS, not on every send, and still drops what has expired."""

import asyncio

from channels.layers import InMemoryChannelLayer

from apps.realtime import layers


def test_expired_messages_are_looked_for_at_most_once_per_interval(monkeypatch):
    walks = []
    original = InMemoryChannelLayer._clean_expired
    monkeypatch.setattr(
        InMemoryChannelLayer, "_clean_expired", lambda self: walks.append(1) or original(self)
    )
    layer = layers.ThreadSafeInMemoryChannelLayer()

    async def traffic():
        channels = [await layer.new_channel() for _ in range(50)]
        for channel in channels:
            await layer.group_add("g", channel)
        for number in range(20):
            await layer.group_send("g", {"type": "x", "n": number})
        return [[(await layer.receive(c))["n"] for _ in range(20)] for c in channels]

    received = asyncio.run(traffic())
    assert received == [list(range(20))] * 50  # every message, in order, to every member
    assert len(walks) == 1  # 1,000 sends and receives, one walk


def test_an_expired_message_is_still_dropped(monkeypatch):
    monkeypatch.setattr(layers, "CLEAN_EVERY_SECONDS", 0.0)
    layer = layers.ThreadSafeInMemoryChannelLayer(expiry=0)

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("g", channel)
        await layer.send(channel, {"type": "old"})
        await asyncio.sleep(0.01)
        await layer.group_send("h", {"type": "any"})  # a group send walks the channels
        return channel in layer.channels, channel in layer.groups.get("g", {})

    assert asyncio.run(scenario()) == (False, False)


def test_a_group_send_reaches_every_member_past_a_full_one():
    layer = layers.ThreadSafeInMemoryChannelLayer(capacity=1)

    async def scenario():
        first, full, last = [await layer.new_channel() for _ in range(3)]
        for channel in (first, full, last):
            await layer.group_add("g", channel)
        await layer.send(full, {"type": "filler"})
        await layer.group_send("g", {"type": "x"})
        return [(await layer.receive(c))["type"] for c in (first, full, last)]

    assert asyncio.run(scenario()) == ["x", "filler", "x"]
