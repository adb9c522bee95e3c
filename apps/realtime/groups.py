"""Send to a channel group from any code: async callers await `group_send_async`; sync callers
use `group_send`, which hands the send to the event loop of the server or worker whose thread
it runs on, so Redis connections are reused and nothing waits on a private loop. There is no
process-global loop and no thread is started to send.

Which loop a sync caller sends from:
- a thread of asgiref's `sync_to_async` (Django's sync views): that loop, by `async_to_sync`;
- a long-lived thread its starter gave a loop with `send_on(loop)` (the job runners, started
  from the web server's or the worker command's loop): that loop, without waiting for it. The
  send is queued on the loop and the thread goes on; per group, one task of the loop sends
  what was queued one after another, so a thread's sends to a group leave in the order it
  made them (waiting for
  each send cost a run thread a wake-up and the loop a hand-back per event batch, ~5% of the
  web process's CPU at 500 clients, docs/scaling.md);
- sync code on a thread that runs a loop itself (a callback of async code; Playwright's sync
  API in tests): it cannot block that loop, so the send is scheduled on it;
- any other thread (a management command, a helper thread of a job): a short loop of its own,
  in that thread. The in-memory layer accepts sends from any loop (layers.py).
"""

import asyncio
import collections
import logging
import threading
import weakref
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger("tessera.realtime")
_this_thread = threading.local()
# Tasks scheduled on a running loop, kept referenced until done (asyncio holds them weakly).
_scheduled: set[asyncio.Task] = set()
# Per loop and group, the sends other threads queued on the loop and not sent yet, oldest first.
# Only the loop's own thread reads or changes its queues (`_queue_on`, `_send_queued`).
_queued: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def group_send_async(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is not None:
        await layer.group_send(group, message)


def send_on(loop: asyncio.AbstractEventLoop | None) -> None:
    """Sends from the calling thread go through `loop` (None: the thread has no loop)."""
    _this_thread.loop = loop


def hosted(target: Callable[..., None], loop: asyncio.AbstractEventLoop | None):
    """`target` for a thread whose channel sends go through `loop`."""

    def run(*args: Any) -> None:
        send_on(loop)
        target(*args)

    return run


def _asgiref_loop() -> asyncio.AbstractEventLoop | None:
    # asgiref records, for each thread it runs sync code on, the loop that code belongs to.
    return getattr(SyncToAsync.threadlocal, "main_event_loop", None)


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send from sync code (see the module's docstring for which loop carries it)."""
    if get_channel_layer() is None:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is not None:
        _schedule(running, group_send_async(group, message))
        return
    home = getattr(_this_thread, "loop", None)
    if home is not None and home.is_running():
        try:
            home.call_soon_threadsafe(_queue_on, home, group, message)
        except RuntimeError:  # the loop closed since: the server or worker is stopping
            log.warning("a send to %s was dropped: its loop is closed", group)
    elif (loop := _asgiref_loop()) is not None and loop.is_running():
        async_to_sync(group_send_async)(group, message)
    else:
        asyncio.run(group_send_async(group, message))


async def sends_done() -> None:
    """Wait until the sends scheduled or queued on the running loop have gone: a server or
    worker awaits this after its job threads stopped, before its loop closes."""
    loop = asyncio.get_running_loop()
    while pending := [task for task in _scheduled if task.get_loop() is loop]:
        await asyncio.wait(pending)


def _schedule(loop: asyncio.AbstractEventLoop, coroutine) -> None:
    task = loop.create_task(coroutine)
    _scheduled.add(task)
    task.add_done_callback(_scheduled.discard)


def _queue_on(loop: asyncio.AbstractEventLoop, group: str, message: dict[str, Any]) -> None:
    """On `loop`: queue the send behind the group's earlier ones, and start the group's sender
    if it is not sending already. Groups send side by side (a Redis send is a round trip; the
    layer publishes the sends waiting at once together, apps/realtime/redis_layer.py), each
    in its own order."""
    queues = _queued.setdefault(loop, {})
    queue = queues.setdefault(group, collections.deque())
    queue.append(message)
    if len(queue) == 1:
        _schedule(loop, _send_queued(queues, group, queue))


async def _send_queued(queues: dict, group: str, queue: collections.deque) -> None:
    """Send the group's queued messages in order; a send stays queued until it is done, so
    that `_queue_on` starts no second sender meanwhile. A failed send is logged and the next one
    goes (a socket that missed events catches up from the event log on its next connection,
    apps/agent/consumers.py)."""
    while queue:
        try:
            await group_send_async(group, queue[0])
        except Exception:
            log.exception("a send to %s failed", group)
        queue.popleft()
    del queues[group]
