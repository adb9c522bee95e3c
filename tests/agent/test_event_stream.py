"""The thread event stream through the real ASGI application: numbering, replay with
?after=, access control, runs that outlive the socket, and the completion guarantee."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from apps.accounts.access import bound
from apps.agent import events, runtime, services
from apps.agent.inbound import UserText
from apps.agent.models import Event, Run, Thread
from apps.agent.providers import Plan, PlannedCall, PlannerRegistry
from apps.agent.providers.builtin import BuiltinProvider
from apps.agent.tools import ToolArgs, ToolContext, ToolResult
from apps.agent.tools.registry import ToolRegistry, register_tool
from project.asgi import application

pytestmark = [pytest.mark.usefixtures("committed_db")]
ORIGIN = [(b"origin", b"http://localhost")]


def _user(username):
    return get_user_model().objects.get(username=username)


async def _connect(username, thread_id, after=None):
    user = await sync_to_async(_user)(username)
    path = f"/ws/threads/{thread_id}/" + (f"?after={after}" if after is not None else "")
    communicator = WebsocketCommunicator(application, path, headers=ORIGIN)
    communicator.scope["user"] = user
    return communicator


async def _receive_until(communicator, event_type, limit=200):
    seen = []
    for _ in range(limit):
        event = await communicator.receive_json_from(timeout=10)
        seen.append(event)
        if event["type"] == event_type:
            return seen
    raise AssertionError(f"no {event_type} in {[e['type'] for e in seen]}")


class EchoArgs(ToolArgs):
    text: str


def _tools() -> ToolRegistry:
    tools = ToolRegistry()

    @register_tool(
        name="echo",
        when_to_use="Tests.",
        limits="None.",
        example={"text": "x"},
        args=EchoArgs,
        into=tools,
    )
    def echo(args: EchoArgs, context: ToolContext) -> ToolResult:
        """Echo the text back."""
        return ToolResult(content={"echo": args.text})

    return tools


def _provider(gate: threading.Event | None = None) -> BuiltinProvider:
    planners = PlannerRegistry()

    def plan(request):
        if request.continuing:
            if gate is not None:
                gate.wait(10)
            return Plan(text=f"Echoed {request.tool_results[-1].text}")
        return Plan(calls=[PlannedCall("echo", {"text": request.user_text})])

    planners.register("echo", plan)
    return BuiltinProvider(planners)


def _run(context, thread_id, text, gate=None):
    return runtime.run_execute(
        context=context,
        thread_id=thread_id,
        message=UserText(type="message", text=text),
        provider=_provider(gate),
        registry=_tools(),
    )


@pytest.mark.asyncio
async def test_live_events_arrive_in_order_with_consecutive_numbers(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    communicator = await _connect("ana", thread.id)
    assert (await communicator.connect())[0]
    task = asyncio.get_running_loop().run_in_executor(None, _run, acme_context, thread.id, "hi")
    received = await _receive_until(communicator, "RUN_FINISHED")
    outcome = await task
    assert outcome.status == "finished"
    assert [e["seq"] for e in received] == list(range(1, len(received) + 1))
    types = [e["type"] for e in received]
    assert types[0] == "RUN_STARTED" and types[-1] == "RUN_FINISHED"
    assert (
        types.index("TOOL_CALL_START")
        < types.index("TOOL_CALL_RESULT")
        < types.index("RUN_FINISHED")
    )
    texts = [e["delta"] for e in received if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0] == "hi" and texts[-1].startswith("Echoed") and "hi" in texts[-1]
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_reconnect_with_after_replays_exactly_what_was_missed(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    await sync_to_async(_run)(acme_context, thread.id, "first")
    stored = await sync_to_async(events.events_after)(
        context=acme_context, thread_id=thread.id, after=0
    )
    cut = len(stored) // 2
    communicator = await _connect("ana", thread.id, after=stored[cut - 1]["seq"])
    assert (await communicator.connect())[0]
    replayed = [await communicator.receive_json_from(timeout=5) for _ in range(len(stored) - cut)]
    assert replayed == stored[cut:]
    assert await communicator.receive_nothing(timeout=0.3)
    # Live events continue the numbering without gap or duplicate.
    task = asyncio.get_running_loop().run_in_executor(None, _run, acme_context, thread.id, "second")
    live = await _receive_until(communicator, "RUN_FINISHED")
    await task
    assert [e["seq"] for e in live] == list(
        range(stored[-1]["seq"] + 1, stored[-1]["seq"] + 1 + len(live))
    )
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_another_tenants_user_cannot_open_the_thread(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    communicator = await _connect("gus", thread.id)
    connected, code = await communicator.connect()
    assert not connected and code == 4403
    # Same tenant, another user: threads are personal.
    communicator = await _connect("hugo", thread.id)
    connected, code = await communicator.connect()
    assert not connected and code == 4403


@pytest.mark.asyncio
async def test_anonymous_socket_is_refused(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    communicator = WebsocketCommunicator(application, f"/ws/threads/{thread.id}/", headers=ORIGIN)
    connected, code = await communicator.connect()
    assert not connected and code == 4401


@pytest.mark.asyncio
async def test_invalid_client_messages_are_answered_not_run(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    communicator = await _connect("ana", thread.id)
    assert (await communicator.connect())[0]
    for bad in [
        {"type": "message", "text": ""},
        {"type": "shell", "cmd": "ls"},
        {"type": "message", "text": "x" * 5000},
        ["not", "an", "object"],
    ]:
        await communicator.send_json_to(bad)
        reply = await communicator.receive_json_from(timeout=5)
        assert reply["type"] == "REQUEST_REFUSED" and reply["code"] == "INVALID_MESSAGE"
        assert "seq" not in reply
    runs = await sync_to_async(lambda: _count_runs(acme_context, thread.id))()
    assert runs == 0
    await communicator.disconnect()


def _count_runs(context, thread_id):
    with bound(context):
        return Run.objects.filter(thread_id=thread_id).count()


@pytest.mark.asyncio
async def test_a_disconnect_does_not_stop_the_run(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    gate = threading.Event()
    communicator = await _connect("ana", thread.id)
    assert (await communicator.connect())[0]
    task = asyncio.get_running_loop().run_in_executor(
        None, _run, acme_context, thread.id, "keep going", gate
    )
    await _receive_until(communicator, "TOOL_CALL_RESULT")
    await communicator.disconnect()
    gate.set()
    outcome = await task
    assert outcome.status == "finished"
    types = await sync_to_async(
        lambda: [
            e["type"]
            for e in events.events_after(context=acme_context, thread_id=thread.id, after=0)
        ]
    )()
    assert types[-1] == "RUN_FINISHED"


def test_completion_is_never_sent_when_the_record_is_not_saved(acme_context, monkeypatch):
    thread = services.thread_create(context=acme_context)

    def broken_save(*args, **kwargs):
        raise RuntimeError("disk full")

    # The record is saved after the run's messages, in the same transaction.
    monkeypatch.setattr(services, "_run_record_save", broken_save)
    outcome = _run(acme_context, thread.id, "save me")
    assert outcome.status == "failed"
    # All or nothing: the thread's history does not keep half of the run.
    assert services.thread_history(context=acme_context, thread_id=thread.id) == []
    with bound(acme_context):
        types = list(
            Event.objects.filter(thread_id=thread.id).order_by("seq").values_list("type", flat=True)
        )
    assert "RUN_FINISHED" not in types
    assert types[-1] == "RUN_ERROR"
    with bound(acme_context):
        error = Event.objects.filter(thread_id=thread.id, type="RUN_ERROR").get().payload
    assert error["code"] == "RECORD_NOT_SAVED"
    # The observation is not lost: the outcome was written out.
    path = error["message"].split("kept in ")[1].split(";")[0]
    with open(path) as handle:
        assert "save me" in handle.read()


def test_an_event_for_a_thread_out_of_reach_is_refused_and_numbering_goes_on(
    acme_context, globex_context
):
    thread = services.thread_create(context=acme_context)
    first = events.event_emit(
        {"type": "CUSTOM", "name": "a"}, context=acme_context, thread_id=thread.id
    )
    with pytest.raises(Thread.DoesNotExist):  # another tenant's thread: row security hides it
        events.event_emit(
            {"type": "CUSTOM", "name": "b"}, context=globex_context, thread_id=thread.id
        )
    second = events.event_emit(
        {"type": "CUSTOM", "name": "c"}, context=acme_context, thread_id=thread.id
    )
    stored = events.events_after(context=acme_context, thread_id=thread.id, after=0)
    assert [first["seq"], second["seq"]] == [1, 2]
    assert [(e["seq"], e["name"]) for e in stored] == [(1, "a"), (2, "c")]  # the stored payload
