"""/ws/decks/<id>/: the live state of one deck for its owner.

On connect the consumer sends the stored state at once (a reloaded page picks up where the
render is), then every update the render broadcasts. While the deck is queued or running it
also re-reads the row every few seconds, so the page follows a worker on another machine even
without a shared channel layer (REDIS_URL), only less promptly.
"""

import asyncio

from apps.decks import jobs, selectors
from apps.realtime.consumers import CLOSE_NOT_FOUND, AuthenticatedConsumer, db

POLL_SECONDS = 3.0
LIVE = ("queued", "running")


class DeckConsumer(AuthenticatedConsumer):
    poller: asyncio.Task | None = None
    last_sent: dict | None = None

    async def open(self):
        self.deck_id = self.scope["url_route"]["kwargs"]["deck_id"]
        state = await self._state()
        if state is None:  # not there, or someone else's: the same answer
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self.join(jobs.deck_group(self.deck_id))
        await self.accept()
        # Read again after joining: an update stored in between is then sent either here or
        # live, and `_send` drops the duplicate.
        await self._send(await self._state() or state)
        self.poller = asyncio.create_task(self._poll())

    async def closing(self):
        if self.poller is not None:
            self.poller.cancel()
            self.poller = None

    async def deck_state(self, message):
        await self._send(message["state"])

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "refresh":
            state = await self._state()
            if state is not None:
                self.last_sent = None
                await self._send(state)

    async def _state(self):
        return await db(selectors.deck_state_get)(context=self.context, deck_id=self.deck_id)

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
