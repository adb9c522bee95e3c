"""Runner threads: claim a queued job, run it, record the outcome; repeat.

The same runner serves both modes: `manage.py worker` starts one in its own process, and in
threads mode the web process starts one when it starts serving (apps/jobs/asgi.py), or the
first job a process queues does (`ensure_started`).
A job is claimed in one statement (apps/jobs/claim.py) and its outcome recorded by
django-tasks-db (`Worker.run_task`); what this adds is the
process presence (a dead process's jobs are noticed), waking on NOTIFY instead of sleeping,
and riding out database outages instead of crashing the web process.
"""

import asyncio
import logging
import sys
import threading
import time

from django.db import DatabaseError, close_old_connections, connections
from django.db.models import Q
from django.tasks import DEFAULT_TASK_BACKEND_ALIAS
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from apps.jobs import errors, looplag, settings
from apps.jobs.claim import claim_next
from apps.jobs.presence import CHANNEL, Presence
from apps.jobs.priority import lower_own_priority
from apps.jobs.queues import LOCAL_SEPARATOR, base_queue, local_queue
from apps.jobs.reaper import Reaper
from apps.realtime.groups import hosted

log = logging.getLogger("tessera.jobs")

OUTAGE_PAUSE_SECONDS = 1.0


class Runner:
    def __init__(
        self,
        *,
        threads: int,
        queues: list[str] | None = None,
        local: bool = False,
        poll_seconds: float = 1.0,
        backend: str = DEFAULT_TASK_BACKEND_ALIAS,
    ) -> None:
        """`local`: run only this process's private queues (threads mode); else the shared
        `queues` (all when empty or "*")."""
        self.threads = threads
        self.queues = None if not queues or "*" in queues else list(queues)
        self.local = local
        self.poll_seconds = poll_seconds
        self.backend = backend
        self.caps = settings.QUEUE_CAPS
        self._running: dict[str, int] = {}
        self._claim_lock = threading.Lock()
        self.presence = Presence(on_tick=Reaper(home=self._home))
        self._threads: list[threading.Thread] = []

    def start(self, *, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """`loop`: the event loop of the process (web server or worker command), through
        which the jobs' channel sends go (apps/realtime/groups.py)."""
        if loop is not None:
            # The runs are CPU-bound threads; the loop that sends their events gives the GIL
            # up at every select() and round trip and waits up to this long to get it back.
            sys.setswitchinterval(settings.switch_interval_seconds())
        self.presence.start(loop=loop)
        for number in range(self.threads):
            thread = threading.Thread(
                target=hosted(self._loop, loop),
                args=(number,),
                name=f"tessera-job-{number}",
                daemon=True,
            )
            thread.start()
            self._threads.append(thread)
        log.info(
            "jobs: runner %s started with %d thread(s) on queues %s",
            self.presence.token,
            self.threads,
            "(private)" if self.local else ",".join(self.queues or ["*"]),
        )

    def stop(self, *, timeout: float | None = None) -> None:
        """Claim nothing more and wait for running jobs to end (up to `timeout`)."""
        self.presence.request_stop()
        deadline = None if timeout is None else time.monotonic() + timeout
        for thread in self._threads:
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        self.presence.stop()

    def _home(self, queue_name: str) -> str:
        """Where a job recovered from a dead process goes: a shared queue's job stays there;
        a dead web process's private job comes here (threads mode) or to the shared queue."""
        if LOCAL_SEPARATOR not in queue_name:
            return queue_name
        if self.local:
            return local_queue(queue_name, self.presence.token)
        return base_queue(queue_name)

    def _ready(self):
        jobs = DBTaskResult.objects.ready().filter(backend_name=self.backend)
        if self.local:
            return jobs.filter(queue_name__endswith=f"{LOCAL_SEPARATOR}{self.presence.token}")
        if self.queues is not None:
            return jobs.filter(queue_name__in=self.queues)
        return jobs.filter(~Q(queue_name__contains=LOCAL_SEPARATOR))

    def _claim(self, worker_id: str) -> DBTaskResult | None:
        with self._claim_lock:
            jobs = self._ready()
            full = [q for q, cap in self.caps.items() if self._running.get(q, 0) >= cap]
            if full:
                private = [local_queue(q, self.presence.token) for q in full]
                jobs = jobs.exclude(queue_name__in=[*full, *private])
            job = claim_next(jobs, worker_id)
            if job is not None:
                queue = base_queue(job.queue_name)
                self._running[queue] = self._running.get(queue, 0) + 1
        return job

    def _release(self, job: DBTaskResult) -> None:
        with self._claim_lock:
            self._running[base_queue(job.queue_name)] -= 1

    def _loop(self, number: int) -> None:
        lower_own_priority(settings.nice())
        worker_id = self.presence.worker_id(number)
        worker = Worker(
            queue_names=self.queues or ["*"],
            interval=self.poll_seconds,
            batch=False,
            backend_name=self.backend,
            startup_delay=False,
            max_tasks=None,
            worker_id=worker_id,
            excluded_queue_names=[],
        )
        outage = False
        while not self.presence.stopping:
            seen = self.presence.generation
            try:
                close_old_connections()
                job = self._claim(worker_id)
            except Exception as error:  # database down, or not allowed (tests): wait
                if not outage:
                    log.warning("jobs: %s cannot reach the queue: %s", worker_id, error)
                outage = True
                _discard_connections()
                self.presence.wait(seen, OUTAGE_PAUSE_SECONDS)
                continue
            outage = False
            if job is None:
                _close_idle_connections()
                self.presence.wait(seen, self.poll_seconds)
                continue
            try:
                self._run(worker, job)
            finally:
                self._release(job)
                self.presence.wake()  # a capped queue may have room again
            # The next turn closes this thread's old connections (returning them to the pool)
            # where a failure to do so is an outage to wait out, not the end of the thread.

    def _run(self, worker: Worker, job: DBTaskResult) -> None:
        try:
            worker.run_task(job)
        except BaseException as error:  # the outcome could not be written (database down)
            log.error("jobs: the outcome of job %s could not be saved: %s", job.id, error)
            self._record_unsaved(job, error)

    def _record_unsaved(self, job: DBTaskResult, error: BaseException) -> None:
        failure = errors.ResultNotSaved(errors.RESULT_NOT_SAVED.format(error=type(error).__name__))
        while not self.presence.stopping:
            _discard_connections()
            try:
                job.set_failed(failure)
                return
            except Exception:
                time.sleep(OUTAGE_PAUSE_SECONDS)


def _close_idle_connections() -> None:
    """Return this thread's connections before it waits. Checking a connection may itself reach
    the database; a database that went away meanwhile must not end the runner's thread."""
    try:
        close_old_connections()
    except Exception:
        _discard_connections()


def _discard_connections() -> None:
    """Forget this thread's broken connections so the next query opens a fresh one."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except Exception:
            log.debug("closing a broken connection failed", exc_info=True)


# Threads mode: one runner per web process, started by the first job it queues.

_in_process: Runner | None = None
_in_process_lock = threading.Lock()
_hosted = False


def host_runner() -> None:
    """Called by `manage.py worker`: jobs it queues go to shared queues, for any worker."""
    global _hosted
    _hosted = True


def is_hosted() -> bool:
    return _hosted


def ensure_started(*, loop: asyncio.AbstractEventLoop | None = None) -> Runner:
    """The runner of this process (threads mode), started on first use."""
    global _in_process
    with _in_process_lock:
        if _in_process is None:
            runner = Runner(
                threads=settings.threads(), local=True, poll_seconds=settings.poll_seconds()
            )
            runner.start(loop=loop)
            _in_process = runner
        return _in_process


def start_in_web_process(loop: asyncio.AbstractEventLoop) -> None:
    """Threads mode: the web process runs jobs from the start, so that the jobs of a process
    that died before it are settled even before anyone asks anything."""
    looplag.start(loop)
    if settings.runner_mode() == settings.RUNNER_THREADS and not _hosted:
        ensure_started(loop=loop)


def stop_in_web_process(timeout: float) -> None:
    global _in_process
    with _in_process_lock:
        runner, _in_process = _in_process, None
    if runner is not None:
        runner.stop(timeout=timeout)


def on_enqueued(sender, task_result, **kwargs) -> None:
    """Signal handler: wake the runners (the NOTIFY is delivered when the enqueue commits)."""
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute(f"NOTIFY {CHANNEL}")
    except DatabaseError:
        log.warning("jobs: could not notify runners of job %s", task_result.id, exc_info=True)
