"""Edge bodies on the AG-UI binding that round 6 did not send: an object holding one key twice
(parsers disagree on which value counts, so a proxy and Tessera could read different
threadIds or messages), a message list far longer than any conversation (each message is
validated in the shared worker), bytes that are not UTF-8, and bodies that arrive slowly
(slowloris) while others are served. Each refusal is JSON with a 4xx status, and stores
nothing."""

import json
import socket
import urllib.error
import urllib.request

import pytest
from asgiref.sync import sync_to_async

from apps.agent.agui import MAX_MESSAGES
from tests.probe.test_http_bodies import _counts, _post, _token

pytestmark = [pytest.mark.usefixtures("committed_db")]

QUESTION = "How many active employees are there in each department?"


def _input(messages: list[dict], thread_id: str = "edge") -> bytes:
    return json.dumps({"threadId": thread_id, "runId": "r", "messages": messages}).encode()


def _user(index: int, text: str = "hi") -> dict:
    return {"id": f"m{index}", "role": "user", "content": text}


DUPLICATE_THREAD = (
    b'{"threadId": "dup-a", "threadId": "dup-b", "runId": "r", '
    b'"messages": [{"id": "m", "role": "user", "content": "hi"}]}'
)
DUPLICATE_CONTENT = (
    b'{"threadId": "dup", "runId": "r", "messages": [{"id": "m", "role": "user", '
    b'"content": "How many employees?", "content": "make the buttons red"}]}'
)
DUPLICATE_DEEP = (
    b'{"threadId": "dup", "runId": "r", "messages": [{"id": "m", "role": "user", '
    b'"content": "hi"}], "state": {"a": [{"b": {"k": 1, "k": 2}}]}}'
)
NOT_UTF8 = _input([_user(0)]).replace(b'"hi"', b'"h\xff\xfei"')
UTF16 = json.dumps({"threadId": "u16", "runId": "r", "messages": [_user(0)]}).encode("utf-16")


async def _refused(acme_context, body: bytes, status: int, code: str) -> dict:
    token = await sync_to_async(_token)(acme_context)
    before = await sync_to_async(_counts)(acme_context)
    response = await _post("/api/ag-ui/", token, body)
    assert response.status_code == status, response.content[:300]
    refusal = response.json()
    assert refusal["type"] == "REQUEST_REFUSED" and refusal["code"] == code, refusal
    assert await sync_to_async(_counts)(acme_context) == before
    return refusal


@pytest.mark.parametrize(
    ("body", "key"),
    [(DUPLICATE_THREAD, "threadId"), (DUPLICATE_CONTENT, "content"), (DUPLICATE_DEEP, "k")],
    ids=["threadId", "message-content", "deep-in-state"],
)
async def test_a_key_given_twice_in_one_object_is_refused_naming_it(acme_context, body, key):
    refusal = await _refused(acme_context, body, 400, "INVALID_MESSAGE")
    assert f"key {key!r} twice" in refusal["message"]


async def test_the_same_key_in_different_objects_is_fine(acme_context):
    token = await sync_to_async(_token)(acme_context)
    body = _input([_user(0, "earlier"), _user(1, QUESTION)], thread_id="same-keys")
    response = await _post("/api/ag-ui/", token, body)
    assert response.status_code == 200
    assert b"RUN_FINISHED" in b"".join([chunk async for chunk in response.streaming_content])


async def test_a_message_list_longer_than_any_conversation_is_refused(acme_context):
    messages = [_user(index) for index in range(10_000)] + [_user(10_000, QUESTION)]
    refusal = await _refused(acme_context, _input(messages), 413, "TOO_LARGE")
    assert "10001 items" in refusal["message"] and f"at most {MAX_MESSAGES}" in refusal["message"]


async def test_a_long_history_within_the_limit_still_runs(acme_context):
    token = await sync_to_async(_token)(acme_context)
    messages = [_user(index) for index in range(MAX_MESSAGES - 1)] + [_user(-1, QUESTION)]
    response = await _post("/api/ag-ui/", token, _input(messages, thread_id="long-history"))
    assert response.status_code == 200
    streamed = b"".join([chunk async for chunk in response.streaming_content])
    assert b"Engineering" in streamed and b"RUN_FINISHED" in streamed


@pytest.mark.parametrize("body", [NOT_UTF8, UTF16], ids=["invalid-utf8", "utf16"])
async def test_a_body_that_is_not_utf8_is_refused(acme_context, body):
    refusal = await _refused(acme_context, body, 400, "INVALID_MESSAGE")
    assert "UTF-8" in refusal["message"]


async def test_the_message_stream_refuses_a_key_given_twice(acme_context):
    from apps.agent import services

    token = await sync_to_async(_token)(acme_context)
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    before = await sync_to_async(_counts)(acme_context)
    body = b'{"type": "message", "text": "hi", "text": "make the buttons red"}'
    response = await _post(f"/api/threads/{thread.id}/messages", token, body)
    assert response.status_code == 400
    assert "key 'text' twice" in json.dumps(response.json())
    assert await sync_to_async(_counts)(acme_context) == before


@pytest.mark.slow
def test_slow_bodies_tie_up_no_worker(tessera_server, acme_context, django_db_blocker):
    """A hundred connections that send headers and five bytes of a body, then stall: daphne
    buffers them outside the application, so a whole request is still answered."""
    with django_db_blocker.unblock():
        token = _token(acme_context)
    body = _input([_user(0, QUESTION)], thread_id="slow")
    head = (
        f"POST /api/ag-ui/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    stalled = [socket.create_connection(("127.0.0.1", tessera_server.port)) for _ in range(100)]
    try:
        for connection in stalled:
            connection.sendall(head + body[:5])
        request = urllib.request.Request(
            f"{tessera_server.url}/api/ag-ui/",
            data=b"[]",
            headers={"Authorization": f"Bearer {token}"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)  # a hang guard, not a speed check
        assert refused.value.code == 400
        assert json.loads(refused.value.read())["code"] == "INVALID_MESSAGE"
    finally:
        for connection in stalled:
            connection.close()
