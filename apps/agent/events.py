"""The per-thread event log: every AG-UI event gets the thread's next sequence number, is
stored, and only then is broadcast to the thread's channel group. A client that reconnects
with the last number it saw reads the rest from the table (ARCHITECTURE.md, "Event stream")."""

import contextlib
from typing import Any

import psycopg
from django.db import DatabaseError, connection, transaction
from psycopg.pq import TransactionStatus
from pydantic import BaseModel

from apps.accounts.access import BIND_SQL, AccessContext, bound
from apps.agent import jsontext
from apps.agent.models import Event, Thread
from apps.realtime.groups import group_send

REPLAY_BATCH = 500


def thread_group(thread_id) -> str:
    return f"thread.{thread_id}"


def frame(payload: dict[str, Any]) -> str:
    """The JSON text of an event, as stored and as a socket sends it."""
    return jsontext.dumps(payload)


def event_dict(event: BaseModel | dict[str, Any]) -> dict[str, Any]:
    """AG-UI wire shape (camelCase, no nulls) of an `ag_ui.core` event or a plain dict."""
    if isinstance(event, BaseModel):
        return event.model_dump(mode="json", by_alias=True, exclude_none=True)
    return dict(event)


# Numbers and stores the events of a batch in one statement: the thread's row lock (taken by
# the UPDATE) serializes numbering across processes, the batch takes the next n numbers in
# its order, and each stored payload carries its number. One UPDATE of the thread per batch,
# not per event: each was a new row version of the thread and a statement of its own.
EMIT_SQL = f"""
WITH numbered AS (
    UPDATE {Thread._meta.db_table} SET last_seq = last_seq + %(count)s WHERE id = %(thread)s
    RETURNING last_seq - %(count)s AS base
), batch AS (
    SELECT numbered.base + e.position AS seq, e.payload
    FROM numbered, jsonb_array_elements(%(payloads)s::jsonb) WITH ORDINALITY AS e(payload, position)
)
INSERT INTO {Event._meta.db_table} (tenant_id, thread_id, seq, run_id, type, payload, created_at)
SELECT %(tenant)s, %(thread)s, seq, %(run)s, payload->>'type',
       jsonb_set(payload, '{{seq}}', to_jsonb(seq)), clock_timestamp()
FROM batch
RETURNING seq
"""


def event_emit(
    event: BaseModel | dict[str, Any], *, context: AccessContext, thread_id, run_id=None
) -> dict[str, Any]:
    """Store the event with the thread's next sequence number, then broadcast it."""
    return events_emit([event], context=context, thread_id=thread_id, run_id=run_id)[0]


def events_emit(
    batch: list[BaseModel | dict[str, Any]], *, context: AccessContext, thread_id, run_id=None
) -> list[dict[str, Any]]:
    """Store events produced together with the thread's next numbers, in order and in one
    transaction, then broadcast them as one message: all are stored or none is."""
    payloads = [event_dict(event) for event in batch]
    values = {
        "count": len(payloads),
        "thread": thread_id,
        "tenant": context.tenant_id,
        "run": run_id,
        "payloads": "[" + ",".join(frame(payload) for payload in payloads) + "]",
    }
    if connection.in_atomic_block:  # stored with the caller's transaction, sent once it commits
        with bound(context), connection.cursor() as cursor:
            cursor.execute(EMIT_SQL, values)
            stored = cursor.fetchall()
    else:
        stored = _store_pipelined(context, values)
    if len(stored) != len(payloads):  # the thread is hidden by row security (or gone)
        raise Thread.DoesNotExist(f"thread {thread_id} is not visible to {context.username}")
    # The numbers are base + 1 … base + n in the batch's order, whatever order RETURNING uses.
    for payload, (seq,) in zip(payloads, sorted(stored), strict=True):
        payload["seq"] = seq
    transaction.on_commit(lambda: _broadcast(thread_id, payloads))
    return payloads


def _store_pipelined(context: AccessContext, values: dict[str, Any]) -> list[tuple]:
    """Their own transaction (begin, bind the context, store the batch, commit) in one round
    trip: four round trips for each event were most of a run's wait for the database
    (docs/scaling.md)."""
    with connection.wrap_database_errors:
        connection.ensure_connection()
        raw = connection.connection
        try:
            # Server-side binding (Django's cursors bind client-side, quoting every value in
            # Python); the insert is prepared by psycopg after a few executions.
            with raw.cursor() as control, psycopg.Cursor(raw) as insert:
                with raw.pipeline():
                    control.execute("BEGIN")
                    control.execute(BIND_SQL, list(context.settings().values()))
                    insert.execute(EMIT_SQL, values)
                    control.execute("COMMIT")
                return insert.fetchall()
        except Exception:
            _recover(raw)
            raise


def _recover(raw) -> None:
    """After a failure, end the transaction or, when that is not possible (the server went
    away), close the connection so that the next event opens a new one, as Django's atomic
    blocks do."""
    with contextlib.suppress(psycopg.Error):
        if not raw.closed and raw.info.transaction_status != TransactionStatus.IDLE:
            raw.rollback()
    if raw.closed or raw.broken or raw.info.transaction_status != TransactionStatus.IDLE:
        with contextlib.suppress(DatabaseError):
            connection.close()


def _broadcast(thread_id, payloads: list[dict[str, Any]]) -> None:
    """Each event goes as its number and its JSON text, encoded here once however many
    sockets follow the thread: the channel layer copies (or serializes) strings cheaply,
    and each socket sends the text as it is."""
    frames = [[payload["seq"], frame(payload)] for payload in payloads]
    group_send(thread_group(thread_id), {"type": "thread.events", "frames": frames})


def events_after(
    *, context: AccessContext, thread_id, after: int, before: int | None = None
) -> list[dict]:
    """Stored events of the thread with after < seq (< before), in order."""
    with bound(context):
        events = Event.objects.filter(thread_id=thread_id, seq__gt=after)
        if before is not None:
            events = events.filter(seq__lt=before)
        return [event.payload for event in events.order_by("seq")[:REPLAY_BATCH]]
