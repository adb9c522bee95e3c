"""A job thread's channel sends are queued on its loop and the thread goes on (it does not wait
for the loop); the loop sends each group's in the order they were made, from several threads at
once, different groups side by side, and a server or worker that stops first lets the queued
ones go (`groups.sends_done`)."""

import asyncio
import threading

from channels.layers import get_channel_layer

from apps.realtime import groups

SENDS_PER_THREAD = 90  # two threads' worth fits one channel of the in-memory layer (200)


def _loop_in_thread():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    return loop, thread


def _stop(loop, thread):
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)
    loop.close()


def _joined(loop, group: str) -> str:
    layer = get_channel_layer()

    async def join():
        name = await layer.new_channel()
        await layer.group_add(group, name)
        return name

    return asyncio.run_coroutine_threadsafe(join(), loop).result(10)


def _received(loop, channel: str, count: int) -> list[dict]:
    layer = get_channel_layer()

    async def receive():
        return [await asyncio.wait_for(layer.receive(channel), 10) for _ in range(count)]

    return asyncio.run_coroutine_threadsafe(receive(), loop).result(30)


def _sender(loop, group: str, tag: str):
    def send_all():
        for number in range(SENDS_PER_THREAD):
            groups.group_send(group, {"type": "x", "tag": tag, "n": number})

    return threading.Thread(target=groups.hosted(send_all, loop))


def test_sends_of_several_threads_arrive_each_in_its_order():
    loop, thread = _loop_in_thread()
    try:
        channel = _joined(loop, "order")
        senders = [_sender(loop, "order", tag) for tag in ("a", "b")]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(30)
        messages = _received(loop, channel, 2 * SENDS_PER_THREAD)
        for tag in ("a", "b"):
            numbers = [message["n"] for message in messages if message["tag"] == tag]
            assert numbers == list(range(SENDS_PER_THREAD))
    finally:
        _stop(loop, thread)


def test_a_thread_does_not_wait_for_a_busy_loop_and_nothing_is_lost():
    loop, thread = _loop_in_thread()
    try:
        channel = _joined(loop, "busy")
        release = threading.Event()
        loop.call_soon_threadsafe(release.wait, 30)  # the loop is busy until released
        sender = _sender(loop, "busy", "a")
        sender.start()
        sender.join(20)
        finished_while_busy = not sender.is_alive()
        release.set()
        messages = _received(loop, channel, SENDS_PER_THREAD)
        assert finished_while_busy
        assert [message["n"] for message in messages] == list(range(SENDS_PER_THREAD))
    finally:
        release.set()
        _stop(loop, thread)


def test_sends_done_waits_for_what_was_queued(monkeypatch):
    sent = []

    async def slow_send(group, message):
        await asyncio.sleep(0.002)
        sent.append(message["n"])

    monkeypatch.setattr(groups, "group_send_async", slow_send)
    loop, thread = _loop_in_thread()
    try:
        sender = _sender(loop, "drain", "a")
        sender.start()
        sender.join(20)

        async def stopping():
            await groups.sends_done()
            return list(sent)

        assert asyncio.run_coroutine_threadsafe(stopping(), loop).result(20) == list(
            range(SENDS_PER_THREAD)
        )
    finally:
        _stop(loop, thread)


def test_two_groups_send_side_by_side_each_in_order(monkeypatch):
    sent, in_flight, most, groups_sending = [], [0], [0], set()

    async def slow_send(group, message):
        in_flight[0] += 1
        most[0] = max(most[0], in_flight[0])
        groups_sending.add(group)
        # The first group's send waits (bounded) for the other group's sender to start: on a
        # loaded machine the second thread may start after the first group's sends are done,
        # and the test would then see no overlap though the senders are independent. With one
        # sender for both groups the other group cannot start while this send waits.
        deadline = asyncio.get_running_loop().time() + 5
        while len(groups_sending) < 2 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.002)
        in_flight[0] -= 1
        sent.append((group, message["n"]))

    monkeypatch.setattr(groups, "group_send_async", slow_send)
    loop, thread = _loop_in_thread()
    try:
        senders = [_sender(loop, group, group) for group in ("one", "two")]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(20)
        asyncio.run_coroutine_threadsafe(groups.sends_done(), loop).result(20)
        for group in ("one", "two"):
            assert [n for name, n in sent if name == group] == list(range(SENDS_PER_THREAD))
        assert most[0] == 2
    finally:
        _stop(loop, thread)
