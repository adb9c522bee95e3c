"""AG-UI's HTTP binding (`POST /api/ag-ui/`) in-process: curl's form-encoded JSON body, the
thread named by the client's threadId, refusals that start no run, interrupts for forms and
their answers, and Bearer tokens (valid, revoked, expired, on sockets too)."""

import asyncio
import json
import uuid
from datetime import timedelta

import pytest
from ag_ui.core import Event
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import AsyncClient, Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pydantic import TypeAdapter

from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.accounts.models import ApiToken, Membership
from apps.agent import agui, services
from apps.agent.models import Run
from apps.agent.tasks import run_message
from project.asgi import application

pytestmark = [pytest.mark.usefixtures("committed_db")]
EVENT = TypeAdapter(Event)


def _input(thread_id: str, text: str | None = "How many active employees are there?", **extra):
    messages = [{"id": "m1", "role": "user", "content": text}] if text is not None else []
    return {"threadId": thread_id, "runId": "r1", "messages": messages, **extra}


async def _post(token: str, body) -> object:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    # What `curl -d @file` sends: the JSON under a form Content-Type.
    return await AsyncClient().post(
        "/api/ag-ui/",
        raw,
        content_type="application/x-www-form-urlencoded",
        headers={"Authorization": f"Bearer {token}"},
    )


async def _events(response) -> list[dict]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/event-stream"
    text = b"".join([chunk async for chunk in response.streaming_content]).decode()
    events = []
    for block in filter(None, text.split("\n\n")):
        id_line, data_line = block.split("\n")
        event = json.loads(data_line.removeprefix("data: "))
        assert not EVENT.validate_python(event).model_extra
        events.append({**event, "seq": int(id_line.removeprefix("id: "))})
    return events


def _token(context, **kwargs) -> tuple[ApiToken, str]:
    return accounts.token_create(context=context, name=f"t-{uuid.uuid4().hex[:8]}", **kwargs)


def _runs(context, thread_id) -> int:
    with bound(context):
        return Run.objects.filter(thread_id=thread_id).count()


@pytest.mark.asyncio
async def test_a_curl_style_post_streams_a_numbered_run_on_the_clients_thread(acme_context):
    _, token = await sync_to_async(_token)(acme_context)
    client_thread = f"script-{uuid.uuid4().hex[:6]}"
    events = await _events(await _post(token, _input(client_thread)))
    assert events[0]["type"] == "RUN_STARTED" and events[-1]["type"] == "RUN_FINISHED"
    assert events[0]["threadId"] == events[-1]["threadId"] == client_thread
    # The run is named as the input named it; Tessera's own id is the run it stored.
    assert events[0]["runId"] == events[-1]["runId"] == "r1"
    own_run = events[0]["metadata"]["tesseraRunId"]
    assert "parentRunId" not in events[0] and "metadata" not in events[-1]
    assert events[0]["protocolVersion"] == "1.0"
    assert events[-1]["outcome"] == {"type": "success"}
    seqs = [event["seq"] for event in events]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    # The same threadId selects the same thread; its numbering goes on.
    again = await _events(await _post(token, _input(client_thread, "How many departments?")))
    assert again[0]["seq"] == seqs[-1] + 1
    thread_id = agui.named_thread_ids(user_id=acme_context.user_id, name=client_thread)[0]
    assert await sync_to_async(_runs)(acme_context, thread_id) == 2
    assert await sync_to_async(_run_of_thread)(acme_context, own_run) == thread_id


def _run_of_thread(context, run_id):
    with bound(context):
        return Run.objects.get(pk=run_id).thread_id


