"""The official AG-UI client run the way other front ends run it (tests/agui_client/probe.mjs):
a full input (history with tool calls and results, tools, context, state, forwardedProps), a
second run on the thread, the same threadId from a fresh agent, an aborted run and the thread
afterwards, two inputs Tessera refuses, and a dropped connection's input sent again. The client's own enforceEvents/verifyEvents run on
every stream (a violation fails the run); every event it received is validated here with the
ag-ui-protocol Python models."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from ag_ui.core import Event
from pydantic import TypeAdapter

from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.accounts.models import ApiToken
from apps.agent.models import Event as StoredEvent
from apps.agent.models import Run

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db")]

CLIENT_DIR = Path(__file__).resolve().parents[1] / "agui_client"
EVENT = TypeAdapter(Event)
# What the client itself emits when its run is aborted (not an event Tessera sent).
CLIENT_ABORT = {"type": "RUN_ERROR", "code": "abort"}
QUESTION = "How many active employees are there in each department?"  # probe.mjs asks it


@pytest.fixture(scope="module")
def probe(tessera_server, django_db_blocker):
    from tests.conftest import _context

    node = shutil.which("node")
    assert node, "Node.js is required (scripts/setup.sh installs it)"
    with django_db_blocker.unblock():
        context = _context("ana")
        row, token = accounts.token_create(context=context, name="agui-probe-test")
    try:
        done = subprocess.run(
            [node, "probe.mjs"],
            cwd=CLIENT_DIR,
            env={**os.environ, "TESSERA_URL": tessera_server.url, "TESSERA_TOKEN": token},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"the AG-UI client failed:\n{done.stderr}\n{done.stdout}"
        yield json.loads(done.stdout)["scenarios"]
    finally:
        with django_db_blocker.unblock(), bound(context):
            ApiToken.objects.filter(pk=row.pk).delete()


def _from_server(run) -> list[dict]:
    return [e for e in run["events"] if {k: e.get(k) for k in CLIENT_ABORT} != CLIENT_ABORT]


def _texts(run) -> list[str]:
    return [e["delta"] for e in run["events"] if e["type"] == "TEXT_MESSAGE_CONTENT"]


def test_every_event_the_client_received_is_a_closed_ag_ui_event(probe):
    count = 0
    for runs in probe.values():
        for run in runs:
            for event in _from_server(run):
                assert not EVENT.validate_python(event).model_extra, event
                count += 1
    assert count > 20


def test_a_front_ends_full_input_runs_and_the_thread_goes_on(probe):
    first, second = probe["full_input"]
    for run in (first, second):
        assert run["error"] is None, run["error"]
        assert run["outcome"] == {"type": "success"}
    assert "Engineering has the most current employees" in _texts(first)[1]
    # The follow-up was read against the first answer: the same thread.
    assert _texts(second)[1].startswith("Headcount by department, current employees in Sales")


def test_a_fresh_agent_with_the_same_thread_id_continues_that_thread(probe):
    [run] = probe["existing_thread"]
    assert run["outcome"] == {"type": "success"}
    assert "in Sales" in _texts(run)[1] and "end of" in _texts(run)[1]


def test_an_aborted_run_leaves_the_thread_usable(probe):
    aborted, after = probe["abort"]
    assert aborted["events"][-1]["code"] == "abort"
    assert after["error"] is None and after["outcome"] == {"type": "success"}
    assert _texts(after)[1].startswith("Headcount by department")


def test_refused_inputs_reach_the_client_as_4xx_with_the_reason(probe):
    no_message, unknown = probe["refused"]
    for run, code in ((no_message, "INVALID_MESSAGE"), (unknown, "UNKNOWN_INTERRUPT")):
        assert run["events"] == [] and run["error"]["status"] == 400
        body = json.loads(run["error"]["message"].removeprefix("HTTP 400: "))
        assert body["type"] == "REQUEST_REFUSED" and body["code"] == code


def _surfaces(run) -> list[str]:
    return [e["content"]["surfaceId"] for e in run["events"] if e["type"] == "ACTIVITY_SNAPSHOT"]


def test_a_form_is_answered_once_and_its_replays_are_refused(probe, django_db_blocker):
    question, asked, wrong, answer, replayed, stale = probe["form_answer"]
    [interrupt] = asked["outcome"]["interrupts"]
    form = interrupt["metadata"]["a2ui"]["surfaceId"]
    # The interrupt is bound to the show_form call that drew the form (AG-UI's toolCallId).
    [call] = [e for e in asked["events"] if e["type"] == "TOOL_CALL_START"]
    assert call["toolCallName"] == "show_form" and interrupt["toolCallId"] == call["toolCallId"]
    assert form in _surfaces(asked)
    # A resume for another interrupt: the client itself refuses it, nothing is sent.
    assert wrong["events"] == [] and interrupt["id"] in wrong["error"]["message"]
    assert answer["error"] is None and answer["outcome"] == {"type": "success"}
    assert any(text.startswith("Average salary, 1 Jan") for text in _texts(answer))
    # Replayed as resume or as a tool message for the answered call: refused, saying why.
    for run, said in ((replayed, interrupt["id"]), (stale, interrupt["toolCallId"])):
        assert run["events"] == [] and run["error"]["status"] == 400
        body = json.loads(run["error"]["message"].removeprefix("HTTP 400: "))
        assert body["code"] == "UNKNOWN_INTERRUPT" and said in body["message"]
    # The form was shown once, in the run that asked; the answer's run shows only its result.
    assert [form in _surfaces(run) for run in (question, asked, answer)] == [False, True, False]
    from tests.conftest import _context

    with django_db_blocker.unblock(), bound(_context("ana")):
        run_id = question["events"][0]["metadata"]["tesseraRunId"]
        thread_id = Run.objects.filter(pk=run_id).values_list("thread_id", flat=True).get()
        assert Run.objects.filter(thread_id=thread_id).count() == 3
        snapshots = StoredEvent.objects.filter(thread_id=thread_id, type="ACTIVITY_SNAPSHOT")
        shown = [p["content"]["surfaceId"] for p in snapshots.values_list("payload", flat=True)]
        assert shown.count(form) == 1


def test_a_dropped_runs_input_sent_again_is_answered_by_that_run_only(probe, django_db_blocker):
    """A retry after a dropped connection ran the question again (a second answer and run)."""
    dropped, again, restored, nothing_new = probe["retry"]
    assert dropped["events"][-1]["code"] == "abort"
    run_id = dropped["events"][0]["metadata"]["tesseraRunId"]
    for retry in (again, restored, nothing_new):
        assert retry["error"] is None and retry["outcome"] == {"type": "success"}
        assert retry["events"][0]["metadata"]["tesseraRunId"] == run_id, retry["label"]
        # What the client holds: the question and the answer, each once and whole (a
        # replay in full appended the text it had to itself).
        texts = [m.get("content") for m in retry["messages"] if m["role"] in ("user", "assistant")]
        assert texts.count(QUESTION) == 2  # its own and the run's echo
        answers = [t for t in texts if t and "Engineering has the most current employees" in t]
        assert len(answers) == 1 and answers[0].count("Engineering has") == 1
    from tests.conftest import _context

    with django_db_blocker.unblock(), bound(_context("ana")):
        thread_id = Run.objects.filter(pk=run_id).values_list("thread_id", flat=True).get()
        assert Run.objects.filter(thread_id=thread_id).count() == 1
