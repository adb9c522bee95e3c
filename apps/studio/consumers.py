"""/ws/studio/: every logged-in page joins it and receives the person's preferences at once and
after every accepted change (theirs, from any tab or run, or a new tenant default)."""

import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from apps.accounts.access import AccessDenied, access_context_for_user
from apps.agent import events
from apps.studio import selectors, services
from apps.studio.live import live_payload

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403


def _payload(context):
    return live_payload(selectors.layers_get(context=context, scope="user"))


class StudioConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.groups_joined: list[str] = []
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        try:
            self.context = await database_sync_to_async(access_context_for_user)(user)
        except AccessDenied:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        # Changes are stored on worker threads and in sync views; they reach us on this loop.
        events.bind_delivery_loop(asyncio.get_running_loop())
        for scope in selectors.SCOPES:
            group = services.group_of(context=self.context, scope=scope)
            await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined.append(group)
        await self.accept()
        # A page rendered before a change it missed (a reconnect) catches up here.
        await self._send_current()

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = []

    async def _send_current(self):
        await self.send_json(await database_sync_to_async(_payload)(self.context))

    async def studio_changed(self, message):
        # Recomputed per connection: a tenant default lands differently on each person.
        await self._send_current()

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "refresh":
            await self._send_current()
