"""Following a thread's event stream over real WebSockets the way the browser does: resume
with ?after=<last seq> after any drop, and check that nothing was lost or repeated."""

import asyncio
import time
from dataclasses import dataclass, field

from tests.scale.wsclient import Closed, HandshakeRefused, WebSocket


@dataclass
class Follower:
    thread_id: str
    cookie: str
    ports: list[int]
    seqs: list[int] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    reconnects: int = 0
    close_codes: list[int | None] = field(default_factory=list)
    socket: WebSocket | None = None

    @property
    def last_seq(self) -> int:
        return self.seqs[-1] if self.seqs else 0

    async def open(self, port: int | None = None) -> None:
        port = port or self.ports[0]
        path = f"/ws/threads/{self.thread_id}/?after={self.last_seq}"
        self.socket = await WebSocket.connect(port, path, cookie=self.cookie)

    async def follow(self, until, *, timeout: float = 30.0) -> None:
        """Read events until `until(event)` is true, reconnecting to the next port on a drop."""
        deadline = time.monotonic() + timeout
        attempt = 0
        while time.monotonic() < deadline:
            if self.socket is None:
                port = self.ports[attempt % len(self.ports)]
                try:
                    await self.open(port)
                except (OSError, HandshakeRefused, TimeoutError):
                    attempt += 1
                    await asyncio.sleep(0.1)
                    continue
            try:
                event = await self.socket.recv(timeout=max(0.1, deadline - time.monotonic()))
            except (Closed, ConnectionError, asyncio.IncompleteReadError) as closed:
                self.close_codes.append(getattr(closed, "code", None))
                self.socket = None
                self.reconnects += 1
                attempt += 1
                continue
            self.events.append(event)
            if "seq" in event:
                self.seqs.append(event["seq"])
            if until(event):
                return
        raise AssertionError(f"stream of {self.thread_id} did not end within {timeout} s")

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
            self.socket = None


def gaps_and_repeats(seqs: list[int], first: int = 1) -> tuple[list[int], list[int]]:
    seen = set()
    repeats = [s for s in seqs if s in seen or seen.add(s)]
    missing = sorted(set(range(first, max(seqs, default=0) + 1)) - seen)
    return missing, repeats
