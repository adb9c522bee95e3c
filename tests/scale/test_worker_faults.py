"""Jobs survive their worker: a worker killed mid-job (SIGKILL, no clean-up) is noticed by
the other runners; the job is run again elsewhere, or marked failed with a clear message once
out of attempts, and a half-done result is never published as done."""

import time

import pytest
from django.tasks import TaskResultStatus

from apps.accounts.access import bound
from apps.agent import events, services, tasks
from apps.agent.models import Event, Run
from apps.jobs import errors
from tests.scale import jobs
from tests.support.openai_wire import Chat, WireServer

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db", "workers_mode")]


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def lines_written(path) -> int:
    try:
        return len(path.read_text().splitlines())
    except FileNotFoundError:
        return 0


def test_a_killed_workers_job_is_run_again_by_another_worker_and_published_once(
    processes, tmp_path
):
    doomed = processes.worker(threads=1)
    target = tmp_path / "result.txt"
    result = jobs.write_slowly.enqueue(path=str(target), lines=30, delay=0.05)
    partial = tmp_path / "result.txt.partial"
    wait_for(lambda: lines_written(partial) >= 3, 20, "the job to start writing")

    doomed.kill()
    time.sleep(0.3)
    result.refresh()
    assert result.status == TaskResultStatus.RUNNING  # nobody may call it done
    assert not target.exists()

    survivor = processes.worker(threads=1)
    wait_for(
        lambda: result.refresh() or result.status == TaskResultStatus.SUCCESSFUL,
        30,
        f"the job to be run again\n{survivor.log()}",
    )
    assert len(result.worker_ids) == 2 and result.worker_ids[0] != result.worker_ids[1]
    assert result.return_value == {"lines": 30}
    assert target.read_text().splitlines() == [f"line {n}" for n in range(30)]


def test_a_job_out_of_attempts_is_marked_failed_with_a_clear_message(processes, tmp_path):
    doomed = processes.worker(threads=1, queues="default")
    # Runs nothing of that queue; it is there to notice that the other one died.
    watcher = processes.worker(threads=1, queues="decks")
    target = tmp_path / "result.txt"
    result = jobs.write_slowly_once.enqueue(path=str(target), lines=200, delay=0.05)
    wait_for(lambda: lines_written(tmp_path / "result.txt.partial") >= 3, 20, "the job to start")

    doomed.kill()
    wait_for(
        lambda: result.refresh() or result.status == TaskResultStatus.FAILED,
        20,
        f"the job to be marked failed\n{watcher.log()}",
    )
    [error] = result.errors
    assert error.exception_class_path == "apps.jobs.errors.WorkerLost"
    assert errors.WORKER_LOST.format(attempt=1, attempts=1) in error.traceback
    assert result.finished_at is not None
    assert not target.exists()


def test_a_run_whose_worker_is_killed_ends_with_run_error_on_its_thread(processes, acme_context):
    thread = services.thread_create(context=acme_context)
    with WireServer(Chat(text="never sent", stall_after=1)) as model:
        provider = {
            "TESSERA_MODEL_PROVIDER": "openai",
            "TESSERA_MODEL": "wire-model",
            "TESSERA_MODEL_BASE_URL": model.url,
            "TESSERA_MODEL_API_KEY": "test-key",
        }
        doomed = processes.worker(threads=1, queues="runs", **provider)
        processes.worker(threads=1, queues="decks")
        result = tasks.run_message.enqueue(
            tenant_id=acme_context.tenant_id,
            user_id=acme_context.user_id,
            thread_id=str(thread.id),
            message={"type": "message", "text": "How many people work in Sales?"},
        )
        wait_for(lambda: model.requests, 20, "the run to ask the model")
        doomed.kill()

        def stored():
            return events.events_after(context=acme_context, thread_id=thread.id, after=0)

        wait_for(lambda: stored()[-1]["type"] == "RUN_ERROR", 20, "RUN_ERROR on the thread")
    final = stored()[-1]
    assert final["code"] == "WORKER_LOST" and final["message"] == tasks.RUN_LOST
    with bound(acme_context):
        run = Run.objects.get(thread_id=thread.id)
        error_event = Event.objects.get(thread_id=thread.id, seq=final["seq"])
    assert run.status == "failed" and run.error == tasks.RUN_LOST
    assert error_event.run_id == run.id
    result.refresh()
    assert result.status == TaskResultStatus.FAILED
