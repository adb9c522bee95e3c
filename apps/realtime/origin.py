"""Which WebSocket handshakes are let through to the consumers.

A browser's socket is authenticated by its session cookie, which another site's page could
make the browser send: those must come from an allowed Origin (Channels' check). A socket that
presents `Authorization: Bearer` is authenticated by the token alone, which no other page can
make a browser send; scripts and other apps often send no Origin at all.
"""

from channels.security.websocket import AllowedHostsOriginValidator

from apps.accounts.bearer import TokenRefused, bearer_from_scope


def _presents_token(scope) -> bool:
    try:
        return bearer_from_scope(scope.get("headers", [])) is not None
    except TokenRefused:
        return True  # refused by the consumer, with CLOSE_UNAUTHENTICATED


class BearerOrSameOrigin:
    def __init__(self, application):
        self.application = application
        self.same_origin = AllowedHostsOriginValidator(application)

    async def __call__(self, scope, receive, send):
        if _presents_token(scope):
            return await self.application(scope, receive, send)
        return await self.same_origin(scope, receive, send)
