"""Jobs whose process died: queued again while attempts remain, else marked failed.

A RUNNING job belongs to the process named by its last worker id; a READY job in a private
queue ("runs@<token>", threads mode) belongs to the process that queued it. When that process
holds no presence lock (apps/jobs/presence.py) for `GRACE_SECONDS` in a row, it is gone: the
job would never finish. The grace covers a database restart, after which live runners need a
moment to take their locks again. Jobs claimed by other workers (a plain `db_worker`) are left
alone.
"""

import logging
import time
from collections.abc import Callable

from django.db import close_old_connections, connection, transaction
from django.tasks.signals import task_finished
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from apps.jobs import errors
from apps.jobs.definitions import policy_for
from apps.jobs.presence import CHANNEL, Presence, key_of
from apps.jobs.queues import LOCAL_SEPARATOR, owner_key

log = logging.getLogger("tessera.jobs")

GRACE_SECONDS = 2.0


class Reaper:
    def __init__(self, home: Callable[[str], str]) -> None:
        """`home(queue_name)` names the queue a recovered job goes to."""
        self.home = home
        self._suspects: dict[str, float] = {}

    def __call__(self, presence: Presence) -> None:
        try:
            self.run_once(presence)
        finally:
            close_old_connections()

    def run_once(self, presence: Presence) -> list[str]:
        """One pass; returns the ids of the jobs it settled."""
        live = presence.live_keys()
        now = time.monotonic()
        orphans: dict[str, float] = {}
        unfinished = DBTaskResult.objects.filter(status__in=["READY", "RUNNING"]).values_list(
            "id", "status", "worker_ids", "queue_name"
        )
        for job_id, status, worker_ids, queue_name in unfinished:
            if status == "RUNNING":
                key = key_of(worker_ids[-1]) if worker_ids else None
            elif LOCAL_SEPARATOR in queue_name:
                key = owner_key(queue_name)
            else:
                continue
            if key is None or key in live:
                continue
            orphans[str(job_id)] = self._suspects.get(str(job_id), now)
        self._suspects = orphans
        settled = []
        for job_id, since in list(orphans.items()):
            if now - since >= GRACE_SECONDS and self._settle(job_id, presence):
                settled.append(job_id)
                self._suspects.pop(job_id, None)
        return settled

    def _settle(self, job_id: str, presence: Presence) -> bool:
        with transaction.atomic():
            job = (
                DBTaskResult.objects.select_for_update(skip_locked=True)
                .filter(id=job_id, status__in=["READY", "RUNNING"])
                .first()
            )
            if job is None:
                return False
            live = presence.live_keys()
            if job.status == "READY":
                if owner_key(job.queue_name) in live:
                    return False
                job.queue_name = self.home(job.queue_name)
                job.save(update_fields=["queue_name"])
                _notify()
                log.warning("jobs: the process that queued job %s stopped; moved", job.id)
                return True
            if not job.worker_ids or key_of(job.worker_ids[-1]) in live:
                return False
            policy = policy_for(job.task_path)
            attempt = len(job.worker_ids)
            if attempt < policy.max_attempts:
                job.status = "READY"
                job.started_at = None
                job.queue_name = self.home(job.queue_name)
                job.save(update_fields=["status", "started_at", "queue_name"])
                _notify()
                log.warning(
                    "jobs: the worker of job %s (%s) died during attempt %d of %d; queued again",
                    job.id,
                    job.task_path,
                    attempt,
                    policy.max_attempts,
                )
                return True
            message = errors.WORKER_LOST.format(attempt=attempt, attempts=policy.max_attempts)
            job.status = "FAILED"
            job.finished_at = timezone.now()
            job.return_value = None
            job.exception_class_path = f"{errors.WorkerLost.__module__}.WorkerLost"
            job.traceback = f"{job.exception_class_path}: {message}\n"
            job.save(
                update_fields=[
                    "status",
                    "finished_at",
                    "return_value",
                    "exception_class_path",
                    "traceback",
                ]
            )
            log.error("jobs: job %s (%s) failed: %s", job.id, job.task_path, message)
            transaction.on_commit(lambda: _tell(job, policy.on_lost, message))
        return True


def _notify() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"NOTIFY {CHANNEL}")


def _tell(job: DBTaskResult, on_lost, message: str) -> None:
    try:
        result = job.task_result
    except Exception:  # its code is gone; the stored failure is all there is to say
        log.exception("jobs: job %s cannot be loaded to report its failure", job.id)
        return
    if on_lost is not None:
        try:
            on_lost(result, message)
        except Exception:
            log.exception("jobs: reporting the failure of job %s failed", job.id)
    task_finished.send(sender=type(result.task.get_backend()), task_result=result)
