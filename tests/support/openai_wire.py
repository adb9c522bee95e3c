"""A scripted server speaking the OpenAI Chat Completions wire protocol, for tests.

It listens on 127.0.0.1 (an ephemeral port) and answers each POST with the next reply of its
script, recording every request (path, headers, JSON body, arrival time) so a test can assert
what the client sent and when:

    with WireServer(Error(429, headers={"Retry-After": "1"}), Chat(text="hi")) as server:
        provider = OpenAIProvider(ProviderConfig("openai", "m", base_url=server.url, ...))
        ...
        assert server.requests[1].at - server.requests[0].at >= 1

`Chat` answers in the format the request asked for: a JSON completion, or — when the request
has `"stream": true` — SSE chunks (text split into pieces, tool-call arguments split into
fragments after a first chunk carrying id and name, a usage chunk when `stream_options` asks
for it, then `[DONE]`). It can also stall mid-stream, optionally sending SSE keep-alive
comments, which carry bytes but no chunk. `Error`, `Disconnect` and `Raw` (any body, e.g. the
Anthropic wire format) cover the rest. A request beyond the script gets a 500 and is listed in
`unexpected`.
"""

import contextlib
import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

STALL_LIMIT_SECONDS = 30.0
KEEPALIVE_INTERVAL_SECONDS = 0.05


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    at: float

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body["messages"]


def call(name: str, arguments: dict[str, Any] | str, id: str | None = None) -> dict[str, Any]:
    """A tool call for `Chat(tool_calls=[...])`; `arguments` may be raw (even broken) text."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": id, "name": name, "arguments": text}


class Reply:
    def serve(self, handler: "_Handler", request: Recorded) -> None:
        raise NotImplementedError


@dataclass
class Chat(Reply):
    text: str = ""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    usage: tuple[int, int] = (11, 7)
    finish_reason: str | None = None
    model: str = "wire-model"
    chunk_size: int = 6
    stall_after: int | None = None
    keepalive: bool = False
    finish: bool = True

    def _calls(self) -> list[dict[str, Any]]:
        return [
            {**tool_call, "id": tool_call["id"] or f"call_{index}"}
            for index, tool_call in enumerate(self.tool_calls)
        ]

    def _finish_reason(self) -> str:
        return self.finish_reason or ("tool_calls" if self.tool_calls else "stop")

    def _usage(self) -> dict[str, int]:
        prompt, completion = self.usage
        return {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }

    def serve(self, handler: "_Handler", request: Recorded) -> None:
        if request.body.get("stream"):
            self._serve_stream(handler, request)
            return
        message: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            message["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
                for c in self._calls()
            ]
        handler.send_json(
            200,
            {
                "id": "chatcmpl-wire",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": self.model,
                "choices": [
                    {"index": 0, "message": message, "finish_reason": self._finish_reason()}
                ],
                "usage": self._usage(),
            },
        )

    def chunks(self, include_usage: bool) -> list[dict[str, Any]]:
        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {
                "id": "chatcmpl-wire",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": self.model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }

        chunks = [chunk({"role": "assistant", "content": ""})]
        for start in range(0, len(self.text), self.chunk_size):
            chunks.append(chunk({"content": self.text[start : start + self.chunk_size]}))
        for index, tool_call in enumerate(self._calls()):
            first = {
                "index": index,
                "id": tool_call["id"],
                "type": "function",
                "function": {"name": tool_call["name"], "arguments": ""},
            }
            chunks.append(chunk({"tool_calls": [first]}))
            arguments = tool_call["arguments"]
            for start in range(0, len(arguments), self.chunk_size):
                fragment = {
                    "index": index,
                    "function": {"arguments": arguments[start : start + self.chunk_size]},
                }
                chunks.append(chunk({"tool_calls": [fragment]}))
        if self.finish:
            chunks.append(chunk({}, self._finish_reason()))
            if include_usage:
                chunks.append({**chunk({}), "choices": [], "usage": self._usage()})
        return chunks

    def _serve_stream(self, handler: "_Handler", request: Recorded) -> None:
        include_usage = bool((request.body.get("stream_options") or {}).get("include_usage"))
        chunks = self.chunks(include_usage)
        handler.start_sse()
        for number, data in enumerate(chunks):
            if self.stall_after is not None and number >= self.stall_after:
                handler.stall(keepalive=self.keepalive)
                return
            handler.send_event(json.dumps(data))
        if self.finish:
            handler.send_event("[DONE]")


@dataclass
class Error(Reply):
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    message: str = "scripted failure"

    def serve(self, handler: "_Handler", request: Recorded) -> None:
        kind = "rate_limit_error" if self.status == 429 else "server_error"
        handler.send_json(
            self.status,
            {"error": {"message": self.message, "type": kind, "code": None}},
            headers=self.headers,
        )


@dataclass
class Disconnect(Reply):
    """Close the connection without answering (the client sees a connection error)."""

    def serve(self, handler: "_Handler", request: Recorded) -> None:
        handler.close_connection = True
        handler.connection.shutdown(socket.SHUT_RDWR)


@dataclass
class Raw(Reply):
    """A literal answer: a JSON body, or a list of (event, data) SSE events."""

    status: int = 200
    body: Any = None
    events: list[tuple[str | None, Any]] | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def serve(self, handler: "_Handler", request: Recorded) -> None:
        if self.events is None:
            handler.send_json(self.status, self.body, headers=self.headers)
            return
        handler.start_sse()
        for event, data in self.events:
            handler.send_event(data if isinstance(data, str) else json.dumps(data), event=event)


class _Handler(BaseHTTPRequestHandler):
    server: "_Server"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        request = Recorded(
            method="POST",
            path=self.path,
            headers={key.lower(): value for key, value in self.headers.items()},
            body=body,
            at=time.monotonic(),
        )
        reply = self.server.wire.take(request)
        if reply is None:
            self.send_json(500, {"error": {"message": "wire server: script exhausted"}})
            return
        # The client may give up mid-answer (e.g. the watchdog cut the stream).
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            reply.serve(self, request)

    def send_json(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def start_sse(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.flush()

    def send_event(self, data: str, event: str | None = None) -> None:
        prefix = f"event: {event}\n" if event else ""
        self.wfile.write(f"{prefix}data: {data}\n\n".encode())
        self.wfile.flush()

    def stall(self, *, keepalive: bool) -> None:
        """Stop producing until the server closes (or the stall limit passes)."""
        deadline = time.monotonic() + STALL_LIMIT_SECONDS
        while time.monotonic() < deadline and not self.server.wire.stopping.is_set():
            if keepalive:
                self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
            self.server.wire.stopping.wait(KEEPALIVE_INTERVAL_SECONDS)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    wire: "WireServer"


class WireServer:
    def __init__(self, *replies: Reply) -> None:
        self._script: list[Reply] = list(replies)
        self._lock = threading.Lock()
        self.requests: list[Recorded] = []
        self.unexpected: list[Recorded] = []
        self.stopping = threading.Event()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.wire = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def url(self) -> str:
        """Base URL for an OpenAI client (…/v1)."""
        return f"{self.base_url}/v1"

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    @property
    def pending(self) -> int:
        return len(self._script)

    def take(self, request: Recorded) -> Reply | None:
        with self._lock:
            self.requests.append(request)
            if not self._script:
                self.unexpected.append(request)
                return None
            return self._script.pop(0)

    def close(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> "WireServer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
