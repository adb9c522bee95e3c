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
        for n, channel in enumerate(channels):
            await layer.group_add(f"thread.{'abc'[n]}", channel)
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


def test_sends_to_many_groups_at_once_each_arrive_in_their_order(redis):
    groups = [f"thread.{n}" for n in range(4)]

    async def send_all(layer, group):
        for n in range(30):
            await layer.group_send(group, {"type": "thread.events", "n": n})

    async def scenario():
        layer = PubSubChannelLayer(hosts=[redis.url])
        channels = {group: await layer.new_channel() for group in groups}
        for group, channel in channels.items():
            await layer.group_add(group, channel)
        # The groups' senders run side by side, so their publishes share pipelines.
        await asyncio.gather(*(send_all(layer, group) for group in groups))
        received = {
            group: [(await _receive(layer, channel))["n"] for _ in range(30)]
            for group, channel in channels.items()
        }
        await layer.flush()
        return received

    received = asyncio.run(scenario())
    assert received == {group: list(range(30)) for group in groups}


def test_a_publish_to_an_unreachable_redis_fails_every_waiting_sender(redis):
    async def scenario():
        layer = PubSubChannelLayer(hosts=[redis.url])
        redis.kill()
        sends = [layer.group_send(f"thread.{n}", {"type": "thread.events"}) for n in range(3)]
        return await asyncio.wait_for(asyncio.gather(*sends, return_exceptions=True), 30)

    results = asyncio.run(scenario())
    assert [type(result).__name__ for result in results] == ["ConnectionError"] * 3
