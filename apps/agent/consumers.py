"""WebSocket of one thread: replays what the client missed, then streams live events, and
accepts the user's messages and A2UI actions. Runs are started in the background, so they go
on when the browser disconnects."""

import asyncio
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from pydantic import ValidationError

from apps.accounts.access import AccessDenied, access_context_for_user
from apps.agent import events, selectors
from apps.agent.inbound import ClientMessage, parse_client_message

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_BAD_REQUEST = 4400


class ThreadConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.thread_id = self.scope["url_route"]["kwargs"]["thread_id"]
        try:
            self.context = await database_sync_to_async(access_context_for_user)(user)
        except AccessDenied:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        visible = await database_sync_to_async(selectors.thread_visible)(
            context=self.context, thread_id=self.thread_id
        )
        if not visible:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        try:
            after = int(
                parse_qs(self.scope.get("query_string", b"").decode()).get("after", ["0"])[0]
            )
        except ValueError:
            await self.close(code=CLOSE_BAD_REQUEST)
            return
        events.bind_delivery_loop(asyncio.get_running_loop())
        self.group = events.thread_group(self.thread_id)
        # Join the group before reading the log: an event committed in between is then either
        # in the log or delivered live, and `last_sent` drops the duplicate.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        self.last_sent = max(after, 0)
        await self._send_stored(before=None)

    async def disconnect(self, code):
        group = getattr(self, "group", None)
        if group:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def _send_stored(self, *, before: int | None) -> None:
        while True:
            batch = await database_sync_to_async(events.events_after)(
                context=self.context, thread_id=self.thread_id, after=self.last_sent, before=before
            )
            for payload in batch:
                await self.send_json(payload)
                self.last_sent = payload["seq"]
            if len(batch) < events.REPLAY_BATCH:
                return

    async def thread_event(self, message):
        payload = message["event"]
        seq = payload["seq"]
        if seq <= self.last_sent:
            return
        if seq > self.last_sent + 1:
            # Live events can overtake each other across processes; fill the gap from the log.
            await self._send_stored(before=seq)
        await self.send_json(payload)
        self.last_sent = seq

    async def receive_json(self, content, **kwargs):
        try:
            message: ClientMessage = parse_client_message(content)
        except ValidationError as exc:
            await self.send_json(
                {
                    "type": "ERROR",
                    "message": "invalid message",
                    "errors": exc.errors(
                        include_url=False, include_context=False, include_input=False
                    ),
                }
            )
            return
        from apps.agent import runtime

        await database_sync_to_async(runtime.run_start_background)(
            context=self.context, thread_id=self.thread_id, message=message
        )
