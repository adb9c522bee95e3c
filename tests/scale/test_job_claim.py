"""Claiming a job in one statement (apps/jobs/claim.py): the queue's order, the job marked as
django-tasks-db marks it, locked jobs skipped, and concurrent claimers never sharing a job."""

import secrets
import threading
import uuid
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from apps.jobs.claim import claim_next
from apps.jobs.queues import local_queue
from tests.scale import jobs


def _queue() -> str:
    """A queue of this test's own: jobs other tests left behind are not in it."""
    return local_queue("default", secrets.token_hex(4))


def _job(queue: str, *, priority: int = 0, status: str = "READY", ago: float = 0.0, workers=()):
    return DBTaskResult.objects.create(
        id=uuid.uuid4(),
        args_kwargs={"args": [], "kwargs": {"path": "/nonexistent", "lines": 1, "delay": 0}},
        task_path=jobs.write_slowly.module_path,
        queue_name=queue,
        backend_name="default",
        status=status,
        priority=priority,
        worker_ids=list(workers),
        run_after=timezone.now() - timedelta(seconds=ago),
    )


def _ready(queue: str):
    return DBTaskResult.objects.ready().filter(queue_name=queue)


@pytest.mark.django_db
def test_jobs_are_claimed_in_the_queues_order_and_marked_running_in_one_statement():
    queue = _queue()
    low = _job(queue, priority=-5, ago=60)
    later = _job(queue, priority=5, ago=1)
    first = _job(queue, priority=5, ago=30, workers=["an-earlier-worker"])
    _job(queue, priority=10, status="RUNNING")
    _job(queue, priority=10, status="SUCCESSFUL")
    before = timezone.now()
    with CaptureQueriesContext(connection) as queries:
        claimed = claim_next(_ready(queue), "tessera-0000beef-1")
    assert len(queries.captured_queries) == 1, queries.captured_queries
    assert claimed.id == first.id
    assert claimed.status == "RUNNING" and claimed.started_at >= before
    assert claimed.worker_ids == ["an-earlier-worker", "tessera-0000beef-1"]
    assert claimed.args_kwargs["kwargs"]["lines"] == 1  # the JSON columns come back decoded
    stored = DBTaskResult.objects.get(id=first.id)
    assert (stored.status, stored.started_at, stored.worker_ids) == (
        "RUNNING",
        claimed.started_at,
        claimed.worker_ids,
    )
    assert claimed.task_result.kwargs == stored.args_kwargs["kwargs"]
    assert [claim_next(_ready(queue), "w").id for _ in range(2)] == [later.id, low.id]
    assert claim_next(_ready(queue), "w") is None


@pytest.mark.django_db
def test_a_job_queued_to_run_later_is_not_claimed_yet():
    queue = _queue()
    _job(queue, ago=-3600)
    assert claim_next(_ready(queue), "w") is None


@pytest.mark.usefixtures("committed_db")
def test_a_job_locked_by_another_claimer_is_skipped_not_waited_for():
    queue = _queue()
    first, second = _job(queue, ago=2), _job(queue, ago=1)
    locked, release = threading.Event(), threading.Event()

    def hold_first():
        try:
            with transaction.atomic():
                list(DBTaskResult.objects.select_for_update().filter(id=first.id))
                locked.set()
                release.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_first)
    holder.start()
    try:
        assert locked.wait(10)
        assert claim_next(_ready(queue), "w").id == second.id
    finally:
        release.set()
        holder.join()
        DBTaskResult.objects.filter(queue_name=queue).delete()


@pytest.mark.usefixtures("committed_db")
def test_concurrent_claimers_never_take_the_same_job():
    queue = _queue()
    queued = {_job(queue, ago=n / 1000).id for n in range(60)}
    taken: list[list] = [[] for _ in range(6)]
    start = threading.Barrier(len(taken))

    def claim_all(mine: list):
        try:
            start.wait()
            while (job := claim_next(_ready(queue), f"w-{id(mine)}")) is not None:
                mine.append(job.id)
        finally:
            connections.close_all()

    claimers = [threading.Thread(target=claim_all, args=(mine,)) for mine in taken]
    for claimer in claimers:
        claimer.start()
    for claimer in claimers:
        claimer.join()
    try:
        every = [job_id for mine in taken for job_id in mine]
        assert len(every) == len(set(every)) == len(queued)
        assert set(every) == queued
        assert not _ready(queue).exists()
    finally:
        DBTaskResult.objects.filter(queue_name=queue).delete()
