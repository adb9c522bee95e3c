"""The per-thread event log: every AG-UI event gets the thread's next sequence number, is
stored, and only then is broadcast to the thread's channel group. A client that reconnects
with the last number it saw reads the rest from the table (ARCHITECTURE.md, "Event stream")."""

import contextlib
import json
from typing import Any

import psycopg
from django.db import DatabaseError, connection, transaction
from psycopg.pq import TransactionStatus
from pydantic import BaseModel

from apps.accounts.access import BIND_SQL, AccessContext, bound
from apps.agent.models import Event, Thread
from apps.realtime.groups import group_send

REPLAY_BATCH = 500


def thread_group(thread_id) -> str:
    return f"thread.{thread_id}"


def event_dict(event: BaseModel | dict[str, Any]) -> dict[str, Any]:
    """AG-UI wire shape (camelCase, no nulls) of an `ag_ui.core` event or a plain dict."""
    if isinstance(event, BaseModel):
        return event.model_dump(mode="json", by_alias=True, exclude_none=True)
    return dict(event)


# Numbers and stores an event in one statement: the thread's row lock (taken by the UPDATE)
# serializes numbering across processes, and the stored payload carries its number.
EMIT_SQL = f"""
WITH numbered AS (
    UPDATE {Thread._meta.db_table} SET last_seq = last_seq + 1 WHERE id = %s RETURNING last_seq
)
INSERT INTO {Event._meta.db_table} (tenant_id, thread_id, seq, run_id, type, payload, created_at)
SELECT %s, %s, last_seq, %s, %s,
       jsonb_set(%s::jsonb, '{{seq}}', to_jsonb(last_seq)), clock_timestamp()
FROM numbered
RETURNING seq
"""


def event_emit(
    event: BaseModel | dict[str, Any], *, context: AccessContext, thread_id, run_id=None
) -> dict[str, Any]:
    """Store the event with the thread's next sequence number, then broadcast it."""
    payload = event_dict(event)
    values = [thread_id, context.tenant_id, thread_id, run_id, payload["type"], json.dumps(payload)]
    if connection.in_atomic_block:  # stored with the caller's transaction, sent once it commits
        with bound(context), connection.cursor() as cursor:
            cursor.execute(EMIT_SQL, values)
            stored = cursor.fetchone()
    else:
        stored = _store_pipelined(context, values)
    if stored is None:
        raise Thread.DoesNotExist(f"thread {thread_id} is not visible to {context.username}")
    payload["seq"] = stored[0]
    transaction.on_commit(lambda: _broadcast(thread_id, payload))
    return payload


def _store_pipelined(context: AccessContext, values: list[Any]) -> tuple | None:
    """Its own transaction (begin, bind the context, store, commit) in one round trip: a
    builtin run stores about twenty events, and four round trips each were most of its wait
    for the database (docs/scaling.md)."""
    with connection.wrap_database_errors:
        connection.ensure_connection()
        raw = connection.connection
        try:
            with raw.cursor() as control, raw.cursor() as insert:
                with raw.pipeline():
                    control.execute("BEGIN")
                    control.execute(BIND_SQL, list(context.settings().values()))
                    insert.execute(EMIT_SQL, values)
                    control.execute("COMMIT")
                return insert.fetchone()
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


def _broadcast(thread_id, payload: dict[str, Any]) -> None:
    group_send(thread_group(thread_id), {"type": "thread.event", "event": payload})


def events_after(
    *, context: AccessContext, thread_id, after: int, before: int | None = None
) -> list[dict]:
    """Stored events of the thread with after < seq (< before), in order."""
    with bound(context):
        events = Event.objects.filter(thread_id=thread_id, seq__gt=after)
        if before is not None:
            events = events.filter(seq__lt=before)
        return [event.payload for event in events.order_by("seq")[:REPLAY_BATCH]]
