"""How late an event loop wakes while run threads hold the GIL, at Python's default switch
interval (5 ms) and at a shorter one (TESSERA_TASK_SWITCH_INTERVAL_MS). Prints figures; not
a test.

    .venv/bin/python bench/gil_wait.py [--threads 4] [--wakes 300] [--interval-ms 1]

Four threads run pure-Python work, as builtin runs do, while the loop sleeps 1 ms again and
again (a select() that gives the GIL up, as every socket or Redis round trip does); the
figure is how much later than asked it wakes, and how much work the threads did meanwhile.
Each interval is measured twice, alternating, since the machine may be shared.
"""

import argparse
import asyncio
import sys
import threading
import time

NAP_SECONDS = 0.001


def _work(stop: threading.Event, done: list[int]) -> None:
    rounds = 0
    while not stop.is_set():
        sum(i * i for i in range(200))
        rounds += 1
    done.append(rounds)


async def _lateness(wakes: int) -> list[float]:
    late = []
    for _ in range(wakes):
        started = time.perf_counter()
        await asyncio.sleep(NAP_SECONDS)
        late.append((time.perf_counter() - started - NAP_SECONDS) * 1000)
    return sorted(late)


def measure(interval: float, threads: int, wakes: int) -> tuple[float, float, float]:
    sys.setswitchinterval(interval)
    stop, done = threading.Event(), []
    workers = [threading.Thread(target=_work, args=(stop, done)) for _ in range(threads)]
    for worker in workers:
        worker.start()
    started = time.perf_counter()
    late = asyncio.run(_lateness(wakes))
    elapsed = time.perf_counter() - started
    stop.set()
    for worker in workers:
        worker.join()
    return late[len(late) // 2], late[int(len(late) * 0.95)], sum(done) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=4, help="Busy threads (4).")
    parser.add_argument("--wakes", type=int, default=300, help="Loop wake-ups measured (300).")
    parser.add_argument("--interval-ms", type=float, default=1.0, help="The shorter one (1).")
    args = parser.parse_args()
    default = sys.getswitchinterval()
    for interval in (default, args.interval_ms / 1000) * 2:
        p50, p95, work = measure(interval, args.threads, args.wakes)
        print(
            f"switch interval {interval * 1000:.0f} ms: loop wakes late by p50 {p50:.1f} ms, "
            f"p95 {p95:.1f} ms; threads' work {work:,.0f} rounds/s"
        )


if __name__ == "__main__":
    main()
