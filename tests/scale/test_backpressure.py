"""The socket's sender in one process: a burst larger than its queue is caught up from the
event log (in order, nothing twice), and a socket the server cannot drain is closed with
4408 so that the client resumes with ?after=."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from apps.agent import consumers, events, services, socket_backlog
from project.asgi import application

pytestmark = [pytest.mark.usefixtures("committed_db")]
ORIGIN = [(b"origin", b"http://localhost")]


async def connect(thread_id):
    user = await sync_to_async(get_user_model().objects.get)(username="ana")
    communicator = WebsocketCommunicator(application, f"/ws/threads/{thread_id}/", headers=ORIGIN)
    communicator.scope["user"] = user
    assert (await communicator.connect())[0]
    return communicator


def emit(context, thread_id, count):
    for number in range(count):
        events.event_emit(
            {"type": "CUSTOM", "name": "test.tick", "value": {"n": number}},
            context=context,
            thread_id=thread_id,
        )


@pytest.mark.asyncio
async def test_a_burst_beyond_the_send_queue_is_caught_up_from_the_log(acme_context, monkeypatch):
    monkeypatch.setenv("TESSERA_WS_SEND_QUEUE", "3")
    original = consumers.ThreadConsumer._drained
    client_reads = asyncio.Event()

    async def slow_client(self):  # the first send does not drain until the burst is over
        await client_reads.wait()
        await original(self)

    monkeypatch.setattr(consumers.ThreadConsumer, "_drained", slow_client)
    catch_ups = []
    send_stored = consumers.ThreadConsumer._send_stored

    async def counted(self, *, before):
        catch_ups.append(before)
        await send_stored(self, before=before)

    monkeypatch.setattr(consumers.ThreadConsumer, "_send_stored", counted)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    communicator = await connect(thread.id)
    await asyncio.get_running_loop().run_in_executor(None, emit, acme_context, thread.id, 60)
    await asyncio.sleep(0.2)  # the last live events reach the consumer (and find it full)
    client_reads.set()
    received = [await communicator.receive_json_from(timeout=5) for _ in range(60)]
    assert [event["seq"] for event in received] == list(range(1, 61))
    assert [event["value"]["n"] for event in received] == list(range(60))
    assert await communicator.receive_nothing(timeout=0.2)
    assert len(catch_ups) > 1  # the replay at connect, then catch-ups from the log
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_socket_that_does_not_drain_is_closed_for_the_client_to_resume(
    acme_context, monkeypatch
):
    monkeypatch.setenv("TESSERA_WS_STALL_SECONDS", "1")
    monkeypatch.setenv("TESSERA_WS_BUFFER_KB", "64")
    monkeypatch.setattr(socket_backlog, "probe", lambda send: lambda: 10 * 1024 * 1024)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    communicator = await connect(thread.id)
    await asyncio.get_running_loop().run_in_executor(None, emit, acme_context, thread.id, 5)
    first = await communicator.receive_json_from(timeout=5)
    assert first["seq"] == 1  # sent, then the server's buffer stayed full
    closing = await communicator.receive_output(timeout=5)
    assert closing == {"type": "websocket.close", "code": consumers.CLOSE_SLOW_CLIENT}
