"""The official AG-UI client (@ag-ui/client's HttpAgent, in tests/agui_client/drive.mjs) drives
a real server through AG-UI's HTTP binding with an API token: a question, a follow-up on the
same thread that is answered with a form, and the form's answer sent back through `resume`.
Every event it received is validated here with the ag-ui-protocol Python models."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from ag_ui.core import Event
from pydantic import TypeAdapter

from apps.a2ui.validator import surface_validate
from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.accounts.models import ApiToken
from apps.accounts.tokens import TOKEN
from apps.agent.models import Event as StoredEvent
from apps.agent.models import Run, Step, ThreadMessage

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db")]

CLIENT_DIR = Path(__file__).resolve().parents[1] / "agui_client"
EVENT = TypeAdapter(Event)


def _drive(server_url: str, token: str) -> dict:
    node = shutil.which("node")
    assert node, "Node.js is required (scripts/setup.sh installs it)"
    assert (CLIENT_DIR / "node_modules" / "@ag-ui" / "client").is_dir(), (
        "run scripts/setup.sh: it installs tests/agui_client with npm ci"
    )
    done = subprocess.run(
        [node, "drive.mjs"],
        cwd=CLIENT_DIR,
        env={**os.environ, "TESSERA_URL": server_url, "TESSERA_TOKEN": token},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"the AG-UI client failed:\n{done.stderr}\n{done.stdout}"
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def session(tessera_server, django_db_blocker):
    from tests.conftest import _context

    with django_db_blocker.unblock():
        context = _context("ana")
        row, token = accounts.token_create(context=context, name="agui-client-test")
    try:
        # The token goes even when the client fails, or every later run would find its name taken.
        with django_db_blocker.unblock():
            received = _drive(tessera_server.url, token)
        yield {"context": context, "token": token, "row": row, "received": received}
    finally:
        with django_db_blocker.unblock(), bound(context):
            ApiToken.objects.filter(pk=row.pk).delete()


def test_every_event_is_a_valid_ag_ui_event(session):
    for run in session["received"]["runs"]:
        for event in run["events"]:
            parsed = EVENT.validate_python(event)
            # Closed objects: nothing the models do not define (the sequence number is the
            # SSE id, not part of the event).
            assert not parsed.model_extra, (event["type"], parsed.model_extra)


def test_each_run_is_one_lifecycle_on_the_clients_thread(session):
    received = session["received"]
    runs = received["runs"]
    assert [run["label"] for run in runs] == ["question", "follow-up", "form action"]
    for run in runs:
        types = [event["type"] for event in run["events"]]
        assert types[0] == "RUN_STARTED" and types[-1] == "RUN_FINISHED"
        assert "RUN_ERROR" not in types
        started, finished = run["events"][0], run["events"][-1]
        assert started["threadId"] == finished["threadId"] == received["threadId"]
        assert started["protocolVersion"] == "1.0"
        # The run as the client named it, and as Tessera stored it.
        assert started["runId"] == finished["runId"] == run["runId"]
        assert started["metadata"]["tesseraRunId"] != run["runId"]
    assert len({run["events"][0]["metadata"]["tesseraRunId"] for run in runs}) == 3


def test_the_question_is_answered_with_a_table(session):
    question = session["received"]["runs"][0]
    artifacts = [
        e["value"] for e in question["events"] if e["type"] == "CUSTOM" and e["name"] == "artifact"
    ]
    assert any(a["kind"] == "sql_result" and a["summary"] == "6 rows" for a in artifacts)
    assert question["outcome"] == {"type": "success"}


def test_the_follow_up_waits_on_a_valid_form_and_says_so_in_its_outcome(session):
    follow_up = session["received"]["runs"][1]
    surface_id = session["received"]["surfaceId"]
    [activity] = [e for e in follow_up["events"] if e["type"] == "ACTIVITY_SNAPSHOT"]
    assert activity["activityType"] == "a2ui-surface"
    assert activity["content"]["surfaceId"] == surface_id
    assert surface_validate(activity["content"]["a2ui_operations"]) == []
    outcome = follow_up["outcome"]
    assert outcome["type"] == "interrupt"
    [interrupt] = outcome["interrupts"]
    assert interrupt["id"] == f"a2ui:{surface_id}"
    assert interrupt["reason"] == "input_required"
    assert interrupt["responseSchema"]["required"] == ["name"]


def test_the_form_answer_completes_the_follow_up(session):
    answered = session["received"]["runs"][2]
    texts = [e["delta"] for e in answered["events"] if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert texts[0].startswith("Submitted:")
    assert any(text.startswith("Average salary, 1 Jan") for text in texts)
    assert answered["outcome"] == {"type": "success"}


def test_the_server_kept_the_thread_numbered_and_the_token_out_of_its_records(
    session, tessera_server, django_db_blocker
):
    context, token = session["context"], session["token"]
    with django_db_blocker.unblock(), bound(context):
        thread_id = Run.objects.filter(
            pk=session["received"]["runs"][0]["events"][0]["metadata"]["tesseraRunId"]
        ).values_list("thread_id", flat=True)[0]
        runs = list(Run.objects.filter(thread_id=thread_id).order_by("started_at"))
        seqs = list(
            StoredEvent.objects.filter(thread_id=thread_id)
            .order_by("seq")
            .values_list("seq", flat=True)
        )
        records = json.dumps(
            [
                list(Run.objects.filter(thread_id=thread_id).values()),
                list(Step.objects.filter(run__thread_id=thread_id).values()),
                list(ThreadMessage.objects.filter(thread_id=thread_id).values("data")),
                list(StoredEvent.objects.filter(thread_id=thread_id).values("payload")),
            ],
            default=str,
        )
        used = ApiToken.objects.get(pk=session["row"].pk)
    assert [run.status for run in runs] == ["finished", "needs_input", "finished"]
    assert seqs == list(range(1, len(seqs) + 1))
    received = sum(len(run["events"]) for run in session["received"]["runs"])
    assert len(seqs) == received
    assert used.last_used_at is not None
    secret = TOKEN.match(token).group(2)  # the secret itself may contain "_"
    assert secret not in records and token not in records
    assert secret not in tessera_server.log()
