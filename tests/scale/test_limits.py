"""Per-person rates, the tenant's active runs and upload limits (apps/agent/limits.py), and
how a refused message is answered on the socket."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult

from apps.agent import limits, services, tasks
from apps.agent.refusals import THREAD_BUSY, Refusal
from project.asgi import application

ORIGIN = [(b"origin", b"http://localhost")]
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["limits"].clear()
    yield
    caches["limits"].clear()


def admit(context):
    return limits.run_admit(context=context, enqueue=lambda: "queued")


def test_a_person_over_the_runs_per_minute_is_refused_with_a_wait(
    acme_context, globex_context, monkeypatch
):
    monkeypatch.setenv("TESSERA_RUNS_PER_MINUTE", "3")
    assert [admit(acme_context) for _ in range(3)] == ["queued"] * 3
    with pytest.raises(limits.LimitExceeded) as refused:
        admit(acme_context)
    assert refused.value.code == limits.RATE_LIMITED
    assert 1 <= refused.value.retry_after <= 60
    assert refused.value.message == limits.RUNS_RATE_MESSAGE.format(
        count=3, retry_after=refused.value.retry_after
    )
    assert admit(globex_context) == "queued"  # counted per person


def test_the_rate_window_slides_rather_than_resetting_at_once():
    key = "test-slide"
    # 10 events late in minute 100 ...
    for _ in range(10):
        limits._window_count(key, 60, now=100 * 60 + 50)
    # ... still weigh on the start of minute 101, less and less as it goes on.
    early, _ = limits._window_count(key, 60, now=101 * 60 + 6)
    late, _ = limits._window_count(key, 60, now=101 * 60 + 54)
    assert early == 1 + 9  # 1 now + 10 × 0.9
    assert late == 2 + 1  # 2 now + 10 × 0.1


def _queue_run(context):
    return tasks.run_message.enqueue(
        tenant_id=context.tenant_id,
        user_id=context.user_id,
        thread_id=str(services.thread_create(context=context).id),
        message={"type": "message", "text": "hello"},
    )


def test_a_tenant_at_its_active_runs_is_refused_until_one_ends(
    acme_context, globex_context, monkeypatch
):
    baseline = limits.active_runs(tenant_id=acme_context.tenant_id)
    monkeypatch.setenv("TESSERA_TENANT_ACTIVE_RUNS", str(baseline + 2))
    first = _queue_run(acme_context)
    _queue_run(acme_context)
    with pytest.raises(limits.LimitExceeded) as refused:
        admit(acme_context)
    assert refused.value.code == limits.BUSY
    assert "Acme" in refused.value.message and refused.value.retry_after is None
    # Another tenant is not held up by this one.
    monkeypatch.setenv("TESSERA_TENANT_ACTIVE_RUNS", str(baseline + 100))
    assert admit(globex_context) == "queued"
    monkeypatch.setenv("TESSERA_TENANT_ACTIVE_RUNS", str(baseline + 2))
    DBTaskResult.objects.filter(id=first.id).update(status="SUCCESSFUL")
    assert admit(acme_context) == "queued"


def test_uploads_are_limited_in_size_and_rate(acme_context, monkeypatch):
    monkeypatch.setenv("TESSERA_UPLOAD_MAX_MB", "2")
    monkeypatch.setenv("TESSERA_UPLOADS_PER_HOUR", "2")
    with pytest.raises(limits.LimitExceeded) as too_large:
        limits.upload_admit(context=acme_context, size_bytes=3 * 1024 * 1024)
    assert too_large.value.code == limits.TOO_LARGE
    assert "3.0 MB" in too_large.value.message and "2 MB" in too_large.value.message
    limits.upload_admit(context=acme_context, size_bytes=1000)
    limits.upload_admit(context=acme_context, size_bytes=1000)
    with pytest.raises(limits.LimitExceeded) as too_many:
        limits.upload_admit(context=acme_context, size_bytes=1000)
    assert too_many.value.code == limits.RATE_LIMITED


@pytest.mark.parametrize(
    "name", ["TESSERA_RUNS_PER_MINUTE", "TESSERA_TENANT_ACTIVE_RUNS", "TESSERA_WS_SEND_QUEUE"]
)
def test_a_limit_below_one_is_a_configuration_error(name, monkeypatch, acme_context):
    monkeypatch.setenv(name, "0")
    with pytest.raises(SystemExit, match=f"{name} must be at least 1"):
        limits.socket_limits() if name.startswith("TESSERA_WS") else admit(acme_context)


@pytest.mark.usefixtures("committed_db")
@pytest.mark.asyncio
async def test_a_refused_message_is_answered_with_an_unnumbered_refusal_not_a_run_error(
    acme_context, monkeypatch
):
    monkeypatch.setenv("TESSERA_RUNS_PER_MINUTE", "1")
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    limits._window_count(f"runs:{acme_context.user_id}", 60)  # the one allowed is used up
    user = await sync_to_async(get_user_model().objects.get)(username="ana")
    communicator = WebsocketCommunicator(application, f"/ws/threads/{thread.id}/", headers=ORIGIN)
    communicator.scope["user"] = user
    assert (await communicator.connect())[0]
    await communicator.send_json_to({"type": "message", "text": "one more"})
    reply = await communicator.receive_json_from(timeout=5)
    assert reply["type"] == "REQUEST_REFUSED" and reply["code"] == limits.RATE_LIMITED
    assert "seq" not in reply and reply["retryAfter"] >= 1
    queued = await sync_to_async(
        DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread.id)).count
    )()
    assert queued == 0
    await communicator.disconnect()


def test_a_thread_with_a_queued_run_is_busy_and_other_threads_are_not(acme_context):
    queued = _queue_run(acme_context)
    thread_id = queued.kwargs["thread_id"]
    with pytest.raises(Refusal) as refused:
        limits.run_admit(context=acme_context, thread_id=thread_id, enqueue=lambda: "queued")
    assert refused.value.code == THREAD_BUSY
    other = services.thread_create(context=acme_context).id
    assert limits.run_admit(context=acme_context, thread_id=other, enqueue=lambda: "queued")
    DBTaskResult.objects.filter(id=queued.id).update(status="SUCCESSFUL")
    assert limits.run_admit(context=acme_context, thread_id=thread_id, enqueue=lambda: "queued")


def test_an_admission_counts_the_tenant_and_checks_the_thread_in_one_statement(acme_context):
    """Admissions are one per message, on the web process: the tenant's active runs and the
    thread's busy check read the job table once (after the tenant's lock is held)."""
    thread_id = services.thread_create(context=acme_context).id
    with CaptureQueriesContext(connection) as queries:
        limits.run_admit(context=acme_context, thread_id=thread_id, enqueue=lambda: "queued")
    reads = [q["sql"] for q in queries.captured_queries if DBTaskResult._meta.db_table in q["sql"]]
    assert len(reads) == 1, reads
    lock = next(i for i, q in enumerate(queries.captured_queries) if "advisory" in q["sql"])
    assert (
        queries.captured_queries.index(
            next(q for q in queries.captured_queries if q["sql"] == reads[0])
        )
        > lock
    )
