"""Limits that keep one person, one tenant or one slow browser from taking the service down.

Each is a named environment variable with a default and a one-line help text (listed in the
README's configuration table and docs/scaling.md). Rates are counted in the `limits` cache
(Redis when REDIS_URL is set, so every process shares them); active runs are counted in the
job queue in PostgreSQL under a per-tenant lock, so the count is exact across processes.
"""

import math
import time
from dataclasses import dataclass

from django.core.cache import caches
from django.db import connection, transaction
from django.db.models import Count, Q
from django_tasks_db.models import DBTaskResult

from apps.accounts.access import AccessContext
from apps.agent.refusals import THREAD_BUSY, Refusal
from apps.agent.tasks import RUN_QUEUE
from apps.jobs.queues import LOCAL_SEPARATOR
from project import env

env.declare(
    "TESSERA_RUNS_PER_MINUTE",
    "20",
    "Requests one person may start per minute; more are refused (RATE_LIMITED) for a while.",
)
env.declare(
    "TESSERA_TENANT_ACTIVE_RUNS",
    "10",
    "Requests of one tenant queued or running at once; more are refused (BUSY) until one ends.",
)
env.declare(
    "TESSERA_UPLOADS_PER_HOUR",
    "30",
    "Files one person may upload per hour; more are refused (RATE_LIMITED).",
)
env.declare("TESSERA_UPLOAD_MAX_MB", "50", "Largest file accepted for upload, in megabytes.")
env.declare(
    "TESSERA_WS_SEND_QUEUE",
    "256",
    "Live events waiting for one WebSocket; beyond it they are dropped from memory and the "
    "socket catches up from the event log.",
)
env.declare(
    "TESSERA_WS_BUFFER_KB",
    "1024",
    "Unsent bytes the server holds for one WebSocket; above it sending pauses until the "
    "client reads.",
)
env.declare(
    "TESSERA_WS_STALL_SECONDS",
    "20",
    "How long a WebSocket may stay paused above that buffer before it is closed (4408); "
    "the client resumes with ?after= and loses nothing.",
)

RATE_LIMITED = "RATE_LIMITED"
BUSY = "BUSY"
TOO_LARGE = "TOO_LARGE"

RUNS_RATE_MESSAGE = (
    "You have started {count} requests in the last minute, the most allowed. "
    "Try again in {retry_after} s."
)
TENANT_BUSY_MESSAGE = (
    "{tenant} already has {count} requests queued or running, the most allowed at once. "
    "Try again when one of them has finished."
)
UPLOADS_RATE_MESSAGE = (
    "You have uploaded {count} files in the last hour, the most allowed. "
    "Try again in {retry_after} s."
)
THREAD_BUSY_MESSAGE = (
    "This conversation is still answering your previous request. Send this one when that "
    "answer has finished."
)
UPLOAD_TOO_LARGE_MESSAGE = "The file is {size_mb:.1f} MB; the largest accepted is {limit_mb} MB."

# Advisory lock space for admissions: pg_advisory_xact_lock(ADMISSION_LOCK, tenant_id).
ADMISSION_LOCK = 0x7E55AD


class LimitExceeded(Refusal):
    """A request refused by a limit; `message` is for the person, `code` for clients. Sent
    as a REQUEST_REFUSED message (apps/agent/refusals.py): no run exists, nothing is stored."""

    def __init__(self, code: str, message: str, retry_after: int | None = None):
        status = 413 if code == TOO_LARGE else 429
        super().__init__(code, message, status=status, retry_after=retry_after)


@dataclass(frozen=True)
class SocketLimits:
    send_queue: int
    buffer_bytes: int
    stall_seconds: float


def _positive(name: str) -> int:
    value = env.read_int(name)
    if value < 1:
        raise SystemExit(f"{name} must be at least 1, got {value}")
    return value


def socket_limits() -> SocketLimits:
    return SocketLimits(
        send_queue=_positive("TESSERA_WS_SEND_QUEUE"),
        buffer_bytes=_positive("TESSERA_WS_BUFFER_KB") * 1024,
        stall_seconds=float(_positive("TESSERA_WS_STALL_SECONDS")),
    )


