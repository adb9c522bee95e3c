"""A thread is its owner's alone. A client's named `threadId` ("chat") was mapped to a thread
id derived from the user id and the name only (uuid5 under a namespace in the source), so
another person who knew both could create that thread first: the owner's next input got
`404 UNKNOWN_THREAD` on their own name. The name is now keyed by the server's secret, and a
thread someone else made under the old id is never selected. Another person of the tenant,
and a person of another tenant, can neither read nor write the owner's thread by any route:
the AG-UI binding (by id or by the same name), the JSON/SSE API, the page, the export and
the socket."""

import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import AsyncClient, Client

from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.agent import agui, services
from apps.agent.models import Event, Run, Thread, ThreadMessage
from project.asgi import application
from tests.conftest import _context
from tests.probe.test_action_names import _events, _post

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _ask(text: str = "How many employees do we have?") -> list[dict]:
    return [{"id": uuid.uuid4().hex, "role": "user", "content": text}]


def _token(context) -> str:
    return accounts.token_create(context=context, name=f"own-{uuid.uuid4().hex[:8]}")[1]


def _footprint(context, thread_id) -> tuple[int, int, int]:
    """What the owner's thread holds: runs, messages, events."""
    with bound(context):
        return (
            Run.objects.filter(thread_id=thread_id).count(),
            ThreadMessage.objects.filter(thread_id=thread_id).count(),
            Event.objects.filter(thread_id=thread_id).count(),
        )


def _owned_by(context, thread_id) -> bool:
    with bound(context):
        return Thread.objects.filter(pk=thread_id, user_id=context.user_id).exists()


def test_a_named_thread_id_cannot_be_computed_from_the_user_and_the_name():
    [keyed, legacy] = agui.named_thread_ids(user_id=7, name="chat")
    assert legacy == uuid.uuid5(agui.LEGACY_THREAD_NAMESPACE, "7:chat")
    assert keyed != legacy
    assert keyed == agui.named_thread_ids(user_id=7, name="chat")[0]  # stable
    assert keyed != agui.named_thread_ids(user_id=8, name="chat")[0]


async def test_a_name_taken_first_by_someone_who_knows_the_user_id_stays_the_owners(
    acme_context, hr_context
):
    name = f"chat-{uuid.uuid4().hex[:6]}"
    # What anyone could compute before: the id of ana's thread called `name`.
    squatted = uuid.uuid5(agui.LEGACY_THREAD_NAMESPACE, f"{acme_context.user_id}:{name}")
    await sync_to_async(services.thread_create)(context=hr_context, thread_id=squatted)
    ana = await sync_to_async(_token)(acme_context)
    events = await _events(await _post(ana, name, messages=_ask()))
    assert events[0]["threadId"] == name and events[-1]["type"] == "RUN_FINISHED"
    [own] = agui.named_thread_ids(user_id=acme_context.user_id, name=name)[:1]
    assert await sync_to_async(_owned_by)(acme_context, own)
    assert await sync_to_async(_footprint)(hr_context, squatted) == (0, 0, 0)


async def test_a_thread_named_before_the_key_goes_on(acme_context):
    name = f"old-{uuid.uuid4().hex[:6]}"
    legacy = uuid.uuid5(agui.LEGACY_THREAD_NAMESPACE, f"{acme_context.user_id}:{name}")
    await sync_to_async(services.thread_create)(context=acme_context, thread_id=legacy)
    ana = await sync_to_async(_token)(acme_context)
    await _events(await _post(ana, name, messages=_ask()))
    assert (await sync_to_async(_footprint)(acme_context, legacy))[0] == 1


@pytest.mark.parametrize("intruder", ["hugo", "gus"])  # the same tenant, another tenant
async def test_another_person_can_neither_read_nor_write_the_thread(acme_context, intruder):
    other = await sync_to_async(_context)(intruder)
    ana = await sync_to_async(_token)(acme_context)
    name = f"plans-{uuid.uuid4().hex[:6]}"
    await _events(await _post(ana, name, messages=_ask()))
    owned = agui.named_thread_ids(user_id=acme_context.user_id, name=name)[0]
    before = await sync_to_async(_footprint)(acme_context, owned)
    token = await sync_to_async(_token)(other)

    # By the owner's thread id: refused, nothing made or stored.
    refused = await _post(token, str(owned), messages=_ask())
    assert refused.status_code == 404 and refused.json()["code"] == "UNKNOWN_THREAD"
    # By the same name: a thread of the intruder's own, never the owner's.
    mine = await _events(await _post(token, name, messages=_ask("How many departments?")))
    assert mine[-1]["type"] == "RUN_FINISHED"
    theirs = agui.named_thread_ids(user_id=other.user_id, name=name)[0]
    assert theirs != owned and await sync_to_async(_owned_by)(other, theirs)

    bearer = {"Authorization": f"Bearer {token}"}
    posted = await AsyncClient().post(
        f"/api/threads/{owned}/messages",
        {"text": "hi"},
        content_type="application/json",
        headers=bearer,
    )
    assert posted.status_code == 404
    events = await AsyncClient().get(f"/api/threads/{owned}/events?after=0", headers=bearer)
    assert events.status_code == 404
    socket = WebsocketCommunicator(
        application,
        f"/ws/threads/{owned}/",
        headers=[(b"authorization", f"Bearer {token}".encode())],
    )
    connected, _ = await socket.connect()
    assert not connected
    await socket.disconnect()

    def pages() -> list[int]:
        browser = Client()
        browser.force_login(get_user_model().objects.get(username=intruder))
        return [
            browser.get(f"/threads/{owned}/").status_code,
            browser.get(f"/threads/{owned}/export").status_code,
        ]

    assert await sync_to_async(pages)() == [404, 404]
    assert await sync_to_async(_footprint)(acme_context, owned) == before
