"""The model provider failing under a real web process: answering 429 again and again, or
going silent. The run falls back to the next provider, or ends with a clear RUN_ERROR; and
the next request works. The provider is a local server speaking the OpenAI wire protocol."""

import asyncio

import pytest

from apps.accounts.access import bound
from apps.agent import services
from apps.agent.models import Run
from tests.scale.streams import Follower
from tests.support.openai_wire import Chat, Error, WireServer

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db")]

QUESTION = {"type": "message", "text": "How many people work in Sales?"}


def provider_env(model: WireServer, **extra: str) -> dict[str, str]:
    return {
        "TESSERA_MODEL_PROVIDER": "openai",
        "TESSERA_MODEL": "wire-model",
        "TESSERA_MODEL_BASE_URL": model.url,
        "TESSERA_MODEL_API_KEY": "test-key",
        "TESSERA_MODEL_MAX_ATTEMPTS": "3",
        "TESSERA_MODEL_RETRY_BASE_SECONDS": "0.05",
        "TESSERA_MODEL_RETRY_MAX_SECONDS": "0.5",
        "TESSERA_MODEL_TIMEOUT_SECONDS": "2",
        "TESSERA_MODEL_STREAM_IDLE_SECONDS": "0.5",
        **extra,
    }


def ask(web, thread_id: str, cookie: str, *, after: int = 0) -> Follower:
    async def scenario():
        follower = Follower(thread_id, cookie, [web.port], seqs=list(range(1, after + 1)))
        await follower.open()
        await follower.socket.send(QUESTION)
        await follower.follow(lambda e: e["type"] in {"RUN_FINISHED", "RUN_ERROR"}, timeout=30)
        await follower.close()
        return follower

    return asyncio.run(scenario())


def texts(follower: Follower) -> list[str]:
    """The text of each message, in order (streamed text arrives in several deltas)."""
    messages: dict[str, str] = {}
    for event in follower.events:
        if event["type"] == "TEXT_MESSAGE_CONTENT":
            messages[event["messageId"]] = messages.get(event["messageId"], "") + event["delta"]
    return list(messages.values())


def test_a_provider_answering_429_repeatedly_falls_back(processes, acme_context, session_cookie):
    with WireServer(*[Error(429) for _ in range(3)]) as model:
        web = processes.daphne(**provider_env(model, TESSERA_FALLBACK_PROVIDER="builtin"))
        thread_id = str(services.thread_create(context=acme_context).id)
        run = ask(web, thread_id, session_cookie("ana"))
        assert len(model.requests) == 3 and not model.unexpected
    assert run.events[-1]["type"] == "RUN_FINISHED"
    with bound(acme_context):
        record = Run.objects.get(thread_id=thread_id)
        answered_by = [step.proposal.get("provider") for step in record.steps.all()]
    assert record.status == "finished"
    assert answered_by and set(answered_by) == {"builtin"}  # the fallback answered
    assert "scripted failure" not in " ".join(texts(run))


def test_a_provider_that_times_out_fails_the_run_cleanly_and_the_next_request_works(
    processes, acme_context, session_cookie
):
    silent = [Chat(text="never finished", stall_after=1) for _ in range(3)]
    with WireServer(*silent, Chat(text="Back to normal.")) as model:
        web = processes.daphne(**provider_env(model))
        thread_id = str(services.thread_create(context=acme_context).id)
        cookie = session_cookie("ana")
        failed = ask(web, thread_id, cookie)
        error = failed.events[-1]
        assert error["type"] == "RUN_ERROR" and error["code"] == "PROVIDER_FAILED"
        assert "never finished" not in " ".join(texts(failed))
        assert error["message"]  # says what happened, for the person

        recovered = ask(web, thread_id, cookie, after=failed.last_seq)
        assert recovered.events[-1]["type"] == "RUN_FINISHED"
        assert texts(recovered)[-1] == "Back to normal."
        assert len(model.requests) == 4 and not model.unexpected
