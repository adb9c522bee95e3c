"""Retries, Retry-After, the idle watchdog and failover, driven through the real openai provider."""

import random
import socket
import threading
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from apps.agent.messages import Message
from apps.agent.providers import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    ProviderNotice,
    ProviderUnavailable,
    ResilientProvider,
    RetryPolicy,
    StreamStalled,
    TextDelta,
    collect,
)
from apps.agent.providers.openai import OpenAIProvider
from apps.agent.providers.resilience import parse_retry_after, watch_idle
from tests.agent.conftest import FAST, openai_config
from tests.support.openai_wire import Chat, Disconnect, Error

REQUEST = ModelRequest(messages=[Message.user("How many in Sales?")])


def gaps(server) -> list[float]:
    times = [request.at for request in server.requests]
    return [later - earlier for earlier, later in zip(times, times[1:], strict=False)]


# The policy


def test_backoff_doubles_with_equal_jitter():
    policy = RetryPolicy(max_attempts=6, base_seconds=1, max_seconds=8, rng=random.Random(1))
    for attempt, ceiling in [(1, 1), (2, 2), (3, 4), (4, 8), (5, 8)]:
        delay = policy.delay(attempt)
        assert ceiling / 2 <= delay <= ceiling
    assert policy.delay(6) is None


def test_jitter_spreads_retries():
    policy = RetryPolicy(base_seconds=1, rng=random.Random(3))
    assert len({round(policy.delay(2), 6) for _ in range(20)}) > 10


def test_retry_after_is_a_floor_and_too_long_a_wait_ends_retries():
    policy = RetryPolicy(max_attempts=4, base_seconds=0.01, max_seconds=5)
    assert policy.delay(1, retry_after=3) == 3
    assert policy.delay(1, retry_after=6) is None


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"Retry-After": "3"}, 3.0),
        ({"retry-after": "0.5"}, 0.5),
        ({"retry-after-ms": "250", "Retry-After": "9"}, 0.25),
        ({"Retry-After": "soon"}, None),
        ({}, None),
    ],
)
def test_parse_retry_after(headers, seconds):
    assert parse_retry_after(headers) == seconds


def test_parse_retry_after_http_date():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    headers = {"Retry-After": format_datetime(now + timedelta(seconds=12), usegmt=True)}
    assert parse_retry_after(headers, now=now.timestamp()) == 12.0


# Retries against the wire server


def test_429_waits_at_least_retry_after(wire, resilient):
    wire.script(Error(429, headers={"Retry-After": "1"}), Chat(text="Three."))
    proposal = resilient.complete(REQUEST)
    assert proposal.text == "Three."
    assert len(wire.requests) == 2
    assert gaps(wire)[0] >= 1.0
    [notice] = proposal.notices
    assert notice.kind == "retry"
    assert notice.status == 429
    assert notice.delay_seconds >= 1.0


def test_retry_after_ms_is_honoured_on_streams(wire, resilient):
    wire.script(Error(429, headers={"retry-after-ms": "300"}), Chat(text="Three."))
    items = list(resilient.stream(REQUEST))
    assert isinstance(items[0], ProviderNotice)
    assert items[-1].text == "Three."
    assert gaps(wire)[0] >= 0.3


def test_5xx_are_retried_with_growing_delays(wire, openai_provider):
    policy = RetryPolicy(max_attempts=4, base_seconds=0.1, max_seconds=1, rng=random.Random(5))
    wire.script(Error(500), Error(502), Error(503), Chat(text="Finally."))
    proposal = collect(ResilientProvider(openai_provider, policy=policy).stream(REQUEST))
    assert proposal.text == "Finally."
    assert [n.status for n in proposal.notices] == [500, 502, 503]
    observed = gaps(wire)
    assert observed[0] >= 0.05
    assert observed[1] >= 0.1
    assert observed[2] >= 0.2


def test_other_errors_are_not_retried(wire, resilient):
    wire.script(Error(400, message="unknown model"), Chat(text="never"))
    with pytest.raises(PermanentProviderError, match="unknown model"):
        resilient.complete(REQUEST)
    assert len(wire.requests) == 1


