"""The job plumbing in one process: queue names, the backend, threads mode running a job in
the process that queued it, and the reaper's decisions (run again, fail, hand over)."""

import secrets
import threading
import time
import uuid

import pytest
from django.db import connection
from django.tasks import TaskResultStatus
from django.tasks.exceptions import InvalidTask
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from apps.jobs import definitions, errors, reaper, runner
from apps.jobs.presence import LIVE_KEYS_SQL, LOCK_CLASS, key_of
from apps.jobs.queues import base_queue, local_queue, owner_key
from apps.jobs.reaper import Reaper
from tests.scale import jobs


def test_private_queue_names_name_their_process():
    queue = local_queue("runs", "0000beef")
    assert queue == "runs@0000beef" and base_queue(queue) == "runs"
    assert owner_key(queue) == 0xBEEF and owner_key("runs") is None
    assert key_of("tessera-0000beef-3") == 0xBEEF and key_of("f00-plain-db-worker") is None


def test_the_backend_accepts_private_copies_of_its_queues_only():
    jobs.emit_events.using(queue_name="default@0000beef")
    with pytest.raises(InvalidTask):
        jobs.emit_events.using(queue_name="elsewhere@0000beef")


@pytest.mark.usefixtures("committed_db")
def test_threads_mode_runs_the_job_in_the_process_that_queued_it(tmp_path):
    target = tmp_path / "out.txt"
    result = jobs.write_slowly.enqueue(path=str(target), lines=3, delay=0)
    token = runner.ensure_started().presence.token
    assert result.db_result.queue_name == f"default@{token}"
    deadline = time.monotonic() + 10
    while result.status != TaskResultStatus.SUCCESSFUL and time.monotonic() < deadline:
        time.sleep(0.02)
        result.refresh()
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert result.worker_ids[0].startswith(f"tessera-{token}-")
    assert target.read_text().splitlines() == ["line 0", "line 1", "line 2"]


class LivePresence:
    """What the reaper asks of a presence: the keys of live runners (real ones here)."""

    def live_keys(self) -> set[int]:
        with connection.cursor() as cursor:
            cursor.execute(LIVE_KEYS_SQL, [LOCK_CLASS])
            return {row[0] for row in cursor.fetchall()}


def dead_worker_id() -> str:
    live = LivePresence().live_keys()
    while (key := secrets.randbits(31)) in live:
        pass
    return f"tessera-{key:08x}-0"


def stored_job(task, *, status: str, worker_ids: list[str], queue_name: str = "default"):
    return DBTaskResult.objects.create(
        id=uuid.uuid4(),
        args_kwargs={"args": [], "kwargs": {"path": "/nonexistent", "lines": 1, "delay": 0}},
        task_path=task.module_path,
        queue_name=queue_name,
        backend_name="default",
        status=status,
        worker_ids=worker_ids,
        started_at=timezone.now() if status == "RUNNING" else None,
        run_after=timezone.now(),
    )


@pytest.fixture
def no_grace(monkeypatch):
    monkeypatch.setattr(reaper, "GRACE_SECONDS", 0.0)


@pytest.mark.django_db
@pytest.mark.usefixtures("no_grace")
def test_a_job_of_a_dead_worker_with_attempts_left_is_queued_again():
    job = stored_job(jobs.write_slowly, status="RUNNING", worker_ids=[dead_worker_id()])
    Reaper(home=lambda queue: queue).run_once(LivePresence())
    job.refresh_from_db()
    assert job.status == "READY" and job.started_at is None
    assert len(job.worker_ids) == 1 and job.queue_name == "default"


@pytest.mark.django_db
@pytest.mark.usefixtures("no_grace")
def test_a_job_of_a_dead_worker_out_of_attempts_fails_and_its_owner_is_told(
    django_capture_on_commit_callbacks, monkeypatch
):
    told = []
    path = jobs.write_slowly_once.module_path
    monkeypatch.setitem(
        definitions._POLICIES,
        path,
        definitions.JobPolicy(1, on_lost=lambda result, message: told.append(message)),
    )
    job = stored_job(jobs.write_slowly_once, status="RUNNING", worker_ids=[dead_worker_id()])
    with django_capture_on_commit_callbacks(execute=True):
        Reaper(home=lambda queue: queue).run_once(LivePresence())
    job.refresh_from_db()
    message = errors.WORKER_LOST.format(attempt=1, attempts=1)
    assert job.status == "FAILED" and job.finished_at is not None
    assert job.exception_class_path == "apps.jobs.errors.WorkerLost"
    assert message in job.traceback
    assert told == [message]


@pytest.mark.django_db
@pytest.mark.usefixtures("no_grace")
def test_jobs_of_live_runners_and_of_other_workers_are_left_alone():
    live_key = next(iter(LivePresence().live_keys()), None)
    kept = [stored_job(jobs.write_slowly_once, status="RUNNING", worker_ids=["plain-worker"])]
    if live_key is not None:
        worker = f"tessera-{live_key:08x}-0"
        kept.append(stored_job(jobs.write_slowly_once, status="RUNNING", worker_ids=[worker]))
    Reaper(home=lambda queue: queue).run_once(LivePresence())
    for job in kept:
        job.refresh_from_db()
        assert job.status == "RUNNING"


@pytest.mark.django_db
def test_a_dead_job_is_settled_only_after_the_grace_period():
    job = stored_job(jobs.write_slowly, status="RUNNING", worker_ids=[dead_worker_id()])
    watcher = Reaper(home=lambda queue: queue)
    assert watcher.run_once(LivePresence()) == []  # suspected, not yet settled
    job.refresh_from_db()
    assert job.status == "RUNNING"


@pytest.mark.django_db
@pytest.mark.usefixtures("no_grace")
def test_a_queued_job_of_a_dead_web_process_is_handed_to_a_live_one():
    dead = dead_worker_id().split("-")[1]
    job = stored_job(jobs.write_slowly, status="READY", worker_ids=[], queue_name=f"runs@{dead}")
    Reaper(home=lambda queue: local_queue(queue, "0000beef")).run_once(LivePresence())
    job.refresh_from_db()
    assert job.status == "READY" and job.queue_name == "runs@0000beef"


@pytest.mark.usefixtures("committed_db")
def test_an_idle_runner_turn_survives_a_connection_check_that_fails(django_db_blocker):
    # Before it waits, a runner returns its thread's connections; checking one may reach the
    # database, and a failure there ended the runner's thread (no more jobs in that process).
    failures = []

    def idle_turn():
        connection.ensure_connection()  # the thread holds a connection, as a runner does
        try:
            with django_db_blocker.block():  # …and the database cannot be reached now
                runner._close_idle_connections()
        except Exception as error:
            failures.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=idle_turn)
    thread.start()
    thread.join()
    assert failures == []
