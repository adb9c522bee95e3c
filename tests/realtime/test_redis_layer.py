"""The Redis channel layer (apps/realtime/redis_layer.py) against a real redis-server: group
sends reach the group's channels in order, a subscriber connection that Redis drops is
re-established and every channel of the process is told it may have missed messages, and
the health check's channel does not stay subscribed."""

import asyncio
import socket

import pytest

from apps.realtime.redis_layer import GAP_MESSAGE, PubSubChannelLayer
from tests.scale.processes import Redis

pytestmark = pytest.mark.slow


@pytest.fixture
def redis(tmp_path):
    server = Redis(tmp_path)
    yield server
    server.stop()


def _command(redis: Redis, *words: str) -> bytes:
    """One command over a plain socket: what the layer does is not what checks it."""
    with socket.create_connection(("127.0.0.1", redis.port), timeout=5) as sock:
        sock.sendall(" ".join(words).encode() + b"\r\n")
        return sock.recv(4096)


def _receive(layer, channel):
    return asyncio.wait_for(layer.receive(channel), 10)


def test_a_group_send_reaches_each_channel_of_the_group_in_order(redis):
    async def scenario():
        layer = PubSubChannelLayer(hosts=[redis.url])
        members = [await layer.new_channel() for _ in range(2)]
        outsider = await layer.new_channel()
        for channel in members:
            await layer.group_add("thread.a", channel)
        for n in range(50):
            await layer.group_send("thread.a", {"type": "thread.events", "n": n})
        await layer.send(outsider, {"type": "direct"})
        received = {c: [(await _receive(layer, c))["n"] for _ in range(50)] for c in members}
        first_for_outsider = await _receive(layer, outsider)
        await layer.flush()
        return received, first_for_outsider

    received, first_for_outsider = asyncio.run(scenario())
    assert all(numbers == list(range(50)) for numbers in received.values())
    assert first_for_outsider == {"type": "direct"}  # no group message reached it


def test_a_dropped_subscriber_connection_tells_every_channel_and_resubscribes(redis):
    async def scenario():
        layer = PubSubChannelLayer(hosts=[redis.url])
        channels = [await layer.new_channel() for _ in range(3)]
        await layer.group_add("thread.a", channels[0])
        await layer.group_send("thread.a", {"type": "thread.events", "n": 1})
        before = await _receive(layer, channels[0])  # the first connection is no gap
        assert b":1" in _command(redis, "CLIENT", "KILL", "TYPE", "pubsub")
        gaps = [await _receive(layer, channel) for channel in channels]
        # Subscribed again: the group's messages arrive as before.
        await layer.group_send("thread.a", {"type": "thread.events", "n": 2})
        after = await _receive(layer, channels[0])
        await layer.flush()
        return before, gaps, after

    before, gaps, after = asyncio.run(scenario())
    assert before == {"type": "thread.events", "n": 1}
    assert gaps == [GAP_MESSAGE] * 3
    assert after == {"type": "thread.events", "n": 2}


def test_a_discarded_channel_is_no_longer_subscribed(redis):
    async def scenario():
        layer = PubSubChannelLayer(hosts=[redis.url])
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "health.ping"})
        await _receive(layer, channel)
        subscribed = _command(redis, "PUBSUB", "NUMSUB", channel)
        await layer.discard_channel(channel)
        await layer.group_add("keep.alive", await layer.new_channel())  # a later command
        left = _command(redis, "PUBSUB", "NUMSUB", channel)
        await layer.flush()
        return subscribed, left

    subscribed, left = asyncio.run(scenario())
    assert subscribed.endswith(b":1\r\n")
    assert left.endswith(b":0\r\n")
