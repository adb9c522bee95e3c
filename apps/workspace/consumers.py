from channels.generic.websocket import AsyncJsonWebsocketConsumer


class PingConsumer(AsyncJsonWebsocketConsumer):
    """Connectivity check for the page and the smoke test: echoes with the user's tenant."""

    async def connect(self):
        await self.accept()

    async def receive_json(self, content, **kwargs):
        user = self.scope.get("user")
        await self.send_json(
            {"type": "pong", "echo": content, "authenticated": bool(user and user.is_authenticated)}
        )
