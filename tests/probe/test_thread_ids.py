"""A `threadId` is echoed in every event and names a thread: one of 100,000 characters, an
empty or blank one, one of invisible characters only (a zero-width space), or one with control
characters or bidirectional overrides was accepted (mapped to a thread) and echoed. It is
refused (400 INVALID_MESSAGE) and no thread is made; a client's own name within the limit
still works."""

import uuid

import pytest
from asgiref.sync import sync_to_async

from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.agent.agui import MAX_THREAD_ID
from apps.agent.models import Thread
from tests.probe.test_action_names import _events, _post

pytestmark = [pytest.mark.usefixtures("committed_db")]

ASK = [{"id": "m1", "role": "user", "content": "How many employees do we have?"}]


def _threads(context) -> int:
    with bound(context):
        return Thread.objects.count()


@pytest.mark.parametrize(
    "thread_id",
    [
        *["", "   ", "x" * (MAX_THREAD_ID + 1), "a\tb", "chat\u202e1", "line\nbreak", "a\x7fb"],
        # invisible alone: zero-width space, word joiner, byte order mark
        *["\u200b", "\u2060 \u2060", "\ufeff"],
    ],
)
async def test_a_bad_thread_id_is_refused_and_makes_no_thread(acme_context, thread_id):
    token = (
        await sync_to_async(accounts.token_create)(
            context=acme_context, name=f"tid-{uuid.uuid4().hex[:8]}"
        )
    )[1]
    before = await sync_to_async(_threads)(acme_context)
    refused = await _post(token, thread_id, messages=ASK)
    assert refused.status_code == 400, refused.content
    body = refused.json()
    assert body["type"] == "REQUEST_REFUSED" and body["code"] == "INVALID_MESSAGE"
    assert f"1 to {MAX_THREAD_ID} characters" in body["message"]
    assert await sync_to_async(_threads)(acme_context) == before


async def test_a_name_at_the_limit_is_a_thread(acme_context):
    token = (
        await sync_to_async(accounts.token_create)(
            context=acme_context, name=f"tid-{uuid.uuid4().hex[:8]}"
        )
    )[1]
    name = ("projeto ç " + uuid.uuid4().hex).ljust(MAX_THREAD_ID, "z")
    events = await _events(await _post(token, name, messages=ASK))
    assert events[0]["threadId"] == name
    assert events[-1]["type"] == "RUN_FINISHED"
