"""Writes of the agent app: threads, messages, artifacts, run records."""

import uuid
from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef
from django.utils import timezone

from apps.accounts.access import AccessContext, bound
from apps.agent import jsontext
from apps.agent.messages import Message
from apps.agent.models import Artifact, Run, RunStatus, Step, Thread, ThreadDirectory, ThreadMessage

TITLE_LENGTH = 80
# A run's steps in one statement from one JSON parameter. Through bulk_create, psycopg's
# client-side binding quoted every JSON value of an UNNEST array in Python: a tenth of a
# builtin run's CPU, for the steps' observations (docs/scaling.md).
STEP_DEFAULTS = {
    "kind": "",
    "proposal": {},
    "calls": [],
    "observations": [],
    "timings": {},
    "usage": {},
}
STEPS_INSERT_SQL = f"""
INSERT INTO {Step._meta.db_table}
    (tenant_id, run_id, "index", kind, proposal, calls, observations, timings, usage)
SELECT %s, %s, s."index", s.kind, s.proposal, s.calls, s.observations, s.timings, s.usage
FROM jsonb_to_recordset(%s::jsonb) AS s(
    "index" integer, kind text, proposal jsonb, calls jsonb, observations jsonb,
    timings jsonb, usage jsonb
)
"""

# A run's messages in one statement from one JSON parameter, numbered after the thread's last
# (bulk_create quoted every JSON value of its arrays in Python, client-side). Nothing is
# inserted into a thread that row security hides (a foreign key alone would not stop it).
MESSAGES_INSERT_SQL = f"""
INSERT INTO {ThreadMessage._meta.db_table}
    (tenant_id, thread_id, run_id, position, role, data, created_at)
SELECT %(tenant)s, %(thread)s, %(run)s,
       (SELECT COALESCE(MAX(position), 0) FROM {ThreadMessage._meta.db_table}
        WHERE thread_id = %(thread)s) + m.ordinality,
       m.value->>'role', m.value->'data', now()
FROM jsonb_array_elements(%(messages)s::jsonb) WITH ORDINALITY AS m(value, ordinality)
WHERE EXISTS (SELECT 1 FROM {Thread._meta.db_table} WHERE id = %(thread)s)
"""

# A run started in one statement (three through the ORM: the thread locked, saved, the run
# inserted); the UPDATE takes the thread's row lock as `select_for_update` did.
RUN_CREATE_SQL = f"""
WITH thread AS (
    UPDATE {Thread._meta.db_table}
    SET title = CASE WHEN title = '' THEN %(title)s ELSE title END, updated_at = %(now)s
    WHERE id = %(thread)s
    RETURNING id
)
INSERT INTO {Run._meta.db_table}
    (id, tenant_id, thread_id, status, request, client_message_id, provider, context_summary,
     usage, error, started_at, finished_at)
SELECT %(id)s, %(tenant)s, thread.id, %(status)s, %(request)s, %(client_message_id)s,
       %(provider)s, '{{}}', '{{}}', '', %(now)s, NULL
FROM thread
"""

# An artifact's payload (a result's rows, a chart's figure, a surface) encoded by orjson
# (jsontext) rather than by the JSONField's json.dumps: a builtin run stores a few, each
# tens of kilobytes (docs/scaling.md).
ARTIFACT_INSERT_SQL = f"""
INSERT INTO {Artifact._meta.db_table}
    (id, tenant_id, owner_id, thread_id, run_id, kind, version, payload, created_at)
VALUES (%(id)s, %(tenant)s, %(owner)s, %(thread)s, %(run)s, %(kind)s, %(version)s,
        %(payload)s::jsonb, %(now)s)
"""


def thread_create(*, context: AccessContext, title: str = "", thread_id=None) -> Thread:
    """A new thread of the person (with `thread_id`, under that id: the AG-UI binding lets the
    client name it; an id already taken raises IntegrityError)."""
    fields = {"id": thread_id} if thread_id is not None else {}
    with bound(context):
        thread = Thread.objects.create(
            tenant_id=context.tenant_id, user_id=context.user_id, title=title[:200], **fields
        )
        ThreadDirectory.objects.create(thread_id=thread.id, user_id=context.user_id)
        return thread


