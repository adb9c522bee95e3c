"""A long-lived thread given a loop (`send_on`, the job runners) hands its channel sends to
that loop and goes on without waiting for them; the loop sends them in the order they were
handed, and a send that fails is dropped without stopping the ones after it."""

import asyncio
import threading

from channels.layers import get_channel_layer

from apps.realtime import groups


def _loop_in_a_thread() -> asyncio.AbstractEventLoop:
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    return loop


def _on(loop, coroutine, timeout=10):
    return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout)


def test_sends_are_handed_over_without_waiting_and_arrive_in_order(monkeypatch):
    loop = _loop_in_a_thread()
    layer = get_channel_layer()
    busy, calls = threading.Event(), []
    real_send = groups.group_send_async

    async def failing_sometimes(group, message):
        calls.append(message["n"])
        if message["n"] == 3:
            raise ConnectionError("the layer went away for a moment")
        await real_send(group, message)

    monkeypatch.setattr(groups, "group_send_async", failing_sometimes)

    async def member():
        channel = await layer.new_channel()
        await layer.group_add("handover", channel)
        return channel

    channel = _on(loop, member())
    loop.call_soon_threadsafe(busy.wait)  # the loop is stuck until `busy` is set
    groups.send_on(loop)
    try:
        for number in range(50):
            groups.group_send("handover", {"type": "x", "n": number})
    finally:
        groups.send_on(None)
    assert calls == []  # all 50 returned while the loop could send none of them
    busy.set()

    async def received():
        return [(await layer.receive(channel))["n"] for _ in range(49)]

    assert _on(loop, received()) == [n for n in range(50) if n != 3]
    assert calls == list(range(50))
    loop.call_soon_threadsafe(loop.stop)


def test_a_send_to_a_stopped_loop_is_dropped_not_raised(caplog):
    loop = asyncio.new_event_loop()
    loop.close()
    groups._hand_over(loop, "handover", {"type": "x"})
    assert "dropped: its loop has stopped" in caplog.text


def test_a_slow_group_holds_back_only_its_own_later_sends(monkeypatch):
    loop = _loop_in_a_thread()
    release = _on(loop, _event())
    order = []

    async def send(group, message):
        if message["n"] == 0:
            await release.wait()  # the first send to "slow" takes long (a Redis round trip)
        order.append((group, message["n"]))

    monkeypatch.setattr(groups, "group_send_async", send)
    groups.send_on(loop)
    try:
        groups.group_send("slow", {"n": 0})
        groups.group_send("slow", {"n": 1})
        groups.group_send("fast", {"n": 2})
    finally:
        groups.send_on(None)
    _on(loop, _until(lambda: ("fast", 2) in order))
    assert order == [("fast", 2)]  # "slow" 1 waits for "slow" 0; "fast" does not
    loop.call_soon_threadsafe(release.set)
    _on(loop, _until(lambda: len(order) == 3))
    assert order == [("fast", 2), ("slow", 0), ("slow", 1)]
    loop.call_soon_threadsafe(loop.stop)


async def _event() -> asyncio.Event:
    return asyncio.Event()


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.005)
