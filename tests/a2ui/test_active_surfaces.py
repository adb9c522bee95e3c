"""Surfaces active on the server: what the thread's earlier forms created (and did not delete)
may be updated by the agent's next `show_form`; anything else is an unknown surface."""

import json
import uuid

import pytest

from apps.a2ui.catalog import CATALOG_ID, CATALOG_ID_V1
from apps.a2ui.tools import ShowFormArgs, show_form
from apps.agent import selectors, services
from apps.agent.tools.results import ToolContext, ToolError

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _text(surface_id, text="Hi", version="v0.9"):
    return {
        "version": version,
        "updateComponents": {
            "surfaceId": surface_id,
            "components": [{"id": "root", "component": "Text", "text": text}],
        },
    }


def _create(surface_id, version="v0.9", catalog_id=CATALOG_ID):
    return {"version": version, "createSurface": {"surfaceId": surface_id, "catalogId": catalog_id}}


def _store(context, thread_id, messages):
    [kind] = set(messages[0]) - {"version"}
    payload = {"surface_id": messages[0][kind]["surfaceId"], "messages": messages}
    services.artifact_create(
        context=context, kind="a2ui_surface", thread_id=thread_id, payload=payload
    )


def _show(context, thread_id, messages):
    args = ShowFormArgs(surface_id="f", messages=messages)
    run = {"access": context, "thread_id": str(thread_id)}
    return show_form(args, ToolContext(call_id="c", tool="show_form", run=run))


def test_the_threads_surfaces_are_active_until_deleted(acme_context):
    thread = services.thread_create(context=acme_context)
    _store(acme_context, thread.id, [_create("old"), _text("old")])
    _store(acme_context, thread.id, [_create("gone"), _text("gone")])
    _store(acme_context, thread.id, [{"version": "v0.9", "deleteSurface": {"surfaceId": "gone"}}])
    _store(acme_context, thread.id, [_create("new1", "v1.0", CATALOG_ID_V1)])
    assert selectors.thread_surfaces(context=acme_context, thread_id=thread.id) == {
        "old": CATALOG_ID,
        "new1": CATALOG_ID_V1,
    }
    # Another thread's surfaces are not this one's.
    other = services.thread_create(context=acme_context)
    assert selectors.thread_surfaces(context=acme_context, thread_id=other.id) == {}


def test_show_form_may_update_an_active_surface_and_nothing_else(acme_context):
    thread = services.thread_create(context=acme_context)
    _store(acme_context, thread.id, [_create("old"), _text("old")])
    shown = _show(acme_context, thread.id, [_text("old", "Updated")])
    assert shown.needs_input and shown.artifacts[0].payload["messages"][0]["updateComponents"]
    for messages, code in [
        ([_text(f"never-{uuid.uuid4().hex[:6]}")], "unknown_surface"),
        ([_create("old"), _text("old")], "surface_exists"),
    ]:
        with pytest.raises(ToolError) as refused:
            _show(acme_context, thread.id, messages)
        problems = json.loads(str(refused.value).removeprefix("INVALID_SURFACE: "))
        assert code in {p["code"] for p in problems}


def test_show_form_takes_v0_9_messages_only(acme_context):
    thread = services.thread_create(context=acme_context)
    v1 = [_create("v1s", "v1.0", CATALOG_ID_V1)]
    with pytest.raises(ToolError) as refused:
        _show(acme_context, thread.id, v1)
    assert '"version": "v0.9"' in str(refused.value)
