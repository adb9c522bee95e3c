"""A run is started, and an artifact stored, in one statement (apps/agent/services.py `run_create`): the thread's title
and time as the ORM set them, the run as the ORM inserted it, and nothing on a thread that row
security hides."""

import pytest
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.access import bound
from apps.agent import services
from apps.agent.models import Artifact, Run, Thread

pytestmark = pytest.mark.django_db

LONG_REQUEST = "How many   employees were hired each year " + "in every department " * 8


def _stored(context, model, pk):
    with bound(context):
        return model.objects.get(pk=pk)


def test_a_run_on_an_untitled_thread_names_it_and_is_stored_as_returned(acme_context):
    thread = services.thread_create(context=acme_context)
    with CaptureQueriesContext(connection) as queries:
        run = services.run_create(
            context=acme_context, thread_id=thread.id, request=LONG_REQUEST, provider="builtin"
        )
    writes = [q["sql"] for q in queries.captured_queries if "agent_" in q["sql"]]
    assert len(writes) == 1, writes
    stored = _stored(acme_context, Run, run.id)
    fields = ("id", "tenant_id", "thread_id", "status", "request", "provider", "started_at")
    assert [getattr(stored, f) for f in fields] == [getattr(run, f) for f in fields]
    assert (stored.status, stored.request, stored.provider) == ("running", LONG_REQUEST, "builtin")
    assert (stored.context_summary, stored.usage, stored.error, stored.finished_at) == (
        {},
        {},
        "",
        None,
    )
    assert not run._state.adding
    named = _stored(acme_context, Thread, thread.id)
    assert named.title == services.thread_title_from(LONG_REQUEST)
    assert len(named.title) == services.TITLE_LENGTH and "  " not in named.title
    assert named.updated_at == run.started_at > thread.updated_at


def test_a_titled_thread_keeps_its_title(acme_context):
    thread = services.thread_create(context=acme_context, title="Hiring by year")
    run = services.run_create(context=acme_context, thread_id=thread.id, request="q", provider="t")
    kept = _stored(acme_context, Thread, thread.id)
    assert kept.title == "Hiring by year" and kept.updated_at >= thread.updated_at
    assert run.thread_id == thread.id


def test_no_run_starts_on_another_tenants_thread(acme_context, globex_context):
    thread = services.thread_create(context=acme_context)
    with pytest.raises(Thread.DoesNotExist):
        services.run_create(context=globex_context, thread_id=thread.id, request="q", provider="t")
    untouched = _stored(acme_context, Thread, thread.id)
    assert (untouched.title, untouched.updated_at) == (thread.title, thread.updated_at)
    with bound(acme_context):
        assert not Run.objects.filter(thread_id=thread.id).exists()


PAYLOAD = {
    "title": "Héadcount <b>by</b> department — 2026",
    "columns": ["department", "n", "share"],
    "rows": [["Sales", 12, 0.25], ["R&D", None, 1e-12], ["Ops 🚀", -3, 12345678901234567]],
    "nested": {"1": [True, False, None, {"deep": "x" * 5000}]},
}


def test_an_artifact_is_stored_as_given(acme_context):
    thread = services.thread_create(context=acme_context)
    run = services.run_create(context=acme_context, thread_id=thread.id, request="q", provider="t")
    with CaptureQueriesContext(connection) as queries:
        artifact = services.artifact_create(
            context=acme_context,
            kind="sql_result",
            payload=PAYLOAD,
            thread_id=thread.id,
            run_id=run.id,
            artifact_id="art_" + "a" * 24,
        )
    writes = [q["sql"] for q in queries.captured_queries if "agent_artifact" in q["sql"]]
    assert len(writes) == 1, writes
    stored = _stored(acme_context, Artifact, artifact.id)
    fields = ("id", "tenant_id", "owner_id", "thread_id", "run_id", "kind", "version")
    assert [getattr(stored, f) for f in fields] == [getattr(artifact, f) for f in fields]
    assert stored.payload == PAYLOAD and stored.created_at == artifact.created_at
    assert (stored.owner_id, stored.version) == (acme_context.user_id, 1)
    # Without an id given, one is made as the model makes it.
    plain = services.artifact_create(context=acme_context, kind="note", payload={"a": 1})
    assert plain.id.startswith("art_") and _stored(acme_context, Artifact, plain.id).payload == {
        "a": 1
    }


def test_the_artifact_statement_cannot_write_into_another_tenant(acme_context, globex_context):
    """Row security checks the tenant of what is inserted, as it did through the ORM."""
    values = {
        "id": "art_" + "b" * 24,
        "tenant": acme_context.tenant_id,
        "owner": globex_context.user_id,
        "thread": None,
        "run": None,
        "kind": "note",
        "version": 1,
        "payload": "{}",
        "now": timezone.now(),
    }
    refused = pytest.raises(DatabaseError, match="row-level security")
    with refused, transaction.atomic(), bound(globex_context), connection.cursor() as cursor:
        cursor.execute(services.ARTIFACT_INSERT_SQL, values)
