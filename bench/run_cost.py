"""What one builtin run costs, isolated (issue 16 item 8). Prints figures; not a test.

    .venv/bin/python bench/run_cost.py [--runs 60] [--profile 25]

Runs the load test's questions (bench/load.py) one after another on one thread of this
process, through the same entry point as a queued job (`runtime.run_execute`), and prints per
run: Python CPU of this process (`time.process_time`), CPU of the embedded PostgreSQL (its
processes in /proc; rough when other work shares the server), wall time, statements sent
through Django and events stored. `--profile N` also prints cProfile's N most expensive
functions (own time and cumulative). The first round is a warm-up and is not counted.
"""

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=60, help="Measured runs (60).")
    parser.add_argument("--profile", type=int, default=0, help="Print the N costliest functions.")
    args = parser.parse_args()

    from project import bootstrap

    bootstrap.ensure_database_server()
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from apps.accounts.access import access_context_for_user
    from apps.agent import runtime, selectors, services
    from apps.agent.inbound import UserText
    from bench.load import QUESTIONS
    from bench.measure import database_cpu_seconds

    context = access_context_for_user(get_user_model().objects.get(username="ana"))
    thread = services.thread_create(context=context, title="bench/run_cost.py")
    statements = [0]

    def count(execute, sql, params, many, context_):
        statements[0] += 1
        return execute(sql, params, many, context_)

    def run(question: str) -> str:
        outcome = runtime.run_execute(
            context=context, thread_id=thread.id, message=UserText(type="message", text=question)
        )
        if outcome.status != "finished":
            raise SystemExit(f"{question!r}: {outcome.status} {outcome.error}")
        return outcome.run_id

    for question in QUESTIONS:  # warm-up: imports, caches, the tenant's names
        run(question)
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    cpu, wall = [], []
    seq_before = selectors.thread_last_seq(context=context, thread_id=thread.id)
    database_before = database_cpu_seconds()
    with connection.execute_wrapper(count):
        if profiler:
            profiler.enable()
        for number in range(args.runs):
            started, started_cpu = time.perf_counter(), time.process_time()
            run(QUESTIONS[number % len(QUESTIONS)])
            cpu.append((time.process_time() - started_cpu) * 1000)
            wall.append((time.perf_counter() - started) * 1000)
        if profiler:
            profiler.disable()
    database_after = database_cpu_seconds()
    events = selectors.thread_last_seq(context=context, thread_id=thread.id) - seq_before
    print(f"{args.runs} builtin runs of the load test's {len(QUESTIONS)} questions, one thread")
    print(
        f"  Python CPU per run: median {statistics.median(cpu):.1f} ms, "
        f"mean {statistics.fmean(cpu):.1f} ms"
    )
    if database_before is not None and database_after is not None:
        print(
            f"  PostgreSQL CPU per run: {(database_after - database_before) * 1000 / args.runs:.1f} ms"
        )
    print(f"  wall per run: median {statistics.median(wall):.1f} ms")
    print(f"  statements through Django per run: {statements[0] / args.runs:.1f}")
    print(f"  events stored per run: {events / args.runs:.1f}")
    print(f"  machine load (1-min average): {os.getloadavg()[0]:.1f}")
    if profiler:
        for order in ("tottime", "cumulative"):
            print(f"\n== cProfile by {order}")
            pstats.Stats(profiler).sort_stats(order).print_stats(args.profile)


if __name__ == "__main__":
    main()
