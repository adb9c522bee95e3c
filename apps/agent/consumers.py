"""WebSocket of one thread: replays what the client missed, then streams live events, and
accepts the user's messages and A2UI actions. Runs are queued as jobs, so they go on when the
browser disconnects.

Back-pressure: events reach the socket through one sender task and a bounded queue. A burst
beyond the queue is not kept in memory: the sender catches up from the event log once the
queue has drained. The sender pauses while the server holds more than the configured unsent
bytes for this socket, and a client that stays that far behind for too long is closed with
CLOSE_SLOW_CLIENT; it resumes with ?after=<last seq> and loses nothing, since the log has
every event (apps/agent/limits.py for the settings).
"""

import asyncio
import contextlib
import logging
from urllib.parse import parse_qs

from pydantic import ValidationError

from apps.agent import events, limits, runtime, selectors, socket_backlog
from apps.agent.inbound import ClientMessage, parse_client_message
from apps.agent.refusals import THREAD_BUSY, Refusal, invalid_message
from apps.realtime.consumers import (
    CLOSE_BAD_REQUEST,
    CLOSE_FORBIDDEN,
    CLOSE_INTERNAL_ERROR,
    CLOSE_SLOW_CLIENT,
    AuthenticatedConsumer,
    db,
)

DRAIN_CHECK_SECONDS = 0.05
# A message sent while the thread answers waits for that answer this long at most.
WAIT_FOR_THREAD_SECONDS = 300
THREAD_BUSY_RETRY_SECONDS = 0.25

log = logging.getLogger("tessera.agent")


class SlowClient(Exception):
    pass


class ThreadConsumer(AuthenticatedConsumer):
    sender: asyncio.Task | None = None
    waiting: asyncio.Task | None = None  # a message waiting for the thread's current run

    async def open(self):
        self.thread_id = self.scope["url_route"]["kwargs"]["thread_id"]
        visible = await db(selectors.thread_visible)(context=self.context, thread_id=self.thread_id)
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
        self.limits = limits.socket_limits()
        self.outbox: asyncio.Queue = asyncio.Queue(maxsize=self.limits.send_queue)
        self.behind = False
        self.unsent = socket_backlog.probe(self.base_send)
        # Join the group before reading the log: an event committed in between is then either
        # in the log or delivered live, and `last_sent` drops the duplicate.
        await self.join(events.thread_group(self.thread_id))
        await self.accept()
        self.last_sent = max(after, 0)
        self.sender = asyncio.create_task(self._send_loop())

    async def dispatch(self, message):
        # Live events touch no database: skip channels' close_old_connections round trip
        # through that thread for each message.
        if message["type"] == "thread.events":
            await self.thread_events(message)
            return
        await super().dispatch(message)

    async def closing(self):
        for task in (self.sender, self.waiting):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def thread_events(self, message):
        """Events stored together (apps/agent/events.py), in order, as (seq, JSON text)."""
        for seq, text in message["frames"]:
            try:
                self.outbox.put_nowait((seq, text))
            except asyncio.QueueFull:
                # Not kept in memory: the sender reads it from the log once it has caught up.
                self.behind = True

    async def _send_loop(self):
        try:
            await self._send_stored(before=None)
            while True:
                if self.outbox.empty() and self.behind:
                    self.behind = False
                    await self._send_stored(before=None)
                    continue
                seq, text = await self.outbox.get()
                if seq <= self.last_sent:
                    continue
                if seq > self.last_sent + 1:
                    # Live events can overtake each other across processes, or were dropped
                    # while the queue was full; fill the gap from the log.
                    await self._send_stored(before=seq)
                await self._deliver(seq, text)
        except SlowClient:
            log.warning(
                "thread %s: closing a socket that read nothing for %.0f s (seq %d sent)",
                self.thread_id,
                self.limits.stall_seconds,
                self.last_sent,
            )
            await self.close(code=CLOSE_SLOW_CLIENT)
        except Exception:
            log.exception("thread %s: the event stream to a socket failed", self.thread_id)
            await self.close(code=CLOSE_INTERNAL_ERROR)

    async def _send_stored(self, *, before: int | None) -> None:
        while True:
            batch = await db(events.events_after)(
                context=self.context, thread_id=self.thread_id, after=self.last_sent, before=before
            )
            for payload in batch:
                await self._deliver(payload["seq"], events.frame(payload))
            if len(batch) < events.REPLAY_BATCH:
                return

    async def _deliver(self, seq: int, text: str) -> None:
        try:
            await asyncio.wait_for(self.send(text_data=text), self.limits.stall_seconds)
        except TimeoutError as exc:  # a server whose send waits for the client
            raise SlowClient from exc
        self.last_sent = seq
        await self._drained()

    async def _drained(self) -> None:
        """Wait while the server holds more unsent bytes for this socket than allowed."""
        if self.unsent is None or self.unsent() <= self.limits.buffer_bytes:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.stall_seconds
        while self.unsent() > self.limits.buffer_bytes:
            if loop.time() > deadline:
                raise SlowClient
            await asyncio.sleep(DRAIN_CHECK_SECONDS)

    async def receive_json(self, content, **kwargs):
        """A message or an A2UI action; one that starts no run is answered with a
        REQUEST_REFUSED message (unnumbered, not stored). One sent while the thread is still
        answering waits for that answer to end (runs on a thread are serialized)."""
        try:
            message: ClientMessage = parse_client_message(content)
        except ValidationError as exc:
            errors = exc.errors(include_url=False, include_context=False, include_input=False)
            await self.send_json(invalid_message(errors).as_message())
            return
        if self.waiting is not None and not self.waiting.done():
            await self.send_json(Refusal(THREAD_BUSY, limits.THREAD_BUSY_MESSAGE, 409).as_message())
            return
        self.waiting = asyncio.create_task(self._start_when_free(message))

    async def _start_when_free(self, message: ClientMessage) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT_FOR_THREAD_SECONDS
        while True:
            try:
                await db(runtime.run_start_background)(
                    context=self.context, thread_id=self.thread_id, message=message
                )
                return
            except Refusal as refused:
                if refused.code != THREAD_BUSY or loop.time() > deadline:
                    await self.send_json(refused.as_message())
                    return
            await asyncio.sleep(THREAD_BUSY_RETRY_SECONDS)
