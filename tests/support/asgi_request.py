"""One HTTP request through an ASGI application in this process, no sockets: the status,
the headers and the body it answered (used by tests/workspace and bench/http_cost.py)."""

import asyncio


async def asgi_request(app, method: str, path: str, cookie: bytes | None = None) -> tuple:
    headers = [(b"host", b"localhost")] + ([(b"cookie", cookie)] if cookie else [])
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("localhost", 80),
    }
    delivered, done, messages = [], asyncio.Event(), []

    async def receive():
        if not delivered:
            delivered.append(True)
            return {"type": "http.request", "body": b"", "more_body": False}
        await done.wait()  # the client stays until the answer is sent
        return {"type": "http.disconnect"}

    async def send(message):
        messages.append(message)

    await app(scope, receive, send)
    done.set()
    body = b"".join(m.get("body", b"") for m in messages[1:])
    return messages[0]["status"], messages[0]["headers"], body
