"""The channel layer of several processes (REDIS_URL): channels_redis's pub/sub layer, told
when it may have missed messages.

Why pub/sub and not channels_redis's list layer (`RedisChannelLayer`): there, a group send
is four round trips from the sender (expire the group, read its members, expire their
queues, push), and each web process takes its messages one at a time, two round trips each
(pop, clean the backup), from one queue that all its sockets share and that holds at most
`capacity` messages: a message beyond it is dropped. At 500 clients the web processes' busy
loops fell behind, event latency p95 was 3.3 s and some runs' last events were dropped, so
clients waited for a RUN_FINISHED that never came (docs/scaling.md). With pub/sub a group
send is one PUBLISH, and Redis pushes each web process the messages of the groups its
sockets joined, read in bulk from one connection.

What pub/sub does not do is keep a message for a subscriber whose connection is down:
messages published while a web process reconnects to Redis are gone. Every socket can
recover what it missed (events are stored before they are sent, and a socket that reconnects
with ?after= replays them), so on every reconnection of its subscriber connection the layer
tells each channel of the process with a `realtime.gap` message; the consumer closes the
socket with 1011 and the client resumes (apps/realtime/consumers.py). A message lost between
two live ones is filled from the log by the thread socket already (apps/agent/consumers.py).
"""

import asyncio

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close, create_pool, decode_hosts
from redis import asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.exceptions import ConnectionError as RedisConnectionError

GAP_MESSAGE = {"type": "realtime.gap"}


class PubSubChannelLayer(RedisPubSubChannelLayer):
    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            return self._layers[loop]
        except KeyError:
            layer = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
            return layer

    async def discard_channel(self, channel: str) -> None:
        await self._get_layer().discard_channel(channel)


class _LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts=None, **kwargs):
        super().__init__(hosts, **kwargs)
        self._shards = [_Shard(host, self) for host in decode_hosts(hosts)]

    async def discard_channel(self, channel: str) -> None:
        """Forget a channel made by `new_channel` that no consumer reads (the health check's
        round trip): its subscription would otherwise stay for the life of the process."""
        if self.channels.pop(channel, None) is not None:
            await self._get_shard(channel).unsubscribe(channel)

    def tell_gap(self) -> None:
        """Every channel of this loop in a group may have missed its messages. (A channel in
        no group, such as the health check's, gets only direct sends, which its sender
        awaits: a gap message would be taken for the answer.)"""
        gap = self.channel_layer.serialize(GAP_MESSAGE)
        members = set().union(*self.groups.values())
        for name in members & self.channels.keys():
            self.channels[name].put_nowait(gap)


class _Shard(RedisSingleShardConnection):
    """Publishes what is waiting in one pipeline: channels_redis publishes one message per
    round trip under the shard's lock, so a worker's sends to many groups stood in line."""

    def __init__(self, host, channel_layer):
        super().__init__(host, channel_layer)
        self._outgoing: list[tuple[str, bytes, asyncio.Future]] = []
        self._flushes: set[asyncio.Task] = set()  # referenced until done (asyncio keeps weakly)

    async def subscribe(self, channel):
        await _once_more_on_a_new_connection(super().subscribe, channel)

    async def unsubscribe(self, channel):
        await _once_more_on_a_new_connection(super().unsubscribe, channel)

    async def publish(self, channel, message):
        done = asyncio.get_running_loop().create_future()
        self._outgoing.append((channel, message, done))
        if len(self._outgoing) == 1:  # no flush is waiting to take it: start one
            flush = asyncio.ensure_future(self._publish_outgoing())
            self._flushes.add(flush)
            flush.add_done_callback(self._flushes.discard)
        await done

    async def _publish_outgoing(self):
        # The lock is first come, first served, so batches leave in the order they formed.
        async with self._lock:
            batch, self._outgoing = self._outgoing, []
            try:
                # (a message that did go out twice is dropped by its seq at the socket)
                await _once_more_on_a_new_connection(self._publish_batch, batch)
            except Exception as error:
                for *_, done in batch:
                    if not done.done():
                        done.set_exception(error)
                return
            for *_, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _publish_batch(self, batch):
        self._ensure_redis()
        async with self._redis.pipeline(transaction=False) as pipe:
            for channel, message, _ in batch:
                pipe.publish(channel, message)
            await pipe.execute()

    def _ensure_redis(self):
        if self._redis is None:
            pool = create_pool(self.host)
            self._redis = aioredis.Redis(connection_pool=pool)
            self._pubsub = _ReconnectingPubSub(
                connection_pool=pool, on_reconnect=self.channel_layer.tell_gap
            )


async def _once_more_on_a_new_connection(call, *args):
    """A connection made before Redis restarted fails on its first write, and redis-py drops
    it as it fails: one more try goes out on a new connection."""
    try:
        await call(*args)
    except RedisConnectionError:
        await call(*args)


class _ReconnectingPubSub(PubSub):
    """redis-py reconnects a broken subscriber connection by itself and subscribes it again
    (`on_connect`), silently: what was published in between is lost."""

    def __init__(self, *args, on_reconnect, **kwargs):
        super().__init__(*args, **kwargs)
        self._on_reconnect = on_reconnect

    async def on_connect(self, connection):
        await super().on_connect(connection)
        self._on_reconnect()