@pytest.mark.asyncio
async def test_a_nested_run_echoes_its_parent_and_odd_run_ids_are_refused(acme_context):
    _, token = await sync_to_async(_token)(acme_context)
    thread = f"nested-{uuid.uuid4().hex[:6]}"
    body = _input(thread, runId="child-7", parentRunId="parent-3")
    events = await _events(await _post(token, body))
    assert (events[0]["runId"], events[0]["parentRunId"]) == ("child-7", "parent-3")
    assert events[-1]["runId"] == "child-7"
    # Ids that are echoed into every client's view of the run: no blank, invisible, reordering
    # or overlong names; nothing runs.
    for field, value in [
        ("runId", ""),
        ("runId", "\u200b"),
        ("runId", "r\u202eevil"),
        ("runId", "r\n1"),
        ("parentRunId", "p" * 201),
    ]:
        response = await _post(token, _input(thread, "How many departments?", **{field: value}))
        assert response.status_code == 400, (field, value)
        assert response.json()["errors"][0]["loc"] == [field]
    thread_id = agui.named_thread_ids(user_id=acme_context.user_id, name=thread)[0]
    assert await sync_to_async(_runs)(acme_context, thread_id) == 1


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "JSON object"),
        ({"threadId": "x", "runId": "r"}, "not a valid AG-UI RunAgentInput"),
        (_input("x", None), "no user message"),
        (_input("x", "   "), "no user message"),
        (_input("x", "y" * 4001), "longer than 4000"),
    ],
)
async def test_inputs_that_start_no_run_are_refused_with_their_own_type(
    acme_context, body, fragment
):
    _, token = await sync_to_async(_token)(acme_context)
    response = await _post(token, body)
    assert response.status_code == 400
    refusal = response.json()
    assert refusal["type"] == "REQUEST_REFUSED" and refusal["code"] == "INVALID_MESSAGE"
    assert fragment in refusal["message"]


def _interrupted(events) -> dict:
    outcome = events[-1]["outcome"]
    assert outcome["type"] == "interrupt"
    [interrupt] = outcome["interrupts"]
    return interrupt


FLIGHT_ANSWER = {
    "name": "flight_booking.submit",
    "sourceComponentId": "submit",
    "context": {
        "origin": "Lisbon",
        "destination": "Beijing",
        "tripType": ["oneWay"],
        "departureDate": (timezone.now().date() + timedelta(days=30)).isoformat(),
    },
}


@pytest.mark.asyncio
async def test_a_form_interrupts_the_run_and_only_an_answer_or_a_cancel_moves_on(acme_context):
    _, token = await sync_to_async(_token)(acme_context)
    thread = str(uuid.uuid4())
    shown = await _events(await _post(token, _input(thread, "I want to book a flight to Beijing")))
    interrupt = _interrupted(shown)
    [activity] = [e for e in shown if e["type"] == "ACTIVITY_SNAPSHOT"]
    assert interrupt["id"] == f"a2ui:{activity['content']['surfaceId']}"
    # A new question while the form waits: refused, no run.
    waiting = await _post(token, _input(thread, "How many departments?"))
    assert waiting.status_code == 409 and waiting.json()["code"] == "INTERRUPT_PENDING"
    wrong = await _post(
        token, _input(thread, resume=[{"interruptId": "a2ui:nope", "status": "resolved"}])
    )
    assert wrong.status_code == 409 and "nope" in wrong.json()["message"]
    bad_answer = await _post(
        token,
        _input(
            thread, resume=[{"interruptId": interrupt["id"], "status": "resolved", "payload": 7}]
        ),
    )
    assert bad_answer.status_code == 400 and "A2UI action" in bad_answer.json()["message"]
    assert await sync_to_async(_runs)(acme_context, uuid.UUID(thread)) == 1
    # The answer, through resume: the run continues from the form.
    answered = await _events(
        await _post(
            token,
            _input(
                thread,
                resume=[
                    {"interruptId": interrupt["id"], "status": "resolved", "payload": FLIGHT_ANSWER}
                ],
            ),
        )
    )
    texts = [e["delta"] for e in answered if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0].startswith("Submitted:") and "Lisbon" in texts[0]
    assert answered[-1]["outcome"] == {"type": "success"}