def _window_count(key: str, window: int, *, now: float | None = None) -> tuple[int, int]:
    """Count one more event under `key`; returns (events in the sliding window, seconds until
    the current fixed window ends). The sliding count weighs the previous fixed window by how
    much of it still overlaps, which smooths the burst a plain fixed window allows."""
    now = time.time() if now is None else now
    cache = caches["limits"]
    current = int(now // window)
    elapsed = now - current * window
    current_key, previous_key = f"{key}:{current}", f"{key}:{current - 1}"
    cache.add(current_key, 0, timeout=window * 2)
    count = cache.incr(current_key)
    previous = cache.get(previous_key) or 0
    estimate = count + previous * (1 - elapsed / window)
    return math.floor(estimate), max(1, math.ceil(window - elapsed))


def active_run_jobs():
    """Run jobs queued or running (dead workers' jobs are reaped)."""
    queues = Q(queue_name=RUN_QUEUE) | Q(queue_name__startswith=RUN_QUEUE + LOCAL_SEPARATOR)
    return DBTaskResult.objects.filter(queues, status__in=["READY", "RUNNING"])


def active_runs(*, tenant_id: int) -> int:
    """Run jobs of the tenant that are queued or running."""
    return active_run_jobs().filter(args_kwargs__kwargs__tenant_id=tenant_id).count()


def thread_busy(*, thread_id) -> bool:
    """Whether a request of the thread is queued or running."""
    return active_run_jobs().filter(args_kwargs__kwargs__thread_id=str(thread_id)).exists()


def _admission_counts(*, tenant_id: int, thread_id) -> tuple[int, bool]:
    """`active_runs` and `thread_busy` in one statement: both read the same unfinished run
    jobs, and an admission is the web process's busiest query path (one per message)."""
    aggregates = {"active": Count("pk", filter=Q(args_kwargs__kwargs__tenant_id=tenant_id))}
    if thread_id is not None:
        aggregates["on_thread"] = Count(
            "pk", filter=Q(args_kwargs__kwargs__thread_id=str(thread_id))
        )
    counts = active_run_jobs().aggregate(**aggregates)
    return counts["active"], counts.get("on_thread", 0) > 0


def _rate_check(key: str, window_seconds: int, limit_variable: str, message: str) -> None:
    """Count one more use of `key` in its window; LimitExceeded (RATE_LIMITED, with the wait)
    once the count passes the limit the environment sets."""
    limit = _positive(limit_variable)
    count, retry_after = _window_count(key, window_seconds)
    if count > limit:
        raise LimitExceeded(
            RATE_LIMITED, message.format(count=limit, retry_after=retry_after), retry_after
        )


@transaction.atomic
def run_admit(*, context: AccessContext, enqueue, thread_id=None) -> object:
    """Check the person's rate, the tenant's active runs and (with `thread_id`) that the
    thread is not still answering, then call `enqueue()` in the same transaction, under a
    per-tenant lock, so concurrent admissions cannot both take the last place or both start
    on one thread. Raises `LimitExceeded` or a THREAD_BUSY `Refusal`; returns what `enqueue`
    returns."""
    _rate_check(f"runs:{context.user_id}", 60, "TESSERA_RUNS_PER_MINUTE", RUNS_RATE_MESSAGE)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [ADMISSION_LOCK, context.tenant_id])
    # Counted after the lock is held, in a statement of its own: its snapshot then includes
    # every admission that held the lock before.
    active, busy = _admission_counts(tenant_id=context.tenant_id, thread_id=thread_id)
    if busy:
        # Runs on one thread are serialized: the second would answer a conversation whose
        # last turn is not written yet (docs/agent-api.md).
        raise Refusal(THREAD_BUSY, THREAD_BUSY_MESSAGE, status=409)
    maximum = _positive("TESSERA_TENANT_ACTIVE_RUNS")
    if active >= maximum:
        raise LimitExceeded(
            BUSY, TENANT_BUSY_MESSAGE.format(tenant=context.tenant_name, count=active)
        )
    return enqueue()


def upload_admit(*, context: AccessContext, size_bytes: int) -> None:
    """Call before accepting an uploaded file. Raises `LimitExceeded`."""
    limit_mb = _positive("TESSERA_UPLOAD_MAX_MB")
    if size_bytes > limit_mb * 1024 * 1024:
        raise LimitExceeded(
            TOO_LARGE,
            UPLOAD_TOO_LARGE_MESSAGE.format(size_mb=size_bytes / 1024 / 1024, limit_mb=limit_mb),
        )
    _rate_check(
        f"uploads:{context.user_id}", 3600, "TESSERA_UPLOADS_PER_HOUR", UPLOADS_RATE_MESSAGE
    )
