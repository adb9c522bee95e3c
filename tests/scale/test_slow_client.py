"""Back-pressure on the WebSocket: a client that stops reading cannot make the server hold
the thread's events in memory. The server pauses sending to it, closes it after a while, and
the client resumes with ?after= without losing an event; other clients are not slowed."""

import asyncio

import psutil
import pytest

from apps.agent import services
from tests.scale import jobs
from tests.scale.streams import Follower, gaps_and_repeats
from tests.scale.wsclient import Closed, WebSocket

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db", "workers_mode")]

EVENTS = 500
EVENT_BYTES = 32_000  # 16 MB in all
STALL_SECONDS = 2


def test_a_client_that_stops_reading_is_paused_then_closed_and_loses_nothing(
    processes, acme_context, session_cookie
):
    redis = processes.redis()
    env = {"REDIS_URL": redis.url, "TESSERA_TASK_RUNNER": "workers"}
    web = processes.daphne(
        TESSERA_WS_BUFFER_KB="64",
        TESSERA_WS_STALL_SECONDS=str(STALL_SECONDS),
        TESSERA_WS_SEND_QUEUE="32",
        **env,
    )
    processes.worker(threads=1, **env)
    thread_id = str(services.thread_create(context=acme_context).id)
    cookie = session_cookie("ana")
    server = psutil.Process(web.pid)

    def last(event):
        return event.get("name") == "test.tick" and event["value"]["n"] == EVENTS - 1

    async def scenario():
        path = f"/ws/threads/{thread_id}/?after=0"
        stalled = await WebSocket.connect(
            web.port, path, cookie=cookie, receive_buffer=4096, background=False
        )
        reader = Follower(thread_id, cookie, [web.port])
        await reader.open()
        before = server.memory_info().rss
        produce = asyncio.get_running_loop().run_in_executor(
            None, _produce, acme_context, thread_id
        )
        await reader.follow(last, timeout=120)
        await produce
        # The stalled socket's sender is paused now; give the server time to give up on it
        # (TESSERA_WS_STALL_SECONDS) and to drop the connection (1 s closing handshake).
        await asyncio.sleep(STALL_SECONDS + 2)
        grown = server.memory_info().rss - before
        # Now the stalled client reads what reached it, and finds the socket closed.
        seqs = []
        with pytest.raises(Closed) as closed:
            while True:
                event = await stalled.recv(timeout=10)
                seqs.append(event["seq"])
        resumed = Follower(thread_id, cookie, [web.port], seqs=list(seqs))
        await resumed.follow(last, timeout=60)
        await resumed.close()
        await reader.close()
        return grown, len(seqs), closed.value.code, resumed.seqs

    grown, before_close, code, seqs = asyncio.run(scenario())
    assert code in (4408, 1006)  # 4408 when the close frame got through, else dropped
    assert before_close < EVENTS / 2
    assert gaps_and_repeats(seqs) == ([], [])
    assert seqs == list(range(1, EVENTS + 1))
    # Without back-pressure daphne keeps what the stalled socket did not read (+16.8 MB measured
    # for 19 MB of events); with it, little more than TESSERA_WS_BUFFER_KB.
    assert grown < 8 * 1024 * 1024, f"daphne grew by {grown / 1024 / 1024:.1f} MB"


def _produce(context, thread_id):
    from django.db import close_old_connections

    try:
        result = jobs.emit_events.enqueue(
            user_id=context.user_id, thread_id=thread_id, count=EVENTS, size=EVENT_BYTES
        )
        return result.id
    finally:
        close_old_connections()
