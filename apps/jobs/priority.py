"""A runner thread's CPU priority below the loops that serve sockets.

Builtin runs are CPU-bound; on a busy machine the scheduler shares the cores between them and
the event loops that send their events (web processes, the worker's loop, Redis), so an event
waits behind run work. On Linux niceness is per thread (setpriority(2) on a thread id), so a
runner thread can lower its own priority without touching its process's loop. Raising
niceness needs no privilege; child processes a job starts (Chromium, Slidev) inherit it.
"""

import logging
import os
import sys
import threading

log = logging.getLogger(__name__)


def lower_own_priority(increment: int) -> None:
    """Add `increment` to the calling thread's niceness; a no-op where that is per process."""
    if increment <= 0 or not sys.platform.startswith("linux"):
        return
    thread_id = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, thread_id)
        os.setpriority(os.PRIO_PROCESS, thread_id, min(19, current + increment))
    except OSError as exc:  # a sandbox may refuse it; the run goes on at normal priority
        log.warning("jobs: could not lower a runner thread's priority: %s", exc)