def test_dropped_connections_are_retried(wire, resilient):
    wire.script(Disconnect(), Chat(text="Back."))
    assert collect(resilient.stream(REQUEST)).text == "Back."
    assert len(wire.requests) == 2


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_an_unreachable_server_ends_with_a_clear_error():
    config = openai_config(None, base_url=f"http://127.0.0.1:{free_port()}/v1")
    provider = ResilientProvider(OpenAIProvider(config), policy=FAST)
    with pytest.raises(ProviderUnavailable) as caught:
        provider.complete(REQUEST)
    message = str(caught.value)
    assert "openai:wire-model did not answer after 3 attempt(s)" in message
    assert "TESSERA_FALLBACK_PROVIDER" in message


# The idle watchdog


@pytest.mark.parametrize("keepalive", [False, True])
def test_a_stalled_stream_is_cut_and_retried(wire, keepalive):
    provider = ResilientProvider(OpenAIProvider(openai_config(wire, idle_seconds=0.3)), policy=FAST)
    wire.script(
        Chat(text="Counting the employees", chunk_size=4, stall_after=3, keepalive=keepalive),
        Chat(text="Three."),
    )
    started = time.monotonic()
    items = list(provider.stream(REQUEST))
    elapsed = time.monotonic() - started
    [notice] = [item for item in items if isinstance(item, ProviderNotice)]
    assert notice.kind == "retry"
    assert "produced nothing for 0.3 s" in notice.error
    before = items[: items.index(notice)]
    assert [item.text for item in before] == ["Coun", "ting"]
    assert items[-1].text == "Three."
    assert elapsed >= 0.3  # it waited out the idle time (a slower machine only waits longer)
    assert len(wire.requests) == 2


def test_watch_idle_passes_items_and_errors_through():
    assert list(watch_idle(iter([1, 2, 3]), 1)) == [1, 2, 3]

    def failing():
        yield 1
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        list(watch_idle(failing(), 1))


def test_watch_idle_cuts_and_closes():
    closed = []
    released = threading.Event()

    def stalled():
        yield "first"
        # Produces nothing more until the watchdog closes the stream (the timeout only keeps a
        # broken watchdog from hanging the suite).
        released.wait(60)
        yield "late"

    def close():
        closed.append(True)
        released.set()

    items = watch_idle(stalled(), 0.1, close=close)
    assert next(items) == "first"
    with pytest.raises(StreamStalled):
        next(items)
    assert closed == [True]


# Failover


def test_failover_after_repeated_failures_and_it_sticks(wire, fallback_wire):
    primary = OpenAIProvider(openai_config(wire, model="primary"))
    fallback = OpenAIProvider(openai_config(fallback_wire, model="fallback"))
    chain = ResilientProvider(primary, [fallback], policy=FAST)
    wire.script(Error(500), Error(503), Error(500))
    fallback_wire.script(Chat(text="From the fallback.", model="fallback"), Chat(text="Again."))
    items = list(chain.stream(REQUEST))
    kinds = [item.kind for item in items if isinstance(item, ProviderNotice)]
    assert kinds == ["retry", "retry", "failover"]
    proposal = items[-1]
    assert proposal.text == "From the fallback."
    assert proposal.notices[-1].next_provider == "openai:fallback"
    assert fallback_wire.requests[0].messages == [{"role": "user", "content": "How many in Sales?"}]
    assert chain.model == "fallback"
    assert chain.complete(REQUEST).text == "Again."
    assert len(wire.requests) == 3


def test_a_retry_discards_nothing_from_the_final_proposal(wire, resilient):
    wire.script(Chat(text="abandoned", finish=False), Chat(text="kept"))
    items = list(resilient.stream(REQUEST))
    assert [type(item) for item in items] == [
        TextDelta,
        TextDelta,
        ProviderNotice,
        TextDelta,
        ModelProposal,
    ]
    assert items[-1].text == "kept"
