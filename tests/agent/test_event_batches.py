"""Events produced together are stored in one transaction and sent as one message, in order;
everything emitted before the run waits (for a model, for a tool) is already stored."""

import json

import pytest
from channels.layers import get_channel_layer

from apps.agent import events, runtime, services
from apps.agent.inbound import UserText
from apps.agent.models import Thread
from apps.agent.providers import Plan, PlannedCall, PlannerRegistry
from apps.agent.providers.builtin import BuiltinProvider
from apps.agent.tools import ToolArgs, ToolContext, ToolResult
from apps.agent.tools.registry import ToolRegistry, register_tool

pytestmark = [pytest.mark.usefixtures("committed_db")]


class NoteArgs(ToolArgs):
    text: str


def _tools(seen_by_tool: list) -> ToolRegistry:
    tools = ToolRegistry()

    @register_tool(
        name="note",
        when_to_use="Tests.",
        limits="None.",
        example={"text": "x"},
        args=NoteArgs,
        into=tools,
    )
    def note(args: NoteArgs, context: ToolContext) -> ToolResult:
        """Read the stored log, tell progress, read it again."""
        access, thread_id = context.run["access"], context.run["thread_id"]
        seen_by_tool.append(events.events_after(context=access, thread_id=thread_id, after=0))
        context.emit("progress", {"text": args.text})
        seen_by_tool.append(events.events_after(context=access, thread_id=thread_id, after=0))
        return ToolResult(content={"noted": args.text})

    return tools


def _provider(stored_at_decisions: list) -> BuiltinProvider:
    planners = PlannerRegistry()

    def plan(request):
        access, thread_id = request.context["access"], request.context["thread_id"]
        stored_at_decisions.append(
            events.events_after(context=access, thread_id=thread_id, after=0)
        )
        if request.continuing:
            return Plan(text=f"Noted {request.tool_results[-1].text}")
        return Plan(calls=[PlannedCall("note", {"text": request.user_text})])

    planners.register("note", plan)
    return BuiltinProvider(planners)


def test_a_batch_is_numbered_in_order_and_sent_as_one_message(acme_context, monkeypatch):
    thread = services.thread_create(context=acme_context)
    sent = []
    monkeypatch.setattr(events, "group_send", lambda group, message: sent.append(message))
    first = events.events_emit(
        [{"type": "CUSTOM", "name": "a"}, {"type": "CUSTOM", "name": "b"}],
        context=acme_context,
        thread_id=thread.id,
    )
    second = events.event_emit(
        {"type": "CUSTOM", "name": "c"}, context=acme_context, thread_id=thread.id
    )
    assert [(e["seq"], e["name"]) for e in [*first, second]] == [(1, "a"), (2, "b"), (3, "c")]
    assert [message["type"] for message in sent] == ["thread.events", "thread.events"]
    assert [_decoded(message) for message in sent] == [first, [second]]
    stored = events.events_after(context=acme_context, thread_id=thread.id, after=0)
    assert stored == [*first, second]


def _decoded(message: dict) -> list[dict]:
    """The events of a `thread.events` message; each frame's number is its event's."""
    decoded = [json.loads(text) for _, text in message["frames"]]
    assert [seq for seq, _ in message["frames"]] == [event["seq"] for event in decoded]
    return decoded


def test_an_event_is_encoded_once_for_every_socket_and_as_stored(acme_context, monkeypatch):
    """The text a socket sends is the stored event exactly (non-ASCII, nested values, keys
    that are not strings become strings as in json), and it is encoded once per event."""
    thread = services.thread_create(context=acme_context)
    sent, encoded = [], []
    monkeypatch.setattr(events, "group_send", lambda group, message: sent.append(message))
    real_frame = events.frame
    monkeypatch.setattr(events, "frame", lambda p: encoded.append(p["type"]) or real_frame(p))
    value = {"text": "Zoë – 年", 7: [1.5, None, True], "deep": {"x": [{"y": "\u2028"}]}}
    events.event_emit(
        {"type": "CUSTOM", "name": "n", "value": value}, context=acme_context, thread_id=thread.id
    )
    [stored] = events.events_after(context=acme_context, thread_id=thread.id, after=0)
    [[seq, text]] = sent[0]["frames"]
    assert json.loads(text) == stored and seq == stored["seq"] == 1
    assert stored["value"] == json.loads(json.dumps(value))
    assert encoded == ["CUSTOM", "CUSTOM"]  # once to store (before its number), once to send


def test_a_batch_for_a_thread_out_of_reach_stores_nothing(acme_context, globex_context):
    thread = services.thread_create(context=acme_context)
    with pytest.raises(Thread.DoesNotExist):
        events.events_emit(
            [{"type": "CUSTOM", "name": "a"}, {"type": "CUSTOM", "name": "b"}],
            context=globex_context,
            thread_id=thread.id,
        )
    assert events.events_after(context=acme_context, thread_id=thread.id, after=0) == []
    again = events.event_emit(
        {"type": "CUSTOM", "name": "c"}, context=acme_context, thread_id=thread.id
    )
    assert again["seq"] == 1


