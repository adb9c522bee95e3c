"""Hostile request bodies on the agent's JSON endpoints (AG-UI's binding and Tessera's own
message SSE): JSON nested past what a parser can follow, a NUL character in a string (which
PostgreSQL cannot store: the insert failed inside the request, a 500) and bodies over
Django's size limit.
Each gets a JSON refusal with a 4xx status that says what is wrong — never a 500 or an HTML
error page — and nothing is stored."""

import json
import uuid

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import AsyncClient

from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.agent import services
from apps.agent.models import Run, Thread

pytestmark = [pytest.mark.usefixtures("committed_db")]

DEEP_ARRAY = b"[" * 100_000 + b"]" * 100_000
DEEP_INPUT = (
    b'{"threadId": "t", "runId": "r", "messages": [], "state": '
    + b'{"a": ' * 50_000
    + b"1"
    + b"}" * 50_000
    + b"}"
)


NUL_TEXT = json.dumps(
    {
        "threadId": "nul",
        "runId": "r",
        "messages": [{"id": "m", "role": "user", "content": "hi\x00"}],
    }
).encode()
NUL_KEY = b'{"threadId": "nul", "runId": "r", "messages": [], "state": {"k\\u0000": 1}}'


def _oversized() -> bytes:
    text = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    return json.dumps(
        {
            "threadId": "big",
            "runId": "r",
            "messages": [{"id": "m", "role": "user", "content": text}],
        }
    ).encode()


def _token(context) -> str:
    return accounts.token_create(context=context, name=f"probe-{uuid.uuid4().hex[:8]}")[1]


def _counts(context) -> tuple[int, int]:
    with bound(context):
        return Thread.objects.count(), Run.objects.count()


async def _post(path: str, token: str, body: bytes):
    return await AsyncClient().post(
        path, body, content_type="application/json", headers={"Authorization": f"Bearer {token}"}
    )


@pytest.mark.parametrize(
    ("body", "status", "code", "said"),
    [
        (DEEP_ARRAY, 400, "INVALID_MESSAGE", "depth"),
        (DEEP_INPUT, 400, "INVALID_MESSAGE", "depth"),
        (NUL_TEXT, 400, "INVALID_MESSAGE", "NUL character"),
        (NUL_KEY, 400, "INVALID_MESSAGE", "NUL character"),
        (_oversized(), 413, "TOO_LARGE", "larger than"),
    ],
    ids=["deep-array", "deep-state", "nul-in-text", "nul-in-key", "oversized"],
)
async def test_the_ag_ui_binding_refuses_hostile_bodies_in_json(
    acme_context, body, status, code, said
):
    token = await sync_to_async(_token)(acme_context)
    before = await sync_to_async(_counts)(acme_context)
    response = await _post("/api/ag-ui/", token, body)
    assert response.status_code == status, response.content[:300]
    refusal = response.json()
    assert refusal["type"] == "REQUEST_REFUSED" and refusal["code"] == code
    assert said in refusal["message"]
    assert await sync_to_async(_counts)(acme_context) == before


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        (DEEP_ARRAY, 400, "depth"),
        (b'{"text": "hi\\u0000"}', 400, "NUL character"),
        (_oversized(), 413, "larger than"),
    ],
    ids=["deep-array", "nul", "oversized"],
)
async def test_the_message_stream_refuses_hostile_bodies_in_json(acme_context, body, status, said):
    token = await sync_to_async(_token)(acme_context)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    before = await sync_to_async(_counts)(acme_context)
    response = await _post(f"/api/threads/{thread.id}/messages", token, body)
    assert response.status_code == status, response.content[:300]
    assert said in json.dumps(response.json())
    assert await sync_to_async(_counts)(acme_context) == before
