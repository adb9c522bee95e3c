"""Load test of the event stream (issue 10). Prints figures; not a test.

    .venv/bin/python bench/load.py                          # both set-ups, 200 clients
    .venv/bin/python bench/load.py --mode single --clients 50 --questions 2

Many WebSocket clients, all on one asyncio loop of this process, ask ERP questions one after another
(with a pause between them, as people do), read every event of each run and fetch each table
artifact over HTTP, as the browser does. It measures:

- event latency: from the moment the server stored an event (agent_event.created_at) to its
  arrival at the client, over every event received: the cost of the stream itself;
- first event: from sending the question to receiving RUN_STARTED (queueing included);
- run: from sending the question to RUN_FINISHED; artifact: the HTTP fetch of a table;
- throughput in runs and events per second, errors, and events lost or received twice
  (each thread's received sequence numbers against the stored log; events stored after a
  client stopped on an error are counted apart, as unread);
- CPU per finished run of the web and worker processes, of the embedded PostgreSQL and of
  this load generator (what a run costs, whatever else shares the machine), and the
  machine's load average;
- the issue's targets (issue 16: no client error, no event lost or duplicated, event
  latency p95 under 150 ms, at least 14 runs/s in one process), each met or not.

Set-ups: `single` is one daphne process (in-memory channel layer, runs on its own threads);
`redis` is two daphne processes sharing a redis-server, with runs on `manage.py worker`
processes, clients spread over both. Everything listens on 127.0.0.1 only; it starts and
stops its own processes and stops by itself: each client asks --questions questions and the
whole set-up is cut off after --max-seconds. It uses a database of its own (tessera_load by
default, provisioned and seeded on first use; jobs an earlier run left unfinished there are
dropped before each set-up starts). The per-person and per-tenant run limits are
raised for the run (two demo users play every client).
"""

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUESTIONS = (
    "How many active employees are there in each department?",
    "How many employees were hired each year?",
    "How many people work in Sales?",
    "Show the number of employees per department",
    "How many employees left each year?",
    "What is the average salary by department this year?",
)
USERS = ("ana", "gus")
TERMINAL = {"RUN_FINISHED", "RUN_ERROR"}
RUN_TIMEOUT_SECONDS = 120.0
# As long as the server gives a handshake (project/serve.py): a busy server is slow, not gone.
CONNECT_TIMEOUT_SECONDS = 60.0


@dataclass
class Client:
    number: int
    port: int
    thread_id: str
    cookie: str
    received: list[tuple[int, float]] = field(default_factory=list)  # (seq, arrival)
    first_event_ms: list[float] = field(default_factory=list)
    run_ms: list[float] = field(default_factory=list)
    artifact_ms: list[float] = field(default_factory=list)
    finished: int = 0
    run_errors: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    stopped_at: float | None = None  # when it stopped on an error (time.time())


