"""A small asyncio WebSocket client (RFC 6455) for tests and the load benchmark.

Small on purpose: text frames, ping/pong, close codes, and control over the socket's receive
buffer and over reading at all, which a slow-client test needs and library clients hide. Like
a browser, it reads in the background (answering the server's pings while the caller is busy)
unless told not to read at all.
"""

import asyncio
import base64
import contextlib
import json
import os
import socket
import struct
from typing import Any

OP_CONTINUATION, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10


class HandshakeRefused(Exception):
    def __init__(self, status: int):
        super().__init__(f"WebSocket handshake refused with HTTP {status}")
        self.status = status


class Closed(Exception):
    def __init__(self, code: int | None):
        super().__init__(f"WebSocket closed with code {code}")
        self.code = code


def _mask(data: bytes, key: bytes) -> bytes:
    if not data:
        return data
    size = len(data)
    repeated = (key * (size // 4 + 1))[:size]
    return (int.from_bytes(data, "big") ^ int.from_bytes(repeated, "big")).to_bytes(size, "big")


def _frame(opcode: int, payload: bytes) -> bytes:
    key = os.urandom(4)
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
    return header + key + _mask(payload, key)


class WebSocket:
    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, background: bool
    ):
        self.reader, self.writer = reader, writer
        self.close_code: int | None = None
        self._inbox: asyncio.Queue | None = None
        self._reading: asyncio.Task | None = None
        if background:
            self._inbox = asyncio.Queue()
            self._reading = asyncio.create_task(self._read_forever())

    @classmethod
    async def connect(
        cls,
        port: int,
        path: str,
        *,
        cookie: str = "",
        host: str = "127.0.0.1",
        receive_buffer: int | None = None,
        timeout: float = 10.0,
        background: bool = True,
    ) -> "WebSocket":
        """`background=False`: read only inside `recv()`, so a caller that stops calling it
        stops reading from the socket (a stalled client)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(loop.sock_connect(sock, (host, port)), timeout)
        except BaseException:
            sock.close()
            raise
        limit = receive_buffer or 2**16
        reader, writer = await asyncio.open_connection(sock=sock, limit=limit)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            f"Origin: http://{host}:{port}",
        ]
        if cookie:
            lines.append(f"Cookie: {cookie}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
        status = int(head.split(b" ", 2)[1])
        if status != 101:
            writer.close()
            raise HandshakeRefused(status)
        if not background:
            writer.transport.pause_reading()
        return cls(reader, writer, background=background)

    async def _read_frame(self) -> tuple[bool, int, bytes]:
        first, second = await self.reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            (size,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", await self.reader.readexactly(8))
        key = await self.reader.readexactly(4) if second & 0x80 else None
        data = await self.reader.readexactly(size)
        return bool(first & 0x80), first & 0x0F, _mask(data, key) if key else data

    async def recv_text(self) -> str:
        parts: list[bytes] = []
        while True:
            try:
                fin, opcode, data = await self._read_frame()
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                raise Closed(self.close_code or 1006) from exc
            if opcode == OP_PING:
                self.writer.write(_frame(OP_PONG, data))
                continue
            if opcode == OP_PONG:
                continue
            if opcode == OP_CLOSE:
                self.close_code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else 1005
                raise Closed(self.close_code)
            parts.append(data)
            if fin:
                return b"".join(parts).decode()

    async def _read_forever(self) -> None:
        while True:
            try:
                text = await self.recv_text()
            except Closed as closed:
                await self._inbox.put(closed)
                return
            await self._inbox.put(text)

    async def recv(self, timeout: float | None = 10.0) -> dict[str, Any]:
        if self._inbox is None:
            self.writer.transport.resume_reading()
            return json.loads(await asyncio.wait_for(self.recv_text(), timeout))
        item = await asyncio.wait_for(self._inbox.get(), timeout)
        if isinstance(item, Closed):
            self._inbox.put_nowait(item)  # every later call sees the close too
            raise item
        return json.loads(item)

    async def send(self, message: dict[str, Any]) -> None:
        try:
            self.writer.write(_frame(OP_TEXT, json.dumps(message).encode()))
            await self.writer.drain()
        except ConnectionError as exc:
            raise Closed(self.close_code or 1006) from exc

    async def close(self, code: int = 1000) -> None:
        if self._reading is not None:
            self._reading.cancel()
        with contextlib.suppress(ConnectionError):
            self.writer.write(_frame(OP_CLOSE, struct.pack("!H", code)))
            await self.writer.drain()
        self.writer.close()
        with contextlib.suppress(TimeoutError, ConnectionError):
            await asyncio.wait_for(self.writer.wait_closed(), 2)

    def abort(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
        self.writer.transport.abort()
