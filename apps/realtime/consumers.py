"""The authenticated WebSocket consumer the thread, decks and studio sockets extend.

`connect` authenticates once, for every socket alike: a Bearer token in the handshake
(`Authorization: Bearer`, for scripts and other apps) or the session. A socket that is not
authenticated is closed with CLOSE_UNAUTHENTICATED, one whose person has no tenant (or whose
token is refused) likewise or with CLOSE_FORBIDDEN; otherwise `self.context` is set and the
subclass's `open()` decides the rest. Groups joined with `join` are left on disconnect.

A frame that is not one JSON text (binary, larger than an HTTP body may be, not JSON,
nested past 1024 levels, a NUL in a string) is answered with a REQUEST_REFUSED message and
the socket goes on: channels would raise, which kills the socket and logs a traceback for
what is the client's mistake.
"""

import functools

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from apps.accounts import bearer
from apps.accounts.access import AccessContext, AccessDenied, access_context_for_user
from apps.agent import jsontext
from apps.agent.refusals import invalid_message

CLOSE_BAD_REQUEST = 4400
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
# The client did not read for too long; it reconnects and catches up (nothing is lost).
CLOSE_SLOW_CLIENT = 4408
# Something broke on the server side (e.g. the database went away); the client reconnects.
CLOSE_INTERNAL_ERROR = 1011

# Sockets' reads run on the shared thread pool, not on asgiref's single thread-sensitive
# thread, where every sync view of the process also waits its turn (bench/load.py: with 200
# sockets that one thread was the queue). Each call is self-contained.
db = functools.partial(database_sync_to_async, thread_sensitive=False)


def _session_context(user) -> AccessContext:
    return access_context_for_user(user)


def _token_context(token: str) -> AccessContext:
    _, context = bearer.authenticate(token)
    return context


class AuthenticatedConsumer(AsyncJsonWebsocketConsumer):
    context: AccessContext

    async def connect(self):
        self.groups_joined: list[str] = []
        try:
            token = bearer.bearer_from_scope(self.scope.get("headers", []))
            if token is not None:
                self.context = await db(_token_context)(token)
            else:
                user = self.scope.get("user")
                if user is None or not user.is_authenticated:
                    await self.close(code=CLOSE_UNAUTHENTICATED)
                    return
                self.context = await db(_session_context)(user)
        except bearer.TokenRefused:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        except AccessDenied:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.open()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            if text_data is None:
                raise ValueError("Frames must be text: one JSON object.")
            if len(text_data) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
                limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
                raise ValueError(f"The frame is larger than {limit} characters.")
            content = jsontext.loads(text_data, what="The frame")
        except ValueError as error:
            await self.send_json(invalid_message([], str(error)).as_message())
            return
        await self.receive_json(content, **kwargs)

    async def open(self) -> None:
        """Check what the socket is for, `join` its groups, `accept()` (or close)."""
        raise NotImplementedError

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    async def disconnect(self, code):
        await self.closing()
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = []

    async def closing(self) -> None:
        """Stop what the socket started (tasks); its groups are left afterwards."""

    async def realtime_gap(self, message):
        """The channel layer may have lost messages for this socket (its Redis connection was
        re-established, apps/realtime/redis_layer.py): close it, so that the client resumes
        with ?after= as after any drop and misses nothing."""
        await self.close(code=CLOSE_INTERNAL_ERROR)
