"""The in-memory channel layer (one process, no REDIS_URL), safe to send to from any loop.

Channels' own in-memory layer keeps each channel's messages in an asyncio.Queue of the loop
that reads it; putting into it from another thread is not thread-safe and does not wake that
loop. Here a message for a channel whose reader is on another loop is handed to that loop.
"""

import asyncio

from channels.layers import InMemoryChannelLayer


class ThreadSafeInMemoryChannelLayer(InMemoryChannelLayer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._readers: dict[str, asyncio.AbstractEventLoop] = {}

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

    async def flush(self):
        await super().flush()
        self._readers = {}
