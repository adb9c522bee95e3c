"""A deck's render outside the request and its live state: the job runs (here on a runner
thread of this process, as in a web process), progress is stored on the row and pushed to the
deck's socket, a failure ends with the pipeline's message, a job whose workers died says so on
the deck, and only the owner may listen.

The pipeline itself is replaced by a stand-in that emits the real progress events and publishes
a deck folder; the real pipeline runs once, in the browser test."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.tasks import TaskResultStatus

from apps.accounts.access import bound
from apps.decks import errors, jobs, tasks
from apps.decks.models import Deck, DeckStatus
from apps.decks.pipeline import run
from apps.decks.pipeline.progress import Progress
from apps.jobs.definitions import policy_for
from project.asgi import application
from tests.decks.webdecks import TITLE, deck_add, deck_remove, finished_folder

pytestmark = [pytest.mark.usefixtures("committed_db")]
ORIGIN = [(b"origin", b"http://localhost")]

EVENTS = [
    Progress("ingest", "reading the paper", fraction=0.0),
    Progress("propose", "writing the first deck (builtin proposer)", fraction=0.1),
    Progress("build", "round 1 of 2: building 4 slides", 1, 2, 0, 4, 0.12),
    *[
        Progress("render", f"round 1 of 2: rendering slide {k}/4", 1, 2, k, 4, 0.2 + k / 20)
        for k in range(1, 5)
    ],
    Progress(
        "review",
        "round 1 of 2: 1 high, 1 medium, 0 low issues",
        1,
        2,
        0,
        4,
        0.45,
        {"high": 1, "medium": 1, "low": 0},
    ),
    Progress("export", "exporting deck.pdf", fraction=0.82),
    Progress("done", "5 slides, 2 review rounds", fraction=1.0),
]


@pytest.fixture(autouse=True)
def var_dir(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    return tmp_path


@pytest.fixture
def made(acme_context):
    """Decks made by a test, removed afterwards (the database is shared with other tests)."""
    decks: list = []
    yield decks
    for deck in decks:
        deck_remove(acme_context, deck.id)


class StandIn:
    """`run.deck_generate` without Slidev or Chromium: the same progress events (sent from
    inside a running event loop, as the real pipeline does under Playwright), then the folder."""

    def __init__(self, *, fail: Exception | None = None, gate=None):
        self.fail = fail
        self.gate = gate
        self.calls = []

    def __call__(self, *, pdf, out_dir, rounds, provider, on_progress):
        self.calls.append({"pdf": pdf, "out_dir": out_dir, "rounds": rounds})

        async def pipeline():
            for event in EVENTS[:-1]:
                on_progress(event)
                if self.gate is not None and event.phase == "render":
                    await asyncio.to_thread(self.gate.wait, 10)
                    self.gate = None
                if self.fail is not None and event.phase == "render":
                    raise self.fail

        asyncio.run(pipeline())
        finished_folder(out_dir)
        on_progress(EVENTS[-1])
        return _Result(run.Summary.model_validate_json((out_dir / "summary.json").read_text()))


class _Result:
    def __init__(self, summary):
        self.summary = summary


def _wait_finished(context, deck_id, timeout=20.0) -> Deck:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with bound(context):
            deck = Deck.objects.get(pk=deck_id)
        if deck.finished:
            return deck
        time.sleep(0.05)
    raise AssertionError(f"deck {deck_id} still {deck.status}: {deck.progress}")


def test_an_enqueued_deck_is_rendered_outside_the_request(acme_context, monkeypatch, made, var_dir):
    stand_in = StandIn()
    monkeypatch.setattr(run, "deck_generate", stand_in)
    deck = deck_add(acme_context, status=DeckStatus.QUEUED, rounds=2)
    made.append(deck)
    job = tasks.deck_render.enqueue(deck_id=str(deck.id), owner_id=acme_context.user_id)
    assert job.task.queue_name.startswith(tasks.DECK_QUEUE)
    done = _wait_finished(acme_context, deck.id)
    assert done.status == DeckStatus.DONE and done.error == ""
    assert stand_in.calls == [{"pdf": deck.upload_path, "out_dir": deck.folder, "rounds": 5}]
    assert done.progress["phase"] == "done" and done.progress["fraction"] == 1.0
    assert done.progress["reviews"] == [{"round": 1, "issues": {"high": 1, "medium": 1, "low": 0}}]
    assert done.summary["slides"] == 5 and done.title == TITLE
    assert done.started_at <= done.finished_at
    # The job is marked successful just after the deck row says done: wait for it.
    deadline = time.monotonic() + 10
    job.refresh()
    while job.status != TaskResultStatus.SUCCESSFUL and time.monotonic() < deadline:
        time.sleep(0.05)
        job.refresh()
    assert job.status == TaskResultStatus.SUCCESSFUL and job.return_value == "done"
    assert (deck.folder / "summary.json").exists() and deck.upload_path.exists()


def test_the_task_leaves_a_finished_deck_alone(acme_context, monkeypatch, made):
    stand_in = StandIn()
    monkeypatch.setattr(run, "deck_generate", stand_in)
    deck = deck_add(acme_context, status=DeckStatus.DONE)
    made.append(deck)
    assert jobs.deck_render(deck_id=str(deck.id), owner_id=acme_context.user_id) == "skipped"
    assert stand_in.calls == []


def test_the_task_sees_only_the_owners_decks(acme_context, globex_context, monkeypatch, made):
    monkeypatch.setattr(run, "deck_generate", StandIn())
    deck = deck_add(acme_context, status=DeckStatus.QUEUED)
    made.append(deck)
    assert jobs.deck_render(deck_id=str(deck.id), owner_id=globex_context.user_id) == "skipped"
    assert jobs.deck_render(deck_id=str(deck.id), owner_id=10**9) == "gone"


def test_a_pipeline_error_fails_the_deck_with_its_message(acme_context, monkeypatch, made):
    message = errors.NO_TEXT.format(name="scan.pdf")
    monkeypatch.setattr(run, "deck_generate", StandIn(fail=errors.PaperError(message)))
    deck = deck_add(acme_context, status=DeckStatus.QUEUED)
    made.append(deck)
    assert jobs.deck_render(deck_id=str(deck.id), owner_id=acme_context.user_id) == "failed"
    with bound(acme_context):
        failed = Deck.objects.get(pk=deck.id)
    assert failed.status == DeckStatus.FAILED and failed.error == message
    assert failed.progress["phase"] == "render"  # where it stopped, for the page
    assert failed.finished_at is not None


def test_an_unexpected_error_fails_the_deck_and_the_task(acme_context, monkeypatch, made):
    monkeypatch.setattr(run, "deck_generate", StandIn(fail=ZeroDivisionError("boom")))
    deck = deck_add(acme_context, status=DeckStatus.QUEUED)
    made.append(deck)
    with pytest.raises(ZeroDivisionError):
        jobs.deck_render(deck_id=str(deck.id), owner_id=acme_context.user_id)
    with bound(acme_context):
        failed = Deck.objects.get(pk=deck.id)
    assert failed.error == jobs.RENDER_CRASHED.format(kind="ZeroDivisionError")


def test_a_job_whose_workers_died_fails_the_deck_with_a_message(acme_context, made):
    policy = policy_for(tasks.deck_render.module_path)
    assert policy.max_attempts == 2 and policy.on_lost is tasks.deck_render_lost
    deck = deck_add(acme_context, status=DeckStatus.RUNNING)
    made.append(deck)
    stale = deck.folder.parent / f".{deck.id}.killed"
    stale.mkdir(parents=True)
    result = SimpleNamespace(kwargs={"deck_id": str(deck.id), "owner_id": acme_context.user_id})
    tasks.deck_render_lost(result, "the worker stopped")
    with bound(acme_context):
        lost = Deck.objects.get(pk=deck.id)
    assert lost.status == DeckStatus.FAILED and lost.error == jobs.DECK_LOST
    assert not stale.exists()


def test_a_retried_task_clears_what_a_killed_worker_left(acme_context, monkeypatch, made):
    monkeypatch.setattr(run, "deck_generate", StandIn())
    deck = deck_add(acme_context, status=DeckStatus.RUNNING)
    made.append(deck)
    stale = deck.folder.parent / f".{deck.id}.abc123"
    (stale / "rounds").mkdir(parents=True)
    assert jobs.deck_render(deck_id=str(deck.id), owner_id=acme_context.user_id) == "done"
    assert not stale.exists()


# The socket


async def _connect(username: str, deck_id) -> WebsocketCommunicator:
    user = await sync_to_async(get_user_model().objects.get)(username=username)
    communicator = WebsocketCommunicator(application, f"/ws/decks/{deck_id}/", headers=ORIGIN)
    communicator.scope["user"] = user
    return communicator


async def _states_until(communicator, status: str, limit: int = 100) -> list[dict]:
    seen = []
    for _ in range(limit):
        message = await communicator.receive_json_from(timeout=15)
        assert message["type"] == "deck.state"
        seen.append(message["state"])
        if message["state"]["status"] == status:
            return seen
    raise AssertionError(f"no {status} in {[s['status'] for s in seen]}")


@pytest.mark.asyncio
async def test_the_socket_sends_the_stored_state_then_live_progress_to_done(
    acme_context, monkeypatch, made
):
    import threading

    gate = threading.Event()
    monkeypatch.setattr(run, "deck_generate", StandIn(gate=gate))
    deck = await sync_to_async(deck_add)(acme_context, status=DeckStatus.QUEUED)
    made.append(deck)
    communicator = await _connect("ana", deck.id)
    assert (await communicator.connect())[0]
    first = await communicator.receive_json_from(timeout=5)
    assert first["state"]["status"] == "queued" and first["state"]["id"] == str(deck.id)
    await sync_to_async(tasks.deck_render.enqueue)(
        deck_id=str(deck.id), owner_id=acme_context.user_id
    )
    seen = await _states_until(communicator, "running")
    while seen[-1]["progress"].get("phase") != "render":
        seen += [(await communicator.receive_json_from(timeout=15))["state"]]
    # Mid-render a page reload (a second socket) starts from the stored state.
    reloaded = await _connect("ana", deck.id)
    assert (await reloaded.connect())[0]
    current = (await reloaded.receive_json_from(timeout=5))["state"]
    assert current["status"] == "running" and current["progress"]["phase"] == "render"
    await reloaded.disconnect()
    gate.set()
    seen += await _states_until(communicator, "done")
    phases = [s["progress"].get("phase") for s in seen if s["progress"]]
    assert phases[0] in ("ingest", "propose", "build", "render") and phases[-1] == "done"
    percents = [s["percent"] for s in seen]
    assert percents == sorted(percents) and percents[-1] == 100
    assert seen[-1]["summary"]["slides"] == 5 and seen[-1]["title"] == TITLE
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("username", ["gus", "hugo"])
async def test_another_person_cannot_listen_to_a_deck(acme_context, made, username):
    deck = await sync_to_async(deck_add)(acme_context, status=DeckStatus.RUNNING)
    made.append(deck)
    communicator = await _connect(username, deck.id)
    connected, code = await communicator.connect()
    assert not connected and code == 4404
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_socket_without_a_login_is_refused(acme_context, made):
    from django.contrib.auth.models import AnonymousUser

    deck = await sync_to_async(deck_add)(acme_context, status=DeckStatus.RUNNING)
    made.append(deck)
    communicator = WebsocketCommunicator(application, f"/ws/decks/{deck.id}/", headers=ORIGIN)
    communicator.scope["user"] = AnonymousUser()
    connected, code = await communicator.connect()
    assert not connected and code == 4401
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_leaving_the_page_leaves_the_group(acme_context, made):
    deck = await sync_to_async(deck_add)(acme_context, status=DeckStatus.RUNNING)
    made.append(deck)
    communicator = await _connect("ana", deck.id)
    assert (await communicator.connect())[0]
    await communicator.receive_json_from(timeout=5)
    layer = get_channel_layer()
    group = jobs.deck_group(deck.id)
    assert layer.groups.get(group)
    await communicator.disconnect()
    assert not layer.groups.get(group)


@pytest.mark.asyncio
async def test_the_socket_follows_a_worker_it_cannot_hear(acme_context, made, monkeypatch):
    """A worker on another machine without a shared channel layer: the row is polled."""
    from apps.decks import consumers

    monkeypatch.setattr(consumers, "POLL_SECONDS", 0.1)
    deck = await sync_to_async(deck_add)(acme_context, status=DeckStatus.RUNNING)
    made.append(deck)
    communicator = await _connect("ana", deck.id)
    assert (await communicator.connect())[0]
    await communicator.receive_json_from(timeout=5)

    def elsewhere():
        with bound(acme_context):
            Deck.objects.filter(pk=deck.id).update(
                progress={"phase": "export", "message": "exporting deck.pdf", "fraction": 0.82}
            )

    await sync_to_async(elsewhere)()
    state = (await communicator.receive_json_from(timeout=5))["state"]
    assert state["progress"]["phase"] == "export" and state["percent"] == 82
    await communicator.disconnect()