class NoEvent(Exception):
    """The client waited RUN_TIMEOUT_SECONDS for the next event of a run."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["single", "redis", "both"], default="both")
    parser.add_argument("--clients", type=int, default=200, help="Concurrent clients (200).")
    parser.add_argument("--questions", type=int, default=3, help="Questions per client (3).")
    parser.add_argument(
        "--think", type=float, nargs=2, default=(1.0, 4.0), metavar=("MIN", "MAX"),
        help="Pause between a client's questions, uniform in seconds (1 4).",
    )  # fmt: skip
    parser.add_argument("--ramp", type=float, default=5.0, help="Seconds to connect all (5).")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="Hard stop (300).")
    parser.add_argument(
        "--run-threads", type=int,
        help="Run threads per process (default: TESSERA_TASK_THREADS, as the app chooses).",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=1, help="Worker processes, redis mode (1).")
    parser.add_argument("--database", default="tessera_load", help="Private database.")
    parser.add_argument("--seed", type=int, default=10, help="Random seed (10).")
    parser.add_argument("--json", action="store_true", help="Also print the figures as JSON.")
    parser.add_argument("--save", type=Path, help="Write the figures as JSON to this file.")
    parser.add_argument(
        "--baseline", type=Path,
        help="Figures saved by an earlier run (--save): print this run's ratios against them.",
    )  # fmt: skip
    args = parser.parse_args()

    os.environ["TESSERA_DB_NAME"] = args.database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")
    from project import bootstrap

    bootstrap.ensure_database_server()
    import django

    django.setup()
    from apps.jobs import settings as task_settings

    args.run_threads = args.run_threads or task_settings.threads()
    prepare_database()
    modes = ["single", "redis"] if args.mode == "both" else [args.mode]
    results = []
    for mode in modes:
        random.seed(args.seed)
        results.append(run_mode(mode, args))
    if args.baseline:
        from bench.load_report import compare

        compare(results, json.loads(args.baseline.read_text()))
    if args.save:
        args.save.write_text(json.dumps(results, indent=2))
    if args.json:
        print(json.dumps(results, indent=2))


def prepare_database() -> None:
    from django.conf import settings
    from django.core.management import call_command

    from apps.erp.demo import load
    from project import database
    from project.maintenance import owner_database

    database.provision(settings.DB_NAME)
    with owner_database() as owner:
        call_command("migrate", database=owner, interactive=False, verbosity=0)
        seeded = load.is_seeded()
    if not seeded:
        call_command("seed_demo", verbosity=0)


def drop_leftover_jobs() -> int:
    """Forget jobs an earlier run of this bench left queued or running in its own database (it
    was cut off at --max-seconds, or killed). Left there, the reaper hands them to this run's
    process as a dead process's jobs, and it runs them before its own clients' questions:
    fewer runs per second, more CPU per finished run, clients that time out."""
    from django_tasks_db.models import DBTaskResult

    deleted, _ = DBTaskResult.objects.filter(status__in=["READY", "RUNNING"]).delete()
    return deleted


def sessions() -> dict[str, str]:
    from django.contrib.auth import get_user_model
    from django.test import Client as HttpClient

    cookies = {}
    for username in USERS:
        http = HttpClient()
        http.force_login(get_user_model().objects.get(username=username))
        cookies[username] = f"sessionid={http.cookies['sessionid'].value}"
    return cookies


def contexts() -> dict[str, object]:
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user

    return {
        username: access_context_for_user(get_user_model().objects.get(username=username))
        for username in USERS
    }


def run_mode(mode: str, args) -> dict:
    from django.db import close_old_connections

    from apps.agent import services
    from bench.load_report import report
    from bench.measure import cpu_seconds, database_cpu_seconds
    from tests.scale.processes import Daphne, Redis, Worker, process_env

    log_dir = Path(tempfile.mkdtemp(prefix=f"tessera-load-{mode}-"))
    leftover = drop_leftover_jobs()
    if leftover:
        print(f"\n(dropped {leftover} jobs left unfinished in {args.database} by an earlier run)")
    started = []
    env = {
        "TESSERA_RUNS_PER_MINUTE": "1000000",
        "TESSERA_TENANT_ACTIVE_RUNS": "1000000",
        "TESSERA_TASK_THREADS": str(args.run_threads),
    }
    try:
        if mode == "single":
            webs = [Daphne(log_dir, env=process_env(**env), options=("-v", "0"))]
            started += webs
            setup = f"1 daphne, in-memory channel layer, {args.run_threads} run threads"
        else:
            redis = Redis(log_dir)
            started.append(redis)
            env |= {"REDIS_URL": redis.url, "TESSERA_TASK_RUNNER": "workers"}
            webs = [Daphne(log_dir, env=process_env(**env), options=("-v", "0")) for _ in "ab"]
            started += webs
            for _ in range(args.workers):
                started.append(Worker(log_dir, env=process_env(**env), threads=args.run_threads))
            setup = (
                f"2 daphne + redis, {args.workers} worker process(es) × "
                f"{args.run_threads} run threads"
            )
        people = contexts()
        cookies = sessions()
        clients = []
        for number in range(args.clients):
            username = USERS[number % len(USERS)]
            thread = services.thread_create(context=people[username], title="load test")
            port = webs[number % len(webs)].port
            clients.append(Client(number, port, str(thread.id), cookies[username]))
        close_old_connections()
        print(f"\n== {mode}: {setup}; {args.clients} clients × {args.questions} questions")
        load_before = os.getloadavg()[0]
        servers = [process for process in started if not isinstance(process, Redis)]
        cpu_before = sum(cpu_seconds(process.pid) for process in servers)
        database_before = database_cpu_seconds()
        generator_before = time.process_time()
        wall = asyncio.run(drive(clients, args))
        generator = time.process_time() - generator_before
        database_after = database_cpu_seconds()
        cpu = {"web_and_workers_s": sum(cpu_seconds(p.pid) for p in servers) - cpu_before}
        if database_before is not None and database_after is not None:
            cpu["database_s"] = database_after - database_before
        cpu["load_generator_s"] = generator
        load = (load_before, os.getloadavg()[0])
        for process in started:
            process.fail_if_dead()
        return report(mode, setup, clients, wall, people, load, cpu)
    finally:
        for process in reversed(started):
            process.stop()


async def drive(clients: list[Client], args) -> float:
    started = time.monotonic()
    deadline = started + args.max_seconds
    tasks = [
        asyncio.create_task(ask(client, args, deadline, delay=args.ramp * n / len(clients)))
        for n, client in enumerate(clients)
    ]
    done, pending = await asyncio.wait(tasks, timeout=args.max_seconds)
    for task in pending:
        task.cancel()
    cut_at = time.time()
    for client, task in zip(clients, tasks, strict=True):
        if task in pending:
            client.errors.append("cut off at --max-seconds")
            client.stopped_at = cut_at
        elif task.exception() is not None:
            client.errors.append(f"{type(task.exception()).__name__}: {task.exception()}")
    return time.monotonic() - started


async def ask(client: Client, args, deadline: float, delay: float) -> None:
    from tests.scale.wsclient import WebSocket

    async def connect(after: int):
        try:
            return await WebSocket.connect(
                client.port, f"{path}?after={after}", cookie=client.cookie,
                timeout=CONNECT_TIMEOUT_SECONDS,
            )  # fmt: skip
        except TimeoutError:  # said apart from the waits for events (NoEvent)
            raise TimeoutError(
                f"no WebSocket handshake within {CONNECT_TIMEOUT_SECONDS:.0f} s"
            ) from None

    await asyncio.sleep(delay)
    path = f"/ws/threads/{client.thread_id}/"
    try:
        await converse(client, args, deadline, connect)
    except Exception:
        client.stopped_at = time.time()
        raise


async def converse(client: Client, args, deadline: float, connect) -> None:
    """The client's questions, one after another, each read to its last event."""
    from tests.scale.wsclient import Closed

    socket = await connect(0)
    last_seq = 0
    try:
        for number in range(args.questions):
            question = QUESTIONS[(client.number + number) % len(QUESTIONS)]
            sent = time.time()
            try:
                await socket.send({"type": "message", "text": question})
            except Closed:  # resume like the browser does, then ask
                client.reconnects += 1
                socket = await connect(last_seq)
                await socket.send({"type": "message", "text": question})
            first = None
            while True:
                try:
                    event = await socket.recv(timeout=RUN_TIMEOUT_SECONDS)
                except TimeoutError:
                    # Which wait it was tells a queue longer than the client's patience (the
                    # run had not started) from a stream that stopped (an event not delivered).
                    raise NoEvent(
                        f"no event for {RUN_TIMEOUT_SECONDS:.0f} s "
                        + (
                            f"after seq {last_seq} of a run under way"
                            if first is not None
                            else "after asking"
                        )
                    ) from None
                except Closed:
                    client.reconnects += 1
                    socket = await connect(last_seq)
                    continue
                arrived = time.time()
                if "seq" not in event:
                    client.run_errors.append(f"refused: {event.get('code')}")
                    break
                last_seq = event["seq"]
                client.received.append((event["seq"], arrived))
                if first is None:
                    first = arrived
                    client.first_event_ms.append((arrived - sent) * 1000)
                value = event.get("value") or {}
                if event.get("name") == "artifact" and value.get("kind") == "sql_result":
                    await fetch_artifact(client, value["id"])
                if event["type"] in TERMINAL:
                    if event["type"] == "RUN_FINISHED":
                        client.finished += 1
                        client.run_ms.append((arrived - sent) * 1000)
                    else:
                        client.run_errors.append(f"{event.get('code')}: {event.get('message')}")
                    break
            if number + 1 < args.questions:
                pause = random.uniform(*args.think)
                if time.monotonic() + pause > deadline:
                    return
                await asyncio.sleep(pause)
    finally:
        await socket.close()


async def fetch_artifact(client: Client, artifact_id: str) -> None:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", client.port)
    try:
        request = (
            f"GET /api/artifacts/{artifact_id}/ HTTP/1.1\r\nHost: 127.0.0.1:{client.port}\r\n"
            f"Cookie: {client.cookie}\r\nConnection: close\r\n\r\n"
        )
        writer.write(request.encode())
        await writer.drain()
        response = await reader.read()
    finally:
        writer.close()
    status = int(response.split(b" ", 2)[1])
    body = json.loads(response.split(b"\r\n\r\n", 1)[1] or b"{}")
    if status != 200 or "rows" not in json.dumps(body):
        client.errors.append(f"artifact {artifact_id}: HTTP {status}")
        return
    client.artifact_ms.append((time.perf_counter() - started) * 1000)


if __name__ == "__main__":
    main()
