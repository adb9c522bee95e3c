"""/ws/decks/<id>/: the live state of one deck for its owner.

On connect the consumer sends the stored state at once (a reloaded page picks up where the
render is), then every update the render broadcasts. While the deck is queued or running it
also re-reads the row every few seconds, so the page follows a worker on another machine even
without a shared channel layer (REDIS_URL), only less promptly.
"""

import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from apps.accounts.access import AccessDenied, access_context_for_user
from apps.agent import events
from apps.decks import jobs, selectors

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
POLL_SECONDS = 3.0
LIVE = ("queued", "running")


class DeckConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.group = None
        self.poller = None
        self.last_sent = None
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        try:
            self.context = await database_sync_to_async(access_context_for_user)(user)
        except AccessDenied:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.deck_id = self.scope["url_route"]["kwargs"]["deck_id"]
        state = await self._state()
        if state is None:  # not there, or someone else's: the same answer
            await self.close(code=CLOSE_NOT_FOUND)
            return
        events.bind_delivery_loop(asyncio.get_running_loop())
        self.group = jobs.deck_group(self.deck_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # Read again after joining: an update stored in between is then sent either here or
        # live, and `_send` drops the duplicate.
        await self._send(await self._state() or state)
        self.poller = asyncio.create_task(self._poll())

    async def disconnect(self, code):
        if self.poller is not None:
            self.poller.cancel()
            self.poller = None
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None

    async def deck_state(self, message):
        await self._send(message["state"])

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "refresh":
            state = await self._state()
            if state is not None:
                self.last_sent = None
                await self._send(state)

    async def _state(self):
        return await database_sync_to_async(selectors.deck_state_get)(
            context=self.context, deck_id=self.deck_id
        )

    async def _send(self, state: dict) -> None:
        if state == self.last_sent:
            return
        self.last_sent = state
        await self.send_json({"type": "deck.state", "state": state})

    async def _poll(self) -> None:
        while self.last_sent is None or self.last_sent["status"] in LIVE:
            await asyncio.sleep(POLL_SECONDS)
            state = await self._state()
            if state is not None:
                await self._send(state)
