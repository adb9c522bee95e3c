"""An AG-UI input sent again — a client retrying after its connection dropped sends the same
messages with the same ids — ran its newest user message again: a second answer, a second
run record, the question twice in the thread's history (and, for a question that showed a
form, `409 INTERRUPT_PENDING` for the client's own retry). It is answered from the stored run:
the same events, the same run, nothing stored; while the run is still queued or running, the
retry follows it. A message is the same by its id and text: the client's id, or the id of the
run's own echo of it (which the official client keeps as a message)."""

import asyncio
import json
import uuid

import pytest
from ag_ui.core import RunAgentInput
from asgiref.sync import sync_to_async
from django_tasks_db.models import DBTaskResult

from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.agent import agui, replays, runtime, services
from apps.agent.inbound import UserText
from apps.agent.models import Run, ThreadMessage
from tests.probe.test_action_names import _post

pytestmark = [pytest.mark.usefixtures("committed_db")]

QUESTION = "How many active employees are there in each department?"


async def _stream(response) -> list[dict]:
    assert response.status_code == 200, response.content
    text = b"".join([chunk async for chunk in response.streaming_content]).decode()
    events = []
    for block in filter(None, text.split("\n\n")):
        id_line, data_line = block.split("\n")
        event = json.loads(data_line[6:])
        # Each input names its run (a fresh runId per post), and the lifecycle events echo it
        # (tests/agent/test_agui_binding.py); a replay is compared by everything else.
        event.pop("runId", None)
        events.append({**event, "seq": int(id_line[4:])})
    return events


def _ask(text: str = QUESTION, message_id: str | None = None) -> list[dict]:
    return [{"id": message_id or uuid.uuid4().hex, "role": "user", "content": text}]


async def _token(context) -> str:
    name = f"replay-{uuid.uuid4().hex[:8]}"
    return (await sync_to_async(accounts.token_create)(context=context, name=name))[1]


def _stored(context, thread_id) -> tuple[int, int]:
    """Runs and history messages of the thread."""
    with bound(context):
        return (
            Run.objects.filter(thread_id=thread_id).count(),
            ThreadMessage.objects.filter(thread_id=thread_id).count(),
        )


def _thread_of(context, name: str):
    return agui.named_thread_ids(user_id=context.user_id, name=name)[0]


async def test_the_same_input_again_is_answered_from_its_run(acme_context):
    token = await _token(acme_context)
    name, ask = f"retry-{uuid.uuid4().hex[:6]}", _ask()
    first = await _stream(await _post(token, name, messages=ask))
    stored = await sync_to_async(_stored)(acme_context, _thread_of(acme_context, name))
    again = await _stream(await _post(token, name, messages=ask))
    assert again == first  # the same events, numbers and run
    assert again[0]["threadId"] == name and again[-1]["type"] == "RUN_FINISHED"
    assert await sync_to_async(_stored)(acme_context, _thread_of(acme_context, name)) == stored
    assert stored[0] == 1


async def test_the_runs_echo_of_the_message_as_the_newest_is_the_same_message(acme_context):
    """The official client keeps the run's TEXT_MESSAGE_* echo of the question as a message:
    its next input without a new question ends with that echo."""
    token = await _token(acme_context)
    name, ask = f"echo-{uuid.uuid4().hex[:6]}", _ask()
    first = await _stream(await _post(token, name, messages=ask))
    [echo] = [e for e in first if e["type"] == "TEXT_MESSAGE_START" and e["role"] == "user"]
    assert echo["messageId"] != ask[0]["id"]
    history = [*ask, *_ask(QUESTION, echo["messageId"])]
    again = await _stream(await _post(token, name, messages=history))
    # The echo it holds is started and ended again, its text not sent twice.
    held = {"type": "TEXT_MESSAGE_CONTENT", "messageId": echo["messageId"]}
    assert again == [e for e in first if {k: e.get(k) for k in held} != held]
    assert (await sync_to_async(_stored)(acme_context, _thread_of(acme_context, name)))[0] == 1


async def test_the_input_that_showed_a_form_gets_the_form_again_not_a_refusal(acme_context):
    token = await _token(acme_context)
    name = f"form-{uuid.uuid4().hex[:6]}"
    ask = _ask("I want to book a flight to Beijing")
    shown = await _stream(await _post(token, name, messages=ask))
    assert shown[-1]["outcome"]["type"] == "interrupt"
    assert await _stream(await _post(token, name, messages=ask)) == shown
    assert (await sync_to_async(_stored)(acme_context, _thread_of(acme_context, name)))[0] == 1


async def test_a_new_text_under_a_used_id_is_a_new_question(acme_context):
    token = await _token(acme_context)
    name = f"ids-{uuid.uuid4().hex[:6]}"
    await _stream(await _post(token, name, messages=_ask(QUESTION, "m1")))
    second = await _stream(await _post(token, name, messages=_ask("How many departments?", "m1")))
    assert second[-1]["type"] == "RUN_FINISHED"
    assert (await sync_to_async(_stored)(acme_context, _thread_of(acme_context, name)))[0] == 2