def test_a_run_stores_everything_before_it_waits_and_sends_fewer_messages(
    acme_context, monkeypatch
):
    thread = services.thread_create(context=acme_context)
    sent = []
    monkeypatch.setattr(events, "group_send", lambda group, message: sent.append(message))
    at_decisions, seen_by_tool = [], []
    outcome = runtime.run_execute(
        context=acme_context,
        thread_id=thread.id,
        message=UserText(type="message", text="hello"),
        provider=_provider(at_decisions),
        registry=_tools(seen_by_tool),
    )
    assert outcome.status == "finished"
    stored = events.events_after(context=acme_context, thread_id=thread.id, after=0)
    # Every event sent exactly once, in the stored order, numbered without a gap.
    assert [e for message in sent for e in _decoded(message)] == stored
    assert [e["seq"] for e in stored] == list(range(1, len(stored) + 1))
    assert len(sent) < len(stored)
    # Waiting for the model, the run has stored everything up to that step's STEP_STARTED.
    for log in at_decisions:
        assert log[-1]["type"] == "STEP_STARTED" and log[-1]["stepName"].startswith("model-")
    assert [e["type"] for e in at_decisions[0][:4]] == [
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
    ]
    # A tool starts with its step stored, and its own event is stored at once.
    before, after = seen_by_tool
    assert before[-1]["type"] == "STEP_STARTED" and before[-1]["stepName"] == "tools-1"
    assert after[len(before) :] == [
        {**after[-1], "type": "CUSTOM", "name": "progress", "value": {"text": "hello"}}
    ]
    texts = [e["delta"] for e in stored if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0] == "hello" and texts[-1].startswith("Noted") and "hello" in texts[-1]


def test_the_layer_gets_one_message_per_batch(acme_context):
    """Through the real in-memory layer, as a socket's group receives them."""
    import asyncio

    thread = services.thread_create(context=acme_context)
    layer = get_channel_layer()

    async def listen():
        channel = await layer.new_channel()
        await layer.group_add(events.thread_group(thread.id), channel)
        return channel

    channel = asyncio.run(listen())
    batch = events.events_emit(
        [{"type": "CUSTOM", "name": "a"}, {"type": "CUSTOM", "name": "b"}],
        context=acme_context,
        thread_id=thread.id,
    )
    message = asyncio.run(asyncio.wait_for(layer.receive(channel), 5))
    assert message["type"] == "thread.events" and _decoded(message) == batch


def test_batches_written_at_once_get_unbroken_runs_of_numbers(acme_context, monkeypatch):
    """Each batch takes the thread's next n numbers in one statement: batches from several
    threads at once never interleave, skip or repeat a number."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    thread = services.thread_create(context=acme_context)
    monkeypatch.setattr(events, "group_send", lambda group, message: None)

    def write(writer: int) -> list[list[int]]:
        try:
            return [
                [
                    e["seq"]
                    for e in events.events_emit(
                        [{"type": "CUSTOM", "name": f"{writer}.{b}.{i}"} for i in range(3)],
                        context=acme_context,
                        thread_id=thread.id,
                    )
                ]
                for b in range(10)
            ]
        finally:
            connection.close()

    with ThreadPoolExecutor(4) as pool:
        batches = [batch for result in pool.map(write, range(4)) for batch in result]
    assert sorted(seq for batch in batches for seq in batch) == list(range(1, 121))
    assert all(batch == list(range(batch[0], batch[0] + 3)) for batch in batches)
    stored = events.events_after(context=acme_context, thread_id=thread.id, after=0)
    assert [e["seq"] for e in stored] == list(range(1, 121))
    by_name = {e["name"]: e["seq"] for e in stored}
    for name, seq in by_name.items():  # each batch in the order it was given
        writer, batch, index = name.split(".")
        assert seq == by_name[f"{writer}.{batch}.0"] + int(index)


def test_a_batch_inside_a_transaction_is_undone_with_it(acme_context, monkeypatch):
    from django.db import transaction

    thread = services.thread_create(context=acme_context)
    sent = []
    monkeypatch.setattr(events, "group_send", lambda group, message: sent.append(message))
    with pytest.raises(RuntimeError), transaction.atomic():
        inside = events.events_emit(
            [{"type": "CUSTOM", "name": "a"}, {"type": "CUSTOM", "name": "b"}],
            context=acme_context,
            thread_id=thread.id,
        )
        assert [e["seq"] for e in inside] == [1, 2]
        raise RuntimeError("the caller fails")
    assert (
        sent == [] and events.events_after(context=acme_context, thread_id=thread.id, after=0) == []
    )
    with transaction.atomic():
        kept = events.events_emit(
            [{"type": "CUSTOM", "name": "c"}, {"type": "CUSTOM", "name": "d"}],
            context=acme_context,
            thread_id=thread.id,
        )
    assert [(e["seq"], e["name"]) for e in kept] == [(1, "c"), (2, "d")]
    assert [_decoded(message) for message in sent] == [kept]
