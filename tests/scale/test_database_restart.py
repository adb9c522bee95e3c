"""PostgreSQL restarts while a run is under way: the run ends with RUN_ERROR (not silence),
and the next request on the same socket works. The embedded server is shared by the whole
test session, so the test waits until it is healthy again before it ends."""

import asyncio
import threading
import time
from dataclasses import dataclass

import psycopg
import pytest
from django.db import connections

from apps.agent import services
from project import env, pgserver
from tests.scale.streams import Follower
from tests.scale.test_provider_faults import provider_env, texts
from tests.support.openai_wire import Chat, Reply, WireServer

pytestmark = [
    pytest.mark.slow,
    pytest.mark.restarts_database,
    pytest.mark.usefixtures("committed_db"),
]

HEALTHY_SECONDS = 30.0


@dataclass
class Held(Reply):
    """Answer with `then` once `gate` opens: the model is 'thinking' meanwhile."""

    gate: threading.Event
    then: Reply

    def serve(self, handler, request) -> None:
        self.gate.wait(HEALTHY_SECONDS)
        self.then.serve(handler, request)


def restart_database() -> None:
    if env.read("DATABASE_URL"):
        pytest.fail(
            "this test restarts the embedded PostgreSQL; it cannot restart the server named by "
            "DATABASE_URL (run the suite without DATABASE_URL)"
        )
    pgserver.stop()  # pg_ctl stop -m fast: every session is cut, like a crash for clients
    pgserver.start()
    deadline = time.monotonic() + HEALTHY_SECONDS
    while True:
        try:
            with psycopg.connect(pgserver.admin_uri(), connect_timeout=2) as conn:
                conn.execute("SELECT 1")
            break
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_a_database_restart_during_a_run_ends_it_with_run_error_and_the_next_works(
    processes, acme_context, session_cookie
):
    gate = threading.Event()
    with WireServer(Held(gate, Chat(text="Too late.")), Chat(text="Fine again.")) as model:
        web = processes.daphne(**provider_env(model, TESSERA_MODEL_TIMEOUT_SECONDS="30"))
        thread_id = str(services.thread_create(context=acme_context).id)
        cookie = session_cookie("ana")

        async def scenario():
            client = Follower(thread_id, cookie, [web.port])
            await client.open()
            await client.socket.send({"type": "message", "text": "How many are in Sales?"})
            await client.follow(lambda e: e["type"] == "RUN_STARTED")
            while not model.requests:
                await asyncio.sleep(0.02)
            await asyncio.to_thread(restart_database)
            gate.set()
            await client.follow(lambda e: e["type"] in {"RUN_FINISHED", "RUN_ERROR"}, timeout=60)
            first = list(client.events)
            await client.socket.send({"type": "message", "text": "And now?"})
            await client.follow(lambda e: e["type"] in {"RUN_FINISHED", "RUN_ERROR"}, timeout=30)
            await client.close()
            return first, client

        first, client = asyncio.run(scenario())
    # This process's own connections died with the server; the next test opens new ones.
    connections.close_all()

    assert first[-1]["type"] == "RUN_ERROR"
    assert first[-1]["code"] in {"EVENTS_NOT_STORED", "RECORD_NOT_SAVED"}
    assert first[-1]["message"]
    assert client.events[-1]["type"] == "RUN_FINISHED"
    assert texts(client)[-1] == "Fine again."
    assert client.reconnects == 0
    web.fail_if_dead()
