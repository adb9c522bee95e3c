"""Starts the web process's job runners when it starts serving, from the server's event loop
(so the jobs' channel sends go through that loop, apps/realtime/groups.py).

Servers that speak ASGI lifespan get them at `lifespan.startup` and stop them at shutdown;
daphne does not send lifespan events, so there the first ASGI call of any kind (the health
check, a page, a socket) starts them before it is served.
"""

import asyncio

from asgiref.sync import sync_to_async

from apps.jobs import runner
from apps.realtime import groups

SHUTDOWN_WAIT_SECONDS = 10


class StartRunners:
    def __init__(self, application):
        self.application = application
        self._started = False
        self._lock = asyncio.Lock()

    async def _start(self) -> None:
        if self._started:
            return
        async with self._lock:
            if not self._started:
                loop = asyncio.get_running_loop()
                await sync_to_async(runner.start_in_web_process, thread_sensitive=False)(loop)
                self._started = True

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        await self._start()
        await self.application(scope, receive, send)

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await self._start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await sync_to_async(runner.stop_in_web_process, thread_sensitive=False)(
                    SHUTDOWN_WAIT_SECONDS
                )
                await groups.sends_done()
                await send({"type": "lifespan.shutdown.complete"})
                return
