"""Hostile WebSocket frames on every authenticated socket (threads, studio, decks): a binary
frame, one larger than an HTTP body may be, text that is not JSON, a NUL character in a
string, JSON nested past what a parser can follow, an unknown type and a flood of them. Each gets a REQUEST_REFUSED message that says
what is wrong and the socket stays open and working; nothing is stored."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from apps.accounts.access import bound
from apps.agent import services
from apps.agent.models import Event, ThreadMessage
from project.asgi import application

pytestmark = [pytest.mark.usefixtures("committed_db")]

ORIGIN = [(b"origin", b"http://localhost")]
TIMEOUT = 10
DEEP = "[" * 100_000 + "]" * 100_000

BAD_FRAMES = [
    ({"bytes_data": b"\x00\x01binary"}, "text"),
    ({"text_data": '{"type": "message", "text": "' + "x" * 3_000_000 + '"}'}, "larger than"),
    ({"text_data": "{not json"}, "JSON"),
    ({"text_data": "\ud800"}, "JSON"),  # a lone surrogate: not even UTF-8
    ({"text_data": '{"type": "message", "text": "hi\\u0000"}'}, "NUL"),
    ({"text_data": DEEP}, "depth"),
    ({"text_data": '{"a":' * 50_000 + "1" + "}" * 50_000}, "depth"),
]


async def _socket(path: str) -> WebsocketCommunicator:
    user = await sync_to_async(get_user_model().objects.get)(username="ana")
    communicator = WebsocketCommunicator(application, path, headers=ORIGIN)
    communicator.scope["user"] = user
    connected, code = await communicator.connect(timeout=TIMEOUT)
    assert connected, code
    return communicator


async def _thread_socket(acme_context):
    thread = await sync_to_async(services.thread_create)(context=acme_context)
    return thread, await _socket(f"/ws/threads/{thread.id}/")


def _stored(context, thread_id) -> tuple[int, int]:
    with bound(context):
        return (
            ThreadMessage.objects.filter(thread_id=thread_id).count(),
            Event.objects.filter(thread_id=thread_id).count(),
        )


async def _refusal(communicator) -> dict:
    answer = await communicator.receive_json_from(timeout=TIMEOUT)
    assert answer["type"] == "REQUEST_REFUSED", answer
    assert answer["code"] == "INVALID_MESSAGE"
    return answer


@pytest.mark.parametrize(("frame", "said"), BAD_FRAMES)
async def test_a_bad_frame_on_the_thread_socket_is_refused_and_the_socket_goes_on(
    acme_context, frame, said
):
    thread, socket = await _thread_socket(acme_context)
    try:
        await socket.send_to(**frame)
        answer = await _refusal(socket)
        assert said.lower() in answer["message"].lower(), answer
        # Still open and still speaking the protocol: a valid but unknown message is refused
        # by the message parser, not by a closed socket.
        await socket.send_json_to({"type": "shell", "cmd": "ls"})
        await _refusal(socket)
    finally:
        await socket.disconnect()
    assert await sync_to_async(_stored)(acme_context, thread.id) == (0, 0)


async def test_a_flood_of_bad_frames_gets_one_answer_each_and_stores_nothing(acme_context):
    thread, socket = await _thread_socket(acme_context)
    try:
        for index in range(200):
            await socket.send_to(text_data=json.dumps({"type": f"unknown-{index}"}))
        for _ in range(200):
            await _refusal(socket)
        assert await socket.receive_nothing(timeout=0.2)
    finally:
        await socket.disconnect()
    assert await sync_to_async(_stored)(acme_context, thread.id) == (0, 0)


@pytest.mark.parametrize(("frame", "said"), BAD_FRAMES)
async def test_a_bad_frame_on_the_studio_socket_is_refused_and_it_still_answers(frame, said):
    socket = await _socket("/ws/studio/")
    try:
        hello = await socket.receive_json_from(timeout=TIMEOUT)
        assert hello["type"] == "preferences"
        await socket.send_to(**frame)
        answer = await _refusal(socket)
        assert said.lower() in answer["message"].lower(), answer
        await socket.send_json_to({"type": "refresh"})
        assert (await socket.receive_json_from(timeout=TIMEOUT))["type"] == "preferences"
    finally:
        await socket.disconnect()
