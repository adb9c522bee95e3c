"""/ws/studio/: every logged-in page joins it and receives the person's preferences at once and
after every accepted change (theirs, from any tab or run, or a new tenant default)."""

from apps.realtime.consumers import AuthenticatedConsumer, db
from apps.studio import selectors, services
from apps.studio.live import live_payload


def _payload(context):
    return live_payload(selectors.layers_get(context=context, scope="user"))


class StudioConsumer(AuthenticatedConsumer):
    async def open(self):
        for scope in selectors.SCOPES:
            await self.join(services.group_of(context=self.context, scope=scope))
        await self.accept()
        # A page rendered before a change it missed (a reconnect) catches up here.
        await self._send_current()

    async def _send_current(self):
        await self.send_json(await db(_payload)(self.context))

    async def studio_changed(self, message):
        # Recomputed per connection: a tenant default lands differently on each person.
        await self._send_current()

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "refresh":
            await self._send_current()
