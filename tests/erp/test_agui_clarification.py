"""The clarification that survives a refused turn, through AG-UI's HTTP binding: the person
puts the form aside (resume "cancelled") to say something the planner refuses, the refusal
reminds them of the question, the answer typed next completes it, and the form submitted after
that (the A2UI middleware's a2uiAction) does not run again."""

import uuid

import pytest
from asgiref.sync import sync_to_async

from apps.erp.planner.forms import FORM_ACTION
from tests.agent.test_agui_binding import _events, _input, _interrupted, _post, _token

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _answered(events) -> list[dict]:
    return [e["value"] for e in events if e["type"] == "CUSTOM" and e["name"] == "form_answered"]


def _texts(events) -> str:
    return "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")


@pytest.mark.asyncio
async def test_a_refused_turn_keeps_the_question_and_the_answered_form_does_not_run(
    acme_context,
):
    _, token = await sync_to_async(_token)(acme_context)
    thread = str(uuid.uuid4())
    interrupt = _interrupted(
        await _events(await _post(token, _input(thread, "what was the average salary?")))
    )
    put_aside = [{"interruptId": interrupt["id"], "status": "cancelled"}]
    refused = await _events(await _post(token, _input(thread, "tell me a joke", resume=put_aside)))
    assert "still waiting for the answer to" in _texts(refused)
    assert refused[-1]["outcome"] == {"type": "success"}
    answered = await _events(await _post(token, _input(thread, "2025")))
    assert "Average salary, 2025" in _texts(answered)
    surface_id = interrupt["metadata"]["a2ui"]["surfaceId"]
    # The typed answer is the form's: the stream says the form is answered, and by what.
    assert _answered(answered) == [{"surfaceId": surface_id, "by": "typed", "answer": "2025"}]
    action = {
        "userAction": {
            "name": FORM_ACTION,
            "surfaceId": surface_id,
            "sourceComponentId": "submit",
            "context": {"question": "what was the average salary?", "period": ["this_year"]},
        }
    }
    again = await _events(await _post(token, _input(thread, forwardedProps={"a2uiAction": action})))
    assert "already answered" in _texts(again)
    assert _answered(again) == []  # answered once: the late submission changes nothing
    assert not [
        e for e in again if e["type"] == "TOOL_CALL_START" and e.get("toolCallName") == "run_sql"
    ]


@pytest.mark.asyncio
async def test_a_form_answered_through_resume_says_what_was_chosen(acme_context):
    _, token = await sync_to_async(_token)(acme_context)
    thread = str(uuid.uuid4())
    interrupt = _interrupted(
        await _events(await _post(token, _input(thread, "what was the average salary?")))
    )
    payload = {
        "name": FORM_ACTION,
        "sourceComponentId": "submit",
        "context": {"question": "what was the average salary?", "period": ["last_year"]},
    }
    resume = [{"interruptId": interrupt["id"], "status": "resolved", "payload": payload}]
    answered = await _events(await _post(token, _input(thread, None, resume=resume)))
    surface_id = interrupt["metadata"]["a2ui"]["surfaceId"]
    # The option's label, not its value; the question the form carries is no choice.
    assert _answered(answered) == [
        {
            "surfaceId": surface_id,
            "by": "submit",
            "answer": "Period: Last year",
            # what the submission wrote, by path: the page checks the option again on reload
            "values": {"/params/period": ["last_year"]},
        }
    ]
