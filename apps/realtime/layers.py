"""The in-memory channel layer (one process, no REDIS_URL), safe to send to from any loop.

Channels' own in-memory layer keeps each channel's messages in an asyncio.Queue of the loop
that reads it; putting into it from another thread is not thread-safe and does not wake that
loop. Here a message for a channel whose reader is on another loop is handed to that loop.

Channels' layer also looks for expired messages and group memberships on every receive and
group send, over every channel and group of the process: with 500 sockets that walk cost
more than the send. Here it runs at most every CLEAN_EVERY_SECONDS (messages expire after
60 s, memberships after a day, so a second's lateness changes nothing).
"""

import asyncio
import contextlib
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class ThreadSafeInMemoryChannelLayer(InMemoryChannelLayer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._readers: dict[str, asyncio.AbstractEventLoop] = {}
        self._cleaned_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._cleaned_at >= CLEAN_EVERY_SECONDS:
            self._cleaned_at = now
            super()._clean_expired()

    async def receive(self, channel):
        self._readers[channel] = asyncio.get_running_loop()
        try:
            return await super().receive(channel)
        finally:
            if channel not in self.channels:
                self._readers.pop(channel, None)

    async def send(self, channel, message):
        reader = self._readers.get(channel)
        if reader is None or reader is asyncio.get_running_loop() or reader.is_closed():
            await super().send(channel, message)
            return
        parent = super()
        delivered = asyncio.run_coroutine_threadsafe(parent.send(channel, message), reader)
        await asyncio.wrap_future(delivered)

    async def group_send(self, group, message):
        """To each member in turn. Channels' version starts a task per member and waits for
        them as they complete; a send here only queues the message (or hands it to the
        reader's loop), so that machinery cost more than the sends at 500 sockets."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)

    async def flush(self):
        await super().flush()
        self._readers = {}
