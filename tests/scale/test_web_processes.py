"""Several daphne processes behind one Redis: an event produced by a worker reaches a client
on any web process, and clients of a web process that is killed resume on another one with
?after= without missing or repeating an event. Redis going away shows on /healthz."""

import asyncio
import json
import socket
import time

import pytest

from apps.agent import services
from tests.scale import jobs
from tests.scale.streams import Follower, gaps_and_repeats

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db", "workers_mode")]


def cluster(processes, *, webs: int = 2, worker_threads: int = 4):
    redis = processes.redis()
    env = {"REDIS_URL": redis.url, "TESSERA_TASK_RUNNER": "workers"}
    daphnes = [processes.daphne(**env) for _ in range(webs)]
    processes.worker(threads=worker_threads, **env)
    return redis, daphnes


def test_a_run_on_a_worker_streams_to_clients_on_both_web_processes(
    processes, acme_context, session_cookie
):
    _, (web_a, web_b) = cluster(processes)
    thread = services.thread_create(context=acme_context)
    cookie = session_cookie("ana")

    async def scenario():
        asker = Follower(str(thread.id), cookie, [web_a.port])
        watcher = Follower(str(thread.id), cookie, [web_b.port])
        await asker.open()
        await watcher.open()
        await asker.socket.send({"type": "message", "text": "How many employees are there?"})
        done = lambda event: event["type"] in {"RUN_FINISHED", "RUN_ERROR"}  # noqa: E731
        await asyncio.gather(asker.follow(done), watcher.follow(done))
        await asker.close()
        await watcher.close()
        return asker, watcher

    asker, watcher = asyncio.run(scenario())
    assert watcher.events == asker.events
    assert [event["type"] for event in watcher.events][0] == "RUN_STARTED"
    assert watcher.events[-1]["type"] == "RUN_FINISHED"
    assert watcher.seqs == list(range(1, len(watcher.seqs) + 1))
    assert watcher.reconnects == 0


TICKS = 120


def _stream_with_a_disruption(followers, threads, context, disrupt) -> list[int]:
    """A worker emits TICKS events on each thread while the followers read them; once every
    stream is under way, `disrupt()`. Returns how many events each follower had seen then."""

    def last(event):
        return event.get("name") == "test.tick" and event["value"]["n"] == TICKS - 1

    async def scenario():
        for follower in followers:
            await follower.open()
        reading = asyncio.gather(*(follower.follow(last, timeout=60) for follower in followers))
        while min(len(follower.seqs) for follower in followers) < 10:
            await asyncio.sleep(0.02)
        disrupt()
        seen = [len(follower.seqs) for follower in followers]
        await reading
        for follower in followers:
            await follower.close()
        return seen

    for thread_id in threads:
        jobs.emit_events.enqueue(
            user_id=context.user_id, thread_id=thread_id, count=TICKS, delay=0.025
        )
    return asyncio.run(scenario())


def test_clients_of_a_killed_web_process_resume_on_another_and_miss_nothing(
    processes, acme_context, session_cookie
):
    _, (web_a, web_b) = cluster(processes, worker_threads=8)
    cookie = session_cookie("ana")
    threads = [str(services.thread_create(context=acme_context).id) for _ in range(8)]
    followers = [
        Follower(thread_id, cookie, ports)
        for thread_id in threads
        for ports in ([web_a.port, web_b.port], [web_a.port, web_b.port], [web_b.port])
    ]
    killed_at = _stream_with_a_disruption(followers, threads, acme_context, web_a.kill)
    for follower, seen_at_kill in zip(followers, killed_at, strict=True):
        missing, repeated = gaps_and_repeats(follower.seqs)
        assert (missing, repeated) == ([], []), follower.thread_id
        assert follower.seqs == list(range(1, TICKS + 1))
        assert seen_at_kill < TICKS  # the kill happened mid-stream
        expected_reconnects = 1 if follower.ports[0] == web_a.port else 0
        assert follower.reconnects == expected_reconnects


def test_sockets_resume_from_the_log_when_their_web_process_loses_redis_for_a_moment(
    processes, acme_context, session_cookie
):
    """Pub/sub keeps nothing for a subscriber whose connection is down: the web process's
    sockets are closed with 1011 when it reconnects, and resume with ?after= (redis_layer.py)."""
    redis, (web_a, web_b) = cluster(processes)
    cookie = session_cookie("ana")
    threads = [str(services.thread_create(context=acme_context).id) for _ in range(4)]
    followers = [Follower(t, cookie, [web]) for t in threads for web in (web_a.port, web_b.port)]

    def drop_subscribers():
        # Redis drops both web processes' subscriber connections; the worker's publishing
        # connection stays.
        with socket.create_connection(("127.0.0.1", redis.port), timeout=5) as client:
            client.sendall(b"CLIENT KILL TYPE pubsub\r\n")
            assert client.recv(64) == b":2\r\n"

    dropped_at = _stream_with_a_disruption(followers, threads, acme_context, drop_subscribers)
    for follower, seen_at_drop in zip(followers, dropped_at, strict=True):
        assert follower.seqs == list(range(1, TICKS + 1)), follower.thread_id
        assert seen_at_drop < TICKS  # the drop happened mid-stream
        assert follower.close_codes == [1011]
        assert follower.reconnects == 1


def test_redis_unavailable_is_reported_by_healthz_and_recovery_too(processes, session_cookie):
    staff = {"Cookie": session_cookie("admin")}  # the checks' detail is for staff

    def _health(web):
        status, body = web.get("/healthz", headers=staff)
        return status, json.loads(body)

    redis = processes.redis()
    web = processes.daphne(REDIS_URL=redis.url)
    status, report = _health(web)
    assert status == 200 and report["checks"]["channel_layer"]["ok"]
    assert report["checks"]["channel_layer"]["backend"] == "PubSubChannelLayer"

    redis.kill()
    started = time.monotonic()
    status, report = _health(web)
    assert time.monotonic() - started < 5  # fails fast instead of hanging
    assert status == 503 and not report["ok"]
    layer = report["checks"]["channel_layer"]
    assert not layer["ok"] and layer["backend"] == "PubSubChannelLayer"
    assert "Connection" in layer["error"]
    assert report["checks"]["database"]["ok"]
    status, public = web.get("/healthz")
    assert status == 503 and json.loads(public)["checks"]["channel_layer"] == {"ok": False}

    processes.redis(port=redis.port)
    status, report = _health(web)
    assert status == 200 and report["ok"], report
