"""The per-thread event log: every AG-UI event gets the thread's next sequence number, is
stored, and only then is broadcast to the thread's channel group. A client that reconnects
with the last number it saw reads the rest from the table (ARCHITECTURE.md, "Event stream")."""

import json
from typing import Any

from django.db import connection, transaction
from pydantic import BaseModel

from apps.accounts.access import AccessContext, bound
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
# serializes numbering across processes, and the stored payload carries its number. One round
# trip and no ORM per event: a builtin run stores about twenty (docs/scaling.md).
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
    with bound(context), connection.cursor() as cursor:
        cursor.execute(EMIT_SQL, values)
        stored = cursor.fetchone()
        if stored is None:
            raise Thread.DoesNotExist(f"thread {thread_id} is not visible to {context.username}")
    payload["seq"] = stored[0]
    transaction.on_commit(lambda: _broadcast(thread_id, payload))
    return payload


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
