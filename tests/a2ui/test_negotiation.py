"""The agent emits the A2UI version the client declared it renders (a2uiClientCapabilities /
a2uiRendererCapabilities, keyed by version), on the AG-UI HTTP binding (forwardedProps) and on
the thread socket (a message's metadata); a client that declares nothing gets v0.9."""

import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django_tasks_db.models import DBTaskResult

from apps.a2ui.catalog import BASIC_CATALOG_ID_V1, CATALOG_ID, CATALOG_ID_V1
from apps.a2ui.negotiation import version_for
from apps.a2ui.validator import surface_validate
from apps.agent import events, services
from apps.agent.tasks import run_message
from project.asgi import application
from tests.agent.test_agui_binding import FLIGHT_ANSWER, _events, _input, _interrupted, _post
from tests.agent.test_agui_binding import _token as token_for

V1 = {"a2uiRendererCapabilities": {"v1.0": {"supportedCatalogIds": [CATALOG_ID_V1]}}}


@pytest.mark.parametrize(
    ("metadata", "version"),
    [
        (None, "v0.9"),
        ({}, "v0.9"),
        (V1, "v1.0"),
        ({"a2uiClientCapabilities": {"v0.9": {"supportedCatalogIds": [CATALOG_ID]}}}, "v0.9"),
        ({"a2uiClientCapabilities": {"v0.9.1": {"supportedCatalogIds": [CATALOG_ID]}}}, "v0.9.1"),
        # Both versions declared: the newest Tessera speaks wins, whichever key holds it.
        (
            {
                "a2uiClientCapabilities": {"v0.9": {"supportedCatalogIds": [CATALOG_ID]}},
                "a2uiRendererCapabilities": {"v1.0": {"supportedCatalogIds": [CATALOG_ID_V1]}},
            },
            "v1.0",
        ),
        # v1.0 without Tessera's catalog cannot show Tessera's forms: the default stays.
        (
            {"a2uiRendererCapabilities": {"v1.0": {"supportedCatalogIds": [BASIC_CATALOG_ID_V1]}}},
            "v0.9",
        ),
        ({"a2uiRendererCapabilities": {"v2.0": {"supportedCatalogIds": [CATALOG_ID_V1]}}}, "v0.9"),
        # v0.8's unkeyed shape names no version.
        ({"a2uiClientCapabilities": {"supportedCatalogIds": [CATALOG_ID]}}, "v0.9"),
    ],
)
def test_the_version_is_the_newest_the_client_renders_tesseras_catalog_in(metadata, version):
    assert version_for(metadata) == version


def _operations(events_) -> list[dict]:
    [activity] = [e for e in events_ if e["type"] == "ACTIVITY_SNAPSHOT"]
    return activity["content"]["a2ui_operations"]


@pytest.mark.asyncio
@pytest.mark.usefixtures("committed_db")
async def test_an_agui_client_that_declares_v1_gets_v1_forms_and_answers_in_v1(acme_context):
    _, token = await sync_to_async(token_for)(acme_context)
    thread = str(uuid.uuid4())
    shown = await _events(
        await _post(token, _input(thread, "I want to book a flight to Beijing", forwardedProps=V1))
    )
    operations = _operations(shown)
    assert {op["version"] for op in operations} == {"v1.0"}
    create = operations[0]["createSurface"]
    assert create["catalogId"] == CATALOG_ID_V1
    # v1.0's way: the first components and data model travel with createSurface.
    assert {c["id"] for c in create["components"]} >= {"root", "origin", "destination"}
    assert all(c["id"].isidentifier() for c in create["components"])
    assert "dataModel" in create
    assert surface_validate(operations, strict=True) == []
    interrupt = _interrupted(shown)
    answer = {**FLIGHT_ANSWER, "userMessage": "Book it"}
    resumed = _input(
        thread,
        resume=[{"interruptId": interrupt["id"], "status": "resolved", "payload": answer}],
        forwardedProps=V1,
    )
    texts = [e["delta"] for e in await _events(await _post(token, resumed)) if "delta" in e]
    assert texts[0].startswith("Submitted:") and "Lisbon" in texts[0]


@pytest.mark.asyncio
@pytest.mark.usefixtures("committed_db")
async def test_an_agui_client_that_declares_nothing_gets_v0_9(acme_context):
    _, token = await sync_to_async(token_for)(acme_context)
    shown = await _events(
        await _post(token, _input(str(uuid.uuid4()), "I want to book a flight to Beijing"))
    )
    operations = _operations(shown)
    assert {op["version"] for op in operations} == {"v0.9"}
    assert operations[0]["createSurface"]["catalogId"] == CATALOG_ID


@pytest.mark.asyncio
@pytest.mark.usefixtures("committed_db")
@pytest.mark.parametrize(
    "capabilities",
    [
        {"a2uiRendererCapabilities": ["v1.0"]},
        {"a2uiRendererCapabilities": {"v1.0": {"supportedCatalogIds": "all"}}},
        {"a2uiClientCapabilities": {"v0.9": {"catalogs": []}}},
    ],
)
async def test_malformed_capabilities_are_refused_before_any_run(acme_context, capabilities):
    _, token = await sync_to_async(token_for)(acme_context)
    response = await _post(token, _input(str(uuid.uuid4()), forwardedProps=capabilities))
    assert response.status_code == 400
    refusal = response.json()
    assert refusal["code"] == "INVALID_MESSAGE"
    assert next(iter(capabilities)) in refusal["message"]


def _queued_message(thread_id) -> dict:
    [row] = DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread_id))
    return row.args_kwargs["kwargs"]


def _run_queued(thread_id) -> None:
    kwargs = _queued_message(thread_id)
    DBTaskResult.objects.filter(args_kwargs__kwargs__thread_id=str(thread_id)).delete()
    run_message.call(**kwargs)


@pytest.mark.asyncio
@pytest.mark.usefixtures("committed_db")
async def test_a_socket_message_that_declares_v1_gets_a_v1_form(acme_context, monkeypatch):
    monkeypatch.setenv("TESSERA_TASK_RUNNER", "workers")  # the test runs the queued job itself
    _, token = await sync_to_async(token_for)(acme_context)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    socket = WebsocketCommunicator(
        application,
        f"/ws/threads/{thread.id}/",
        headers=[(b"authorization", f"Bearer {token}".encode())],
    )
    assert (await socket.connect())[0]
    try:
        text = "I want to book a flight to Beijing"
        await socket.send_json_to({"type": "message", "text": text, "metadata": V1})
        assert await socket.receive_nothing(timeout=0.5)
        queued = await sync_to_async(_queued_message)(thread.id)
        assert version_for(queued["message"]["metadata"]) == "v1.0"  # kept through the queue
        await sync_to_async(_run_queued)(thread.id)
        stored = await sync_to_async(events.events_after)(
            context=acme_context, thread_id=thread.id, after=0
        )
        operations = _operations(stored)
        assert {op["version"] for op in operations} == {"v1.0"}
        assert surface_validate(operations, strict=True) == []
    finally:
        await socket.disconnect()