def thread_title_from(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= TITLE_LENGTH else text[: TITLE_LENGTH - 1].rstrip() + "…"


def thread_history(*, context: AccessContext, thread_id) -> list[Message]:
    """The thread's stored messages, without those of a failed run whose question a later run
    asked again (an AG-UI client's retry, apps/agent/replays.py): the model saw the question
    twice, the first time unanswered."""
    with bound(context):
        asked_again = Run.objects.filter(
            thread_id=OuterRef("thread_id"),
            client_message_id=OuterRef("client_message_id"),
            request=OuterRef("request"),
            started_at__gt=OuterRef("started_at"),
        )
        retried = (
            Run.objects.filter(thread_id=thread_id, status=RunStatus.FAILED)
            .exclude(client_message_id="")
            .filter(Exists(asked_again))
            .values("id")
        )
        rows = (
            ThreadMessage.objects.filter(thread_id=thread_id)
            .exclude(run_id__in=retried)
            .order_by("position")
        )
        return [Message.model_validate(row.data) for row in rows]


def messages_append(*, context: AccessContext, thread_id, run_id, messages: list[Message]) -> None:
    with bound(context):
        _messages_append(context, thread_id, run_id, messages)


def _messages_append(context: AccessContext, thread_id, run_id, messages: list[Message]) -> None:
    if not messages:
        return
    rows = [{"role": m.role, "data": m.model_dump(mode="json")} for m in messages]
    values = {"tenant": context.tenant_id, "thread": thread_id, "run": run_id}
    with connection.cursor() as cursor:
        cursor.execute(MESSAGES_INSERT_SQL, {**values, "messages": jsontext.dumps(rows)})
        if cursor.rowcount != len(rows):
            raise Thread.DoesNotExist(f"thread {thread_id} is not visible to {context.username}")


def run_create(
    *, context: AccessContext, thread_id, request: str, provider: str, client_message_id: str = ""
) -> Run:
    """Start a run on the thread: the thread gets a title from the request if it has none and
    its `updated_at` moves (the row is locked as `select_for_update` locked it), and the run is
    inserted, in one statement. Thread.DoesNotExist when row security hides the thread."""
    run = Run(
        id=uuid.uuid4(),
        tenant_id=context.tenant_id,
        thread_id=thread_id,
        status=RunStatus.RUNNING,
        request=request,
        client_message_id=client_message_id,
        provider=provider,
        started_at=timezone.now(),
    )
    values = {
        "id": run.id,
        "tenant": run.tenant_id,
        "thread": thread_id,
        "status": run.status,
        "request": request,
        "client_message_id": client_message_id,
        "provider": provider,
        "now": run.started_at,
        "title": thread_title_from(request),
    }
    with bound(context), connection.cursor() as cursor:
        cursor.execute(RUN_CREATE_SQL, values)
        if cursor.rowcount != 1:
            raise Thread.DoesNotExist(f"thread {thread_id} is not visible to {context.username}")
    run._state.adding = False
    run._state.db = connection.alias
    return run


def run_record_save(*, context: AccessContext, run_id, **record: Any) -> None:
    """Persist the run record (status, steps, usage, context_summary and error: the
    arguments of `_run_record_save`) in one transaction."""
    with bound(context):
        _run_record_save(context, run_id, **record)


def run_conclude(
    *, context: AccessContext, thread_id, run_id, messages: list[Message], **record: Any
) -> None:
    """The end of a run: its messages join the thread's history and its record (the fields
    of `run_record_save`) is saved, in one transaction (all or nothing)."""
    with bound(context):
        _messages_append(context, thread_id, run_id, messages)
        _run_record_save(context, run_id, **record)


def _run_record_save(
    context: AccessContext,
    run_id,
    *,
    status: str,
    steps: list[dict[str, Any]],
    usage: dict[str, Any],
    context_summary: dict[str, Any],
    error: str = "",
) -> None:
    Step.objects.filter(run_id=run_id).delete()
    if steps:
        records = [{**STEP_DEFAULTS, **step, "index": index} for index, step in enumerate(steps)]
        with connection.cursor() as cursor:
            cursor.execute(STEPS_INSERT_SQL, [context.tenant_id, run_id, jsontext.dumps(records)])
    updated = Run.objects.filter(pk=run_id).update(
        status=status,
        usage=usage,
        context_summary=context_summary,
        error=error,
        finished_at=timezone.now() if status != RunStatus.RUNNING else None,
    )
    if updated != 1:
        raise Run.DoesNotExist(f"run {run_id} is not visible")


def artifact_create(
    *,
    context: AccessContext,
    kind: str,
    payload: dict,
    thread_id=None,
    run_id=None,
    artifact_id: str | None = None,
) -> Artifact:
    artifact = Artifact(
        tenant_id=context.tenant_id,
        owner_id=context.user_id,
        thread_id=thread_id,
        run_id=run_id,
        kind=kind,
        payload=payload,
        created_at=timezone.now(),
        **({"id": artifact_id} if artifact_id else {}),
    )
    values = {
        "id": artifact.id,
        "tenant": artifact.tenant_id,
        "owner": artifact.owner_id,
        "thread": thread_id,
        "run": run_id,
        "kind": kind,
        "version": artifact.version,
        "payload": jsontext.dumps(payload),
        "now": artifact.created_at,
    }
    with bound(context), connection.cursor() as cursor:
        cursor.execute(ARTIFACT_INSERT_SQL, values)
    artifact._state.adding = False
    artifact._state.db = connection.alias
    return artifact