@pytest.mark.asyncio
async def test_a_cancelled_form_lets_the_newest_message_run(acme_context):
    _, token = await sync_to_async(_token)(acme_context)
    thread = str(uuid.uuid4())
    interrupt = _interrupted(
        await _events(await _post(token, _input(thread, "I want to book a flight to Paris")))
    )
    cancelled = _input(
        thread,
        "How many active employees are there?",
        resume=[{"interruptId": interrupt["id"], "status": "cancelled"}],
    )
    events = await _events(await _post(token, cancelled))
    texts = [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0] == "How many active employees are there?"


@pytest.mark.asyncio
async def test_the_a2ui_middleware_convention_answers_a_form_too(acme_context):
    _, token = await sync_to_async(_token)(acme_context)
    thread = str(uuid.uuid4())
    interrupt = _interrupted(
        await _events(await _post(token, _input(thread, "I want to book a flight to Rome")))
    )
    surface_id = interrupt["metadata"]["a2ui"]["surfaceId"]
    action = {"userAction": {**FLIGHT_ANSWER, "surfaceId": surface_id}}
    events = await _events(
        await _post(token, _input(thread, forwardedProps={"a2uiAction": action}))
    )
    texts = [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0].startswith("Submitted:")
    unknown = {"userAction": {**FLIGHT_ANSWER, "surfaceId": "flight-00000000"}}
    refused = await _post(token, _input(thread, forwardedProps={"a2uiAction": unknown}))
    assert refused.status_code == 400 and refused.json()["code"] == "UNKNOWN_SURFACE"


@pytest.mark.asyncio
async def test_another_persons_thread_id_is_refused(acme_context, globex_context):
    _, ana = await sync_to_async(_token)(acme_context)
    _, gus = await sync_to_async(_token)(globex_context)
    thread = str(uuid.uuid4())
    await _events(await _post(ana, _input(thread)))
    refused = await _post(gus, _input(thread))
    assert refused.status_code == 404 and refused.json()["code"] == "UNKNOWN_THREAD"


def _expire(context, row):
    with bound(context):
        ApiToken.objects.filter(pk=row.pk).update(expires_at=timezone.now() - timedelta(minutes=1))


def _set_role(context, role):
    with bound(context):
        assert Membership.objects.filter(user_id=context.user_id).update(role=role) == 1


@pytest.mark.asyncio
async def test_unusable_tokens_get_401_with_the_reason(acme_context, hr_context):
    revoked, revoked_token = await sync_to_async(_token)(acme_context)
    await sync_to_async(accounts.token_revoke)(context=acme_context, token_id=revoked.id)
    expired, expired_token = await sync_to_async(_token)(acme_context, expires_days=1)
    await sync_to_async(_expire)(acme_context, expired)
    moved, moved_token = await sync_to_async(_token)(hr_context)
    await sync_to_async(_set_role)(hr_context, "viewer")
    try:
        for token, fragment in [
            (revoked_token, "was revoked"),
            (expired_token, "expired on"),
            (moved_token, "membership has changed"),
            ("tsr_aaaaaaaa_" + "b" * 43, "not valid"),
            (revoked_token[:-1] + "x", "not valid"),
        ]:
            response = await _post(token, _input("t"))
            assert response.status_code == 401, fragment
            assert fragment in response.json()["message"]
            assert response["WWW-Authenticate"].startswith("Bearer")
    finally:
        await sync_to_async(_set_role)(hr_context, "hr_manager")
    empty = await AsyncClient().post(
        "/api/ag-ui/", b"{}", content_type="text/plain", headers={"Authorization": "Bearer "}
    )
    assert empty.status_code == 401
    anonymous = await AsyncClient().post("/api/ag-ui/", b"{}", content_type="application/json")
    assert anonymous.status_code == 401 and "API token" in anonymous.json()["message"]


