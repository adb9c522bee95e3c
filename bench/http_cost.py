"""What one table fetch over HTTP costs the web process (issue 16 item 8). Prints figures; not
a test.

    .venv/bin/python bench/http_cost.py [--requests 400] [--concurrency 8]

Calls the ASGI application in this process (no sockets, no daphne) with the request the load
test's clients send after each answer, `GET /api/artifacts/<id>/` with a session cookie, and
prints the Python CPU per request (`time.process_time`), the wall time, and the threads started
per request, for Django's own ASGI handler and for the project's (`project/http.py`).
"""

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=400, help="Requests per round (400).")
    parser.add_argument("--concurrency", type=int, default=8, help="Requests in flight (8).")
    parser.add_argument("--rounds", type=int, default=3, help="Rounds per handler (3).")
    args = parser.parse_args()

    from project import bootstrap

    bootstrap.ensure_database_server()
    import django

    django.setup()
    from django.core.handlers.asgi import ASGIHandler

    from bench.load import USERS, contexts, sessions
    from project.http import ProjectASGIHandler

    cookie = sessions()[USERS[0]]
    artifact_id = _an_artifact(contexts()[USERS[0]])
    handlers = {"django": ASGIHandler(), "project": ProjectASGIHandler()}
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in handlers}
    for _ in range(args.rounds):
        for name, handler in handlers.items():
            figures[name].append(asyncio.run(_round(handler, cookie, artifact_id, args)))
    print(
        f"GET /api/artifacts/<id>/, {args.requests} requests × {args.rounds} rounds, "
        f"{args.concurrency} in flight"
    )
    for name, rounds in figures.items():
        cpu = statistics.median(r[0] for r in rounds)
        wall = statistics.median(r[1] for r in rounds)
        threads = statistics.median(r[2] for r in rounds)
        print(
            f"  {name:8} Python CPU per request {cpu:.3f} ms, wall {wall:.3f} ms, "
            f"threads started {threads:.2f}"
        )
    print(f"  machine load (1-min average): {os.getloadavg()[0]:.1f}")


def _an_artifact(context) -> str:
    from apps.accounts.access import bound
    from apps.agent.models import Artifact

    with bound(context):
        found = Artifact.objects.filter(kind="sql_result").order_by("-created_at").first()
    if found is None:
        raise SystemExit("no sql_result artifact: run bench/run_cost.py or bench/load.py first")
    return found.id


async def _round(handler, cookie: str, artifact_id: str, args) -> tuple[float, float, float]:
    path = f"/api/artifacts/{artifact_id}/"
    await _request(handler, path, cookie)  # warm-up
    threads_before = _threads_started()
    cpu, wall = time.process_time(), time.perf_counter()
    pending = iter(range(args.requests))

    async def worker():
        for _ in pending:
            await _request(handler, path, cookie)

    await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    threads = (_threads_started() - threads_before) / args.requests
    return cpu * 1000 / args.requests, wall * 1000 / args.requests, threads


async def _request(handler, path: str, cookie: str) -> None:
    from tests.support.asgi_request import asgi_request

    status, _, _ = await asgi_request(handler, "GET", path, cookie.encode())
    if status != 200:
        raise SystemExit(f"the request answered {status}")


_started = 0
_original_start = threading.Thread.start


def _counting_start(self, *args, **kwargs):
    global _started
    _started += 1
    return _original_start(self, *args, **kwargs)


threading.Thread.start = _counting_start


def _threads_started() -> int:
    return _started


if __name__ == "__main__":
    main()
