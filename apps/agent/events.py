"""The per-thread event log: every AG-UI event gets the thread's next sequence number, is
stored, and only then is broadcast to the thread's channel group. A client that reconnects
with the last number it saw reads the rest from the table (ARCHITECTURE.md, "Event stream")."""

from typing import Any

from django.db import transaction
from django.db.models import F
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


def event_emit(
    event: BaseModel | dict[str, Any], *, context: AccessContext, thread_id, run_id=None
) -> dict[str, Any]:
    """Store the event with the thread's next sequence number, then broadcast it."""
    payload = event_dict(event)
    with bound(context):
        # The row lock on the thread serializes numbering across processes.
        updated = Thread.objects.filter(pk=thread_id).update(last_seq=F("last_seq") + 1)
        if not updated:
            raise Thread.DoesNotExist(f"thread {thread_id} is not visible to {context.username}")
        seq = Thread.objects.values_list("last_seq", flat=True).get(pk=thread_id)
        payload["seq"] = seq
        Event.objects.create(
            tenant_id=context.tenant_id,
            thread_id=thread_id,
            seq=seq,
            run_id=run_id,
            type=payload["type"],
            payload=payload,
        )
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