def test_a_session_needs_csrf_and_a_token_does_not(acme_context):
    _, token = _token(acme_context)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(get_user_model().objects.get(username="ana"))
    refused = browser.post("/api/threads")
    # A script reads why, in the API's refusal shape, not Django's HTML page.
    assert refused.status_code == 403 and refused["Content-Type"] == "application/json"
    assert refused.json()["code"] == "CSRF_FAILED" and "X-CSRFToken" in refused.json()["message"]
    # A page keeps Django's own page.
    page = browser.post("/login/")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")
    script = Client(enforce_csrf_checks=True)
    created = script.post("/api/threads", headers={"Authorization": f"Bearer {token}"})
    assert created.status_code == 201
    with bound(acme_context):
        assert (
            services.thread_history(context=acme_context, thread_id=created.json()["thread_id"])
            == []
        )


def _busy(context, thread_id):
    """A run of the thread still queued (no runner takes it in workers mode)."""
    return run_message.enqueue(
        tenant_id=context.tenant_id,
        user_id=context.user_id,
        thread_id=str(thread_id),
        message={"type": "message", "text": "first"},
    )


@pytest.mark.asyncio
async def test_a_second_message_while_the_thread_answers_is_refused_or_waits(
    acme_context, monkeypatch
):
    monkeypatch.setenv("TESSERA_TASK_RUNNER", "workers")
    _, token = await sync_to_async(_token)(acme_context)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    queued = await sync_to_async(_busy)(acme_context, thread.id)
    try:
        over_http = await _post(token, _input(str(thread.id)))
        assert over_http.status_code == 409
        assert over_http.json()["code"] == "THREAD_BUSY"
        socket = WebsocketCommunicator(
            application,
            f"/ws/threads/{thread.id}/",
            headers=[(b"authorization", f"Bearer {token}".encode())],
        )
        assert (await socket.connect())[0]
        # On the socket the message waits for the running answer; a third one meanwhile is
        # refused (one waits at a time).
        await socket.send_json_to({"type": "message", "text": "second"})
        assert await socket.receive_nothing(timeout=0.6)
        await socket.send_json_to({"type": "message", "text": "third"})
        reply = await socket.receive_json_from(timeout=5)
        assert reply["type"] == "REQUEST_REFUSED" and reply["code"] == "THREAD_BUSY"
        assert "still answering" in reply["message"]
        assert await sync_to_async(_queued)(thread.id) == [uuid.UUID(str(queued.id))]
        # The first run ends: the waiting message is queued, in order, and nothing is lost.
        await sync_to_async(DBTaskResult.objects.filter(pk=queued.id).delete)()
        for _ in range(40):
            if len(await sync_to_async(_queued)(thread.id)) == 1:
                break
            await asyncio.sleep(0.1)
        [second] = await sync_to_async(_queued)(thread.id)
        assert str(second) != str(queued.id)
        await socket.disconnect()
    finally:
        await sync_to_async(_clear)(thread.id)


def _queued(thread_id) -> list:
    return list(
        DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread_id)).values_list(
            "id", flat=True
        )
    )


def _clear(thread_id) -> None:
    DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread_id)).delete()


@pytest.mark.asyncio
async def test_sockets_take_bearer_tokens_without_an_origin(acme_context):
    row, token = await sync_to_async(_token)(acme_context)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    path = f"/ws/threads/{thread.id}/"
    with_token = WebsocketCommunicator(
        application, path, headers=[(b"authorization", f"Bearer {token}".encode())]
    )
    assert (await with_token.connect())[0]
    await with_token.disconnect()
    no_origin = WebsocketCommunicator(application, path)
    assert not (await no_origin.connect())[0]
    await sync_to_async(accounts.token_revoke)(context=acme_context, token_id=row.id)
    revoked = WebsocketCommunicator(
        application, path, headers=[(b"authorization", f"Bearer {token}".encode())]
    )
    connected, code = await revoked.connect()
    assert not connected and code == 4401
