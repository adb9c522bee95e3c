"""Send to a channel group from any code: async callers await `group_send_async`; sync callers
use `group_send`, which hands the send to the event loop of the server or worker whose thread
it runs on, so Redis connections are reused and nothing waits on a private loop. There is no
process-global loop and no thread is started to send.

Which loop a sync caller sends from:
- a thread of asgiref's `sync_to_async` (Django's sync views): that loop, by `async_to_sync`;
- a long-lived thread its starter gave a loop with `send_on(loop)` (the job runners, started
  from the web server's or the worker command's loop): that loop, without waiting for it —
  the sends to one group go out one after another in the order they were handed (sends to
  different groups overlap: a Redis group send is four round trips), and a run's thread goes
  on at once instead of sleeping until the loop has sent (at 500 sockets each of those waits
  was two thread switches for a few microseconds of work);
- sync code on a thread that runs a loop itself (a callback of async code; Playwright's sync
  API in tests): it cannot block that loop, so the send is scheduled on it;
- any other thread (a management command, a helper thread of a job): a short loop of its own,
  in that thread. The in-memory layer accepts sends from any loop (layers.py).
"""

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger("tessera.realtime")

_this_thread = threading.local()
# Tasks scheduled on a running loop, kept referenced until done (asyncio holds them weakly).
_scheduled: set[asyncio.Task] = set()
# The last send to each group handed to each loop by another thread; the next one to that
# group waits for it. Read and written only on that loop's own thread.
_last_handed: dict[tuple[asyncio.AbstractEventLoop, str], asyncio.Task] = {}


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
        _hand_over(home, group, message)
    elif (loop := _asgiref_loop()) is not None and loop.is_running():
        async_to_sync(group_send_async)(group, message)
    else:
        asyncio.run(group_send_async(group, message))


def _hand_over(loop: asyncio.AbstractEventLoop, group: str, message: dict[str, Any]) -> None:
    """Have `loop` send after the sends to `group` handed to it before, and return at once. A send
    that fails (or a loop that has stopped) is logged and dropped: a socket catches up from
    the event log (apps/agent/consumers.py)."""

    def schedule() -> None:
        task = loop.create_task(_after(_last_handed.get((loop, group)), group, message))
        _last_handed[loop, group] = task
        _scheduled.add(task)
        task.add_done_callback(lambda done: _handed_done(done, (loop, group)))

    try:
        loop.call_soon_threadsafe(schedule)
    except RuntimeError:  # closed meanwhile
        log.warning("a send to %s was dropped: its loop has stopped", group)


async def _after(previous: asyncio.Task | None, group: str, message: dict[str, Any]) -> None:
    if previous is not None and not previous.done():
        await asyncio.wait([previous])
    try:
        await group_send_async(group, message)
    except Exception:
        log.warning("a send to %s failed", group, exc_info=True)


def _handed_done(task: asyncio.Task, key: tuple[asyncio.AbstractEventLoop, str]) -> None:
    _scheduled.discard(task)
    if _last_handed.get(key) is task:
        del _last_handed[key]
