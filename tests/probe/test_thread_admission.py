"""A client that sends its next input the moment it reads RUN_FINISHED (what AG-UI clients do)
met a job that was still closing: the run had stored its end, the job was not marked done
yet, so the thread was busy. Found by sweeping questions through the AG-UI binding: about one
request in fifty got THREAD_BUSY. The HTTP streams now pass the end on once the run's job has
closed (never waiting longer than a bound), so the next input finds the thread free; the
admission rule itself is unchanged (a queued or running job makes the thread busy)."""

import asyncio

import pytest
from ag_ui.core import RunFinishedEvent, RunStartedEvent
from asgiref.sync import sync_to_async
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from apps.agent import events, limits, services, views
from apps.agent.refusals import THREAD_BUSY, Refusal
from apps.agent.tasks import run_message

pytestmark = [pytest.mark.usefixtures("committed_db")]


@pytest.fixture
def thread(acme_context, monkeypatch):
    monkeypatch.setenv("TESSERA_TASK_RUNNER", "workers")  # nothing takes the queued jobs
    thread = services.thread_create(context=acme_context)
    yield thread
    DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread.id)).delete()


def _running_job(context, thread):
    job = run_message.enqueue(
        tenant_id=context.tenant_id,
        user_id=context.user_id,
        thread_id=str(thread.id),
        message={"type": "message", "text": "first"},
    )
    DBTaskResult.objects.filter(pk=job.id).update(status="RUNNING", started_at=timezone.now())
    return job


def _run_ended(context, thread) -> None:
    for event in (
        RunStartedEvent(thread_id=str(thread.id), run_id="r1"),
        RunFinishedEvent(thread_id=str(thread.id), run_id="r1"),
    ):
        events.event_emit(event, context=context, thread_id=thread.id)


def _admit(context, thread) -> str:
    try:
        limits.run_admit(context=context, thread_id=thread.id, enqueue=lambda: "admitted")
    except Refusal as refused:
        return refused.code
    return "admitted"


async def _read_run(context, thread, received: list) -> None:
    async for payload in views._stored(context, thread.id, 0, until_run_ends=True):
        received.append(payload["type"])


async def test_the_end_of_a_run_is_passed_on_once_its_job_has_closed(acme_context, thread):
    job = await sync_to_async(_running_job)(acme_context, thread)
    await sync_to_async(_run_ended)(acme_context, thread)
    received: list[str] = []
    reader = asyncio.create_task(_read_run(acme_context, thread, received))
    await asyncio.sleep(0.5)
    # The end is stored but the job still runs: a client told now would meet THREAD_BUSY.
    assert received == ["RUN_STARTED"]
    assert await sync_to_async(_admit)(acme_context, thread) == THREAD_BUSY
    await sync_to_async(DBTaskResult.objects.filter(pk=job.id).update)(status="SUCCESSFUL")
    await asyncio.wait_for(reader, timeout=10)
    assert received == ["RUN_STARTED", "RUN_FINISHED"]
    assert await sync_to_async(_admit)(acme_context, thread) == "admitted"


async def test_a_job_that_never_closes_does_not_hold_the_end_back(
    acme_context, thread, monkeypatch
):
    monkeypatch.setattr(views, "JOB_CLOSE_SECONDS", 0.2)
    await sync_to_async(_running_job)(acme_context, thread)
    await sync_to_async(_run_ended)(acme_context, thread)
    received: list[str] = []
    await asyncio.wait_for(_read_run(acme_context, thread, received), timeout=10)
    assert received == ["RUN_STARTED", "RUN_FINISHED"]
