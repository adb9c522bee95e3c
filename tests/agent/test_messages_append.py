"""A run's messages join the thread's history in one statement, numbered after the last
message of the thread, in order, with their content exactly; another tenant's thread takes
none."""

import pytest

from apps.accounts.access import bound
from apps.agent import services
from apps.agent.messages import Message, ToolCall
from apps.agent.models import Thread, ThreadMessage

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _positions(context, thread_id) -> list[tuple[int, str]]:
    with bound(context):
        rows = ThreadMessage.objects.filter(thread_id=thread_id).order_by("position")
        return [(row.position, row.role) for row in rows]


def test_messages_are_numbered_after_the_threads_last_and_kept_exactly(acme_context):
    thread = services.thread_create(context=acme_context)
    first = [Message.user('Zoë asks: 年 \u2028 "quoted" \\ back'), Message.assistant("ok")]
    services.messages_append(context=acme_context, thread_id=thread.id, run_id=None, messages=first)
    call = ToolCall(id="call_1", name="run_sql", arguments='{"sql": "SELECT 1"}')
    second = [
        Message.user("again"),
        Message.assistant("", tool_calls=[call]),
        Message.tool_result(call, '{"rows": [[1]]}'),
    ]
    services.messages_append(
        context=acme_context, thread_id=thread.id, run_id=None, messages=second
    )
    history = services.thread_history(context=acme_context, thread_id=thread.id)
    assert history == [*first, *second]
    assert _positions(acme_context, thread.id) == [
        (1, "user"), (2, "assistant"), (3, "user"), (4, "assistant"), (5, "tool"),
    ]  # fmt: skip


def test_another_tenants_thread_takes_no_message(acme_context, globex_context):
    thread = services.thread_create(context=acme_context)
    with pytest.raises(Thread.DoesNotExist):
        services.messages_append(
            context=globex_context,
            thread_id=thread.id,
            run_id=None,
            messages=[Message.user("not yours")],
        )
    assert services.thread_history(context=acme_context, thread_id=thread.id) == []
    with bound(globex_context):
        assert not ThreadMessage.objects.filter(thread_id=thread.id).exists()
