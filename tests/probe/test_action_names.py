"""An answer to a form must be an action one of its buttons sends. A hand-made action on a real
surface (`"__proto__"`, a name no button has) used to be accepted: it consumed the form's
interrupt and ran as the person's answer. It is refused (400 UNKNOWN_ACTION, saying which
actions the form has), the form keeps waiting, and its real answer still goes through."""

import json
import uuid
from datetime import date, timedelta

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient

from apps.a2ui.actions import action_names
from apps.a2ui.forms import FLIGHT_SUBMIT_ACTION, flight_booking_form
from apps.a2ui.translate import messages_for_version
from apps.accounts import services as accounts

pytestmark = [pytest.mark.usefixtures("committed_db")]


def test_the_names_are_those_of_the_buttons_in_either_version():
    messages = flight_booking_form(surface_id="f1", destination="Beijing")
    assert action_names(messages) == {FLIGHT_SUBMIT_ACTION}
    assert action_names(messages_for_version(messages, "v1.0")) == {FLIGHT_SUBMIT_ACTION}
    assert action_names([{"version": "v0.9", "deleteSurface": {"surfaceId": "f1"}}]) == set()


async def _post(token: str, thread: str, **extra):
    body = {"threadId": thread, "runId": uuid.uuid4().hex, "messages": [], **extra}
    return await AsyncClient().post(
        "/api/ag-ui/",
        json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )


async def _events(response) -> list[dict]:
    assert response.status_code == 200, response.content
    text = b"".join([chunk async for chunk in response.streaming_content]).decode()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def _answer(interrupt_id: str, name: str) -> list[dict]:
    departure = (date.today() + timedelta(days=30)).isoformat()
    context = {"origin": "Lisbon", "destination": "Beijing", "tripType": ["oneWay"]}
    payload = {"name": name, "sourceComponentId": "submit", "context": context}
    payload["context"]["departureDate"] = departure
    return [{"interruptId": interrupt_id, "status": "resolved", "payload": payload}]


async def waiting_flight_form(context) -> tuple[str, str, dict]:
    """A token, a thread whose flight form waits for its answer, and the form's interrupt."""
    name = f"probe-{uuid.uuid4().hex[:8]}"
    token = (await sync_to_async(accounts.token_create)(context=context, name=name))[1]
    thread = uuid.uuid4().hex
    ask = [{"id": "m1", "role": "user", "content": "I want to book a flight to Beijing"}]
    shown = await _events(await _post(token, thread, messages=ask))
    [interrupt] = shown[-1]["outcome"]["interrupts"]
    return token, thread, interrupt


async def test_an_action_no_button_sends_is_refused_and_the_form_keeps_waiting(acme_context):
    token, thread, interrupt = await waiting_flight_form(acme_context)
    for name in ("__proto__", "constructor", "flight_booking.cancel", ""):
        refused = await _post(token, thread, resume=_answer(interrupt["id"], name))
        assert refused.status_code == 400, (name, refused.content)
        body = refused.json()
        if name:  # an empty name is not an action at all (the message parser says so)
            assert body["code"] == "UNKNOWN_ACTION"
            assert f"its buttons send {FLIGHT_SUBMIT_ACTION}" in body["message"]
    answered = await _events(
        await _post(token, thread, resume=_answer(interrupt["id"], FLIGHT_SUBMIT_ACTION))
    )
    assert answered[-1]["type"] == "RUN_FINISHED"
    assert answered[-1]["outcome"] == {"type": "success"}
