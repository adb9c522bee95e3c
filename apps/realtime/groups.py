"""Send to a channel group from any code: async callers await `group_send_async`; sync callers
use `group_send`, which hands the send to the event loop of the server or worker whose thread
it runs on, so Redis connections are reused and nothing waits on a private loop. There is no
process-global loop and no thread is started to send.

Which loop a sync caller sends from:
- a thread of asgiref's `sync_to_async` (Django's sync views): that loop, by `async_to_sync`;
- a long-lived thread its starter gave a loop with `send_on(loop)` (the job runners, started
  from the web server's or the worker command's loop): that loop;
- sync code on a thread that runs a loop itself (a callback of async code; Playwright's sync
  API in tests): it cannot block that loop, so the send is scheduled on it;
- any other thread (a management command, a helper thread of a job): a short loop of its own,
  in that thread. The in-memory layer accepts sends from any loop (layers.py).
"""

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger("tessera.realtime")
# A loop that has not taken a send in this long is stuck or stopping; the send is dropped (a
# socket catches up from the event log, apps/agent/consumers.py).
SEND_TIMEOUT_SECONDS = 10

_this_thread = threading.local()
# Tasks scheduled on a running loop, kept referenced until done (asyncio holds them weakly).
_scheduled: set[asyncio.Task] = set()


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
        task = running.create_task(group_send_async(group, message))
        _scheduled.add(task)
        task.add_done_callback(_scheduled.discard)
        return
    home = getattr(_this_thread, "loop", None)
    if home is not None and home.is_running():
        sent = asyncio.run_coroutine_threadsafe(group_send_async(group, message), home)
        try:
            sent.result(SEND_TIMEOUT_SECONDS)
        except concurrent.futures.TimeoutError:
            sent.cancel()
            log.warning(
                "a send to %s was dropped: its loop took none for %s s", group, SEND_TIMEOUT_SECONDS
            )
    elif (loop := _asgiref_loop()) is not None and loop.is_running():
        async_to_sync(group_send_async)(group, message)
    else:
        asyncio.run(group_send_async(group, message))
