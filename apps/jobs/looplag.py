"""How late the event loop of a process wakes up (issue 16 item 8: why event latency p95 is
several times p50 while the web process is below saturation).

With `TESSERA_LOOP_LAG_REPORT_SECONDS` set, a task of the loop sleeps `TICK` again and again
and logs, once per report period, how much later than asked it woke (p50 / p95 / p99 / max).
A late wake-up is time the loop could not run: sync work on the loop, or the GIL held by the
run threads. Off by default; it costs one wake-up per 10 ms.
"""

import asyncio
import logging
import time

from project import env

log = logging.getLogger("tessera.looplag")
TICK = 0.01

env.declare(
    "TESSERA_LOOP_LAG_REPORT_SECONDS",
    "",
    "When set (seconds), the web process logs how late its event loop woke, every that many "
    "seconds (p50/p95/p99/max; docs/scaling.md). Off when empty.",
)


def report_seconds() -> float | None:
    if not env.read("TESSERA_LOOP_LAG_REPORT_SECONDS").strip():
        return None
    return env.read_positive_float("TESSERA_LOOP_LAG_REPORT_SECONDS", unit="seconds")


def summary(lates_ms: list[float]) -> dict[str, float]:
    """Nearest-rank percentiles of the wake-ups' lateness, in ms."""
    ordered = sorted(lates_ms)

    def rank(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    return {"p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99), "max": ordered[-1]}


async def watch(every: float, *, tick: float = TICK) -> None:
    """Log the loop's lateness every `every` seconds, until cancelled."""
    lates: list[float] = []
    due = time.monotonic() + every
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(tick)
        lates.append((time.perf_counter() - asked - tick) * 1000)
        if time.monotonic() >= due:
            figures = summary(lates)
            log.info(
                "loop lag over %d wake-ups: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms",
                len(lates),
                *figures.values(),
            )
            lates, due = [], time.monotonic() + every


_watches: set[asyncio.Task] = set()  # the loop keeps only weak references to its tasks


def start(loop: asyncio.AbstractEventLoop) -> None:
    """Start the watch on `loop` when the setting asks for it (from any thread)."""
    every = report_seconds()
    if every is not None:
        loop.call_soon_threadsafe(lambda: _watches.add(loop.create_task(watch(every))))
