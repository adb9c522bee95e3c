"""A form answered with a `tool` message, as a client that predates AG-UI's interrupts answers
a tool call: the newest message is the result of the form's show_form call (the interrupt's
`toolCallId`), its content the A2UI action. A tool result for another call is refused while
the form waits, and one sent when no form waits (stale) is refused too — before, the input
fell through to the older user message before it, and that question ran again (asking its
form a second time)."""

import json
import re
import uuid
from datetime import date

import pytest
from asgiref.sync import sync_to_async

from tests.probe.test_http_bodies import _counts, _post, _token

pytestmark = [pytest.mark.usefixtures("committed_db")]

QUESTION = "How many active employees are there in each department?"
FOLLOW_UP = "And the average salary?"


def _events(streamed: bytes) -> list[dict]:
    return [
        json.loads(line[6:]) for line in streamed.decode().splitlines() if line.startswith("data: ")
    ]


def _input(thread_id: str, messages: list[dict]) -> bytes:
    return json.dumps({"threadId": thread_id, "runId": "r", "messages": messages}).encode()


def _user(text: str) -> dict:
    return {"id": uuid.uuid4().hex, "role": "user", "content": text}


def _tool(tool_call_id: str, content: str) -> dict:
    return {"id": uuid.uuid4().hex, "role": "tool", "toolCallId": tool_call_id, "content": content}


async def _run(token: str, thread_id: str, messages: list[dict]) -> list[dict]:
    response = await _post("/api/ag-ui/", token, _input(thread_id, messages))
    assert response.status_code == 200, response.content[:300]
    return _events(b"".join([chunk async for chunk in response.streaming_content]))


def _answer_to(events: list[dict]) -> dict:
    """What the form's submit button sends: its action, the form's values, a period."""
    [activity] = [e for e in events if e["type"] == "ACTIVITY_SNAPSHOT"]
    operations = activity["content"]["a2ui_operations"]
    data = next(m["updateDataModel"]["value"] for m in operations if "updateDataModel" in m)
    year = date.today().year - 1
    context = {**data.get("params", {}), "period": ["custom"]}
    context |= {"start": f"{year}-01-01", "end": f"{year}-12-31"}
    name = re.search(r'"name": ?"([a-z_]+\.submit)"', json.dumps(operations)).group(1)
    return {"name": name, "sourceComponentId": "submit", "context": context}


@pytest.fixture
async def waiting_form(acme_context):
    """A thread waiting on the follow-up's period form: (token, threadId, history, interrupt,
    the form's answer)."""
    token = await sync_to_async(_token)(acme_context)
    thread_id = f"tool-answer-{uuid.uuid4().hex}"
    history = [_user(QUESTION)]
    await _run(token, thread_id, history)
    history.append(_user(FOLLOW_UP))
    asked = await _run(token, thread_id, history)
    [interrupt] = asked[-1]["outcome"]["interrupts"]
    assert interrupt["toolCallId"]
    return token, thread_id, history, interrupt, _answer_to(asked)


async def _refused(acme_context, token, thread_id, messages, status, code) -> str:
    before = await sync_to_async(_counts)(acme_context)
    response = await _post("/api/ag-ui/", token, _input(thread_id, messages))
    assert response.status_code == status, response.content[:300]
    refusal = response.json()
    assert refusal["type"] == "REQUEST_REFUSED" and refusal["code"] == code, refusal
    assert await sync_to_async(_counts)(acme_context) == before
    return refusal["message"]


async def test_the_tool_result_of_the_forms_call_answers_it(waiting_form):
    token, thread_id, history, interrupt, answer = waiting_form
    events = await _run(
        token, thread_id, [*history, _tool(interrupt["toolCallId"], json.dumps(answer))]
    )
    texts = [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0].startswith("Submitted:")
    assert any(text.startswith("Average salary, 1 Jan") for text in texts)
    assert events[-1]["outcome"] == {"type": "success"}


async def test_a_tool_result_for_another_call_is_refused_while_the_form_waits(
    acme_context, waiting_form
):
    token, thread_id, history, interrupt, answer = waiting_form
    messages = [*history, _tool("call_not_the_form", json.dumps(answer))]
    said = await _refused(acme_context, token, thread_id, messages, 409, "INTERRUPT_PENDING")
    assert "call_not_the_form" in said and interrupt["toolCallId"] in said
    # The form still waits: its own call's result goes through.
    right = [*history, _tool(interrupt["toolCallId"], json.dumps(answer))]
    assert (await _run(token, thread_id, right))[-1]["outcome"] == {"type": "success"}


async def test_a_tool_result_that_is_not_an_action_is_refused(acme_context, waiting_form):
    token, thread_id, history, interrupt, _answer = waiting_form
    for content in ("the user picked last year", json.dumps({"context": {}})):
        messages = [*history, _tool(interrupt["toolCallId"], content)]
        said = await _refused(acme_context, token, thread_id, messages, 400, "INVALID_MESSAGE")
        assert interrupt["id"] in said


async def test_a_stale_tool_result_does_not_run_the_older_question_again(
    acme_context, waiting_form
):
    token, thread_id, history, interrupt, answer = waiting_form
    answered = [*history, _tool(interrupt["toolCallId"], json.dumps(answer))]
    await _run(token, thread_id, answered)
    said = await _refused(acme_context, token, thread_id, answered, 400, "UNKNOWN_INTERRUPT")
    assert interrupt["toolCallId"] in said and "waits on no form" in said
    # A history that ends with a front end's own tool result is no turn either.
    foreign = [*answered, _tool("call-confetti", "confetti shown")]
    await _refused(acme_context, token, thread_id, foreign, 400, "UNKNOWN_INTERRUPT")
    # A new question after it is a turn as always.
    events = await _run(token, thread_id, [*foreign, _user("and only Sales")])
    assert events[-1]["outcome"] == {"type": "success"}
