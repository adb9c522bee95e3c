"""How many bytes the ASGI server still holds for one WebSocket, when it can tell.

ASGI gives an application no flow control: under daphne `send` returns at once and Twisted
keeps whatever the client has not read in memory, without limit (django/daphne#170). For
daphne, the consumer's `send` leads to the connection's protocol and its Twisted transport,
whose write buffer we read. Under servers whose `send` waits for the client (uvicorn,
hypercorn) there is nothing to read and `probe` returns None: waiting on `send` is the
back-pressure there.
"""

import functools
from collections.abc import Callable

MAX_WRAPPERS = 6


def _transport(send):
    candidate = send
    for _ in range(MAX_WRAPPERS):
        if isinstance(candidate, functools.partial):
            # daphne: partial(Server.handle_reply, protocol)
            for argument in candidate.args:
                transport = getattr(argument, "transport", None)
                if transport is not None:
                    return transport
            return None
        # channels' SessionMiddleware: a bound method of a wrapper keeping `real_send`
        owner = getattr(candidate, "__self__", None)
        candidate = getattr(owner, "real_send", None)
        if candidate is None:
            return None
    return None


def probe(send) -> Callable[[], int] | None:
    """A function returning the unsent bytes of this socket, or None if unknown."""
    transport = _transport(send)
    if transport is None or not all(
        hasattr(transport, name) for name in ("dataBuffer", "offset", "_tempDataLen")
    ):
        return None

    def unsent() -> int:
        return len(transport.dataBuffer) - transport.offset + transport._tempDataLen

    return unsent
