"""The run trace page and the SSE stream for non-browser clients."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from apps.agent import runtime, services
from apps.agent.inbound import UserText
from apps.agent.providers import Plan, PlannedCall, PlannerRegistry
from apps.agent.providers.builtin import BuiltinProvider
from apps.agent.tools import registry as tool_registry

pytestmark = [pytest.mark.usefixtures("committed_db")]

SQL = "SELECT count(*) AS employees FROM erp_employee"


def _planner_provider():
    planners = PlannerRegistry()

    def plan(request):
        if request.continuing:
            return Plan(text="Counted.")
        return Plan(
            calls=[
                PlannedCall("run_sql", {"sql": SQL}),
                PlannedCall("run_sql", {"sql": "SELECT nope FROM erp_employee"}),
            ]
        )

    planners.register("count", plan)
    return BuiltinProvider(planners)


def _client(username):
    client = Client()
    assert client.login(username=username, password="tessera-demo")
    return client


def test_run_trace_page_shows_steps_calls_rejections_and_timings(acme_context):
    thread = services.thread_create(context=acme_context)
    outcome = runtime.run_execute(
        context=acme_context,
        thread_id=thread.id,
        message=UserText(type="message", text="count them"),
        provider=_planner_provider(),
        registry=tool_registry,
    )
    page = _client("ana").get(f"/runs/{outcome.run_id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "count them" in html and "run_sql" in html
    assert "UNKNOWN_COLUMN" in html  # the failed call's observation is on the page
    assert "model" in html and " ms" in html
    assert _client("gus").get(f"/runs/{outcome.run_id}/").status_code == 404
    assert _client("hugo").get(f"/runs/{outcome.run_id}/").status_code == 404


@pytest.mark.asyncio
async def test_sse_post_message_streams_the_run_to_its_end(acme_context):
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    client = AsyncClient()
    user = await sync_to_async(get_user_model().objects.get)(username="ana")
    await sync_to_async(client.force_login)(user)
    created = await client.post("/api/threads")
    assert created.status_code == 201
    thread_id = created.json()["thread_id"]
    response = await client.post(
        f"/api/threads/{thread_id}/messages", {"text": "hello"}, content_type="application/json"
    )
    assert response["Content-Type"] == "text/event-stream"
    chunks = [chunk async for chunk in response.streaming_content]
    blocks = [
        block for block in b"".join(chunks).decode().split("\n\n") if block.startswith("id: ")
    ]
    types = [block.split("event: ")[1].split("\n")[0] for block in blocks]
    assert types[0] == "RUN_STARTED" and types[-1] == "RUN_FINISHED"
    seqs = [int(block.split("\n")[0][4:]) for block in blocks]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    bad = await client.post(
        f"/api/threads/{thread_id}/messages", {"text": ""}, content_type="application/json"
    )
    assert bad.status_code == 400
