"""A frame past the socket's size limit on the real web process. The consumers refuse a frame
larger than DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) with REQUEST_REFUSED and keep the socket
(tests/probe/test_socket_frames.py, in-process), but daphne's own limit is 1 MB: a 1.5 MB
frame never reached them — daphne closed the socket with 1009 and the client lost its place.
The web process now lets frames through up to project.serve.WEBSOCKET_MAX_MESSAGE_BYTES, above
the consumers' limit, so they answer; past it daphne still closes the socket."""

import asyncio
import json

import pytest

from apps.agent import services
from tests.scale.wsclient import OP_TEXT, WebSocket, _frame

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db")]


def test_a_frame_over_the_consumers_limit_is_refused_and_the_socket_goes_on(
    processes, acme_context, session_cookie
):
    web = processes.daphne()
    thread_id = str(services.thread_create(context=acme_context).id)
    cookie = session_cookie("ana")
    text = json.dumps({"type": "message", "text": "x" * 3_000_000})

    async def scenario():
        socket = await WebSocket.connect(web.port, f"/ws/threads/{thread_id}/", cookie=cookie)
        try:
            socket.writer.write(_frame(OP_TEXT, text.encode()))
            await socket.writer.drain()
            refused = await socket.recv(timeout=30)
            await socket.send({"type": "no-such-type"})
            after = await socket.recv(timeout=30)
        finally:
            await socket.close()
        return refused, after

    refused, after = asyncio.run(scenario())
    assert refused["type"] == "REQUEST_REFUSED" and "larger than" in refused["message"]
    assert after["type"] == "REQUEST_REFUSED"  # the socket still answers
