"""A client that sends its next input the moment it reads RUN_FINISHED (what AG-UI clients do)
meets a job that is still closing: the run has stored its end, the job is not marked done
yet. Found by sweeping questions through the AG-UI binding: about one request in fifty got
THREAD_BUSY. The thread is free once its run has stored RUN_FINISHED or RUN_ERROR; a queued
job, or a running one whose run has not ended, still makes it busy."""

import pytest
from ag_ui.core import RunErrorEvent, RunFinishedEvent, RunStartedEvent
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from apps.agent import events, limits, services
from apps.agent.refusals import THREAD_BUSY, Refusal
from apps.agent.tasks import run_message

pytestmark = [pytest.mark.usefixtures("committed_db")]


@pytest.fixture
def thread(acme_context, monkeypatch):
    monkeypatch.setenv("TESSERA_TASK_RUNNER", "workers")  # nothing takes the queued jobs
    thread = services.thread_create(context=acme_context)
    yield thread
    DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread.id)).delete()


def _job(context, thread, *, running: bool):
    job = run_message.enqueue(
        tenant_id=context.tenant_id,
        user_id=context.user_id,
        thread_id=str(thread.id),
        message={"type": "message", "text": "first"},
    )
    if running:
        DBTaskResult.objects.filter(pk=job.id).update(status="RUNNING", started_at=timezone.now())
    return job


def _admit(context, thread) -> str:
    try:
        limits.run_admit(context=context, thread_id=thread.id, enqueue=lambda: "admitted")
    except Refusal as refused:
        return refused.code
    return "admitted"


def _emit(context, thread, event) -> None:
    events.event_emit(event, context=context, thread_id=thread.id)


def test_a_queued_job_keeps_the_thread_busy(acme_context, thread):
    _job(acme_context, thread, running=False)
    assert _admit(acme_context, thread) == THREAD_BUSY


def test_a_running_job_keeps_the_thread_busy_until_its_run_has_ended(acme_context, thread):
    _job(acme_context, thread, running=True)
    _emit(acme_context, thread, RunStartedEvent(thread_id=str(thread.id), run_id="r1"))
    assert _admit(acme_context, thread) == THREAD_BUSY
    _emit(acme_context, thread, RunFinishedEvent(thread_id=str(thread.id), run_id="r1"))
    assert _admit(acme_context, thread) == "admitted"


def test_a_run_that_ended_in_error_frees_the_thread_too(acme_context, thread):
    _job(acme_context, thread, running=True)
    _emit(acme_context, thread, RunErrorEvent(message="provider down", code="PROVIDER_FAILED"))
    assert _admit(acme_context, thread) == "admitted"


def test_an_end_stored_before_the_job_started_is_not_its_end(acme_context, thread):
    _emit(acme_context, thread, RunFinishedEvent(thread_id=str(thread.id), run_id="r0"))
    _job(acme_context, thread, running=True)
    assert _admit(acme_context, thread) == THREAD_BUSY