def _held(*messages) -> replays.Held:
    run_input = RunAgentInput(
        thread_id="t",
        run_id="r",
        state={},
        tools=[],
        context=[],
        forwarded_props={},
        messages=list(messages),
    )
    return replays.held_by_client(run_input)


def test_a_replay_sends_only_what_the_client_does_not_hold():
    """The official client appends every delta it is sent to the message it holds."""
    trim = replays.ReplayTrim(
        _held(
            {"id": "a1", "role": "assistant", "content": "Forty-two emp"},
            {"id": "a2", "role": "assistant", "content": "edited by the person"},
            {
                "id": "a3",
                "role": "assistant",
                "toolCalls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "run_sql", "arguments": '{"sq'},
                    }
                ],
            },
            {"id": "t1", "role": "tool", "toolCallId": "c1", "content": "3 rows"},
        )
    )

    def text(message_id, delta):
        return trim({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": delta})

    start = {"type": "TEXT_MESSAGE_START", "messageId": "a1", "role": "assistant"}
    assert trim(start) == start  # its event checks want the start around any content
    assert text("a1", "Forty") is None  # held already
    assert text("a1", "-two employees")["delta"] == "loyees"
    assert text("a1", ".")["delta"] == "."
    assert text("a2", "The answer") is None  # the client's own version stands
    assert text("new", "Hello")["delta"] == "Hello"
    args = trim({"type": "TOOL_CALL_ARGS", "toolCallId": "c1", "delta": '{"sql": "SELECT 1"}'})
    assert args["delta"] == 'l": "SELECT 1"}'
    result = {"type": "TOOL_CALL_RESULT", "messageId": "t1", "toolCallId": "c1", "content": "x"}
    assert trim(result) is None
    assert trim({**result, "messageId": "t2"}) is not None


def _queue(context, thread_id, message_id: str):
    message = UserText(type="message", text=QUESTION)
    return runtime.run_start_background(
        context=context, thread_id=thread_id, message=message, message_id=message_id
    )


def _work(context, job_id, thread_id, message_id: str) -> None:
    """What a worker does with the queued job: run it, then mark it done."""
    message = UserText(type="message", text=QUESTION)
    runtime.run_execute(
        context=context, thread_id=thread_id, message=message, message_id=message_id
    )
    DBTaskResult.objects.filter(pk=job_id).delete()


async def test_a_retry_while_the_run_is_queued_follows_it(acme_context, monkeypatch):
    monkeypatch.setenv("TESSERA_TASK_RUNNER", "workers")  # the job waits for a worker
    token = await _token(acme_context)
    name, ask = f"queued-{uuid.uuid4().hex[:6]}", _ask()
    thread_id = await sync_to_async(agui._thread)(acme_context, name)
    job = await sync_to_async(_queue)(acme_context, thread_id, ask[0]["id"])
    try:
        response = await _post(token, name, messages=ask)
        assert response.status_code == 200, response.content  # not THREAD_BUSY
        following = asyncio.ensure_future(_stream(response))
        await sync_to_async(_work)(acme_context, job, thread_id, ask[0]["id"])
        events = await asyncio.wait_for(following, 30)
    finally:
        await sync_to_async(DBTaskResult.objects.filter(pk=job).delete)()
    assert events[0]["type"] == "RUN_STARTED" and events[-1]["type"] == "RUN_FINISHED"
    assert events[0]["threadId"] == name
    assert (await sync_to_async(_stored)(acme_context, thread_id))[0] == 1


async def test_a_retry_after_a_failed_run_runs_the_question_again(acme_context, monkeypatch):
    """A run that ended in RUN_ERROR answered nothing; the official client keeps the message
    and its retry sends the same input: it gets a new run (the error replayed made every
    retry fail the same way), and a retry after that one is answered from the new run."""
    real = runtime.build_provider
    failures = ["the model endpoint is down"]

    def flaky():
        if failures:
            raise RuntimeError(failures.pop())
        return real()

    monkeypatch.setattr(runtime, "build_provider", flaky)
    token = await _token(acme_context)
    name, ask = f"failed-{uuid.uuid4().hex[:6]}", _ask()
    failed = await _stream(await _post(token, name, messages=ask))
    assert (
        failed[-1]["type"] == "RUN_ERROR" and "the model endpoint is down" in failed[-1]["message"]
    )

    retried = await _stream(await _post(token, name, messages=ask))
    assert retried[-1]["type"] == "RUN_FINISHED"
    assert retried[0]["metadata"]["tesseraRunId"] != failed[0]["metadata"]["tesseraRunId"]
    assert retried[0]["seq"] > failed[-1]["seq"]
    again = await _stream(await _post(token, name, messages=ask))
    assert again == retried
    thread_id = _thread_of(acme_context, name)
    assert (await sync_to_async(_stored)(acme_context, thread_id))[0] == 2
    # the model's history holds the question once, answered (not once unanswered before it)
    history = await sync_to_async(services.thread_history)(
        context=acme_context, thread_id=thread_id
    )
    assert [m.text for m in history if m.role == "user"] == [QUESTION]
