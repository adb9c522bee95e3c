"""An AG-UI input sent again. AG-UI names every message by an id the client gives it, and a
client whose connection dropped before the run's end sends the same input again (the same
messages, the same ids). Its newest user message has then been answered, or is being
answered, on the thread: running it again would give a second answer and repeat the run's
side effects. The input is answered from the stored run instead — its events from
RUN_STARTED to its end, replayed from the thread's event log and followed live while the run
still goes on (AG-UI's "attach to a running agent", docs/agent-api.md).

The run is found by the id the client gave the message (kept on the run), or by the id of
the run's own echo of it: a run streams the person's message back (TEXT_MESSAGE_* with role
`user`, under an id of Tessera's), and the official client keeps that echo as a message of
its own, so its next input's newest user message may be the echo. A message is the same when
its id and its text are: a client that gives every message the same id ("m1") still has each
new question run. The replay leaves out what the input shows the client holds already
(`ReplayTrim`).

A run that ended in RUN_ERROR (the provider failed, the worker was lost, its events or record
could not be stored) answered nothing: in AG-UI a failed run is over and the thread goes on
with a new run, and the official client keeps the unanswered message, so its retry sends the
same input. That input is run again; replaying the error made every retry fail the same way,
with no way past it but a new message id."""

from dataclasses import dataclass, field

from ag_ui.core import RunAgentInput
from django.db.models import Exists, OuterRef, Q

from apps.accounts.access import AccessContext, bound
from apps.agent import limits, selectors
from apps.agent.models import Event, Run


def _queued(thread_id, message_id: str, text: str) -> bool:
    """Whether a run job of the thread for this message is queued or running (its run
    record is made when the job starts)."""
    return (
        limits.active_run_jobs()
        .filter(
            args_kwargs__kwargs__thread_id=str(thread_id),
            args_kwargs__kwargs__message_id=message_id,
            args_kwargs__kwargs__message__text=text,
        )
        .exists()
    )


def result_of_thread(*, context: AccessContext, thread_id, message_id: str) -> bool:
    """Whether the message id is that of a tool result a run of the thread sent (a
    TOOL_CALL_RESULT): the official client keeps those as `tool` messages, so its next input
    may end with one — history it holds, not an answer it gives."""
    with bound(context):
        return Event.objects.filter(
            thread_id=thread_id, type="TOOL_CALL_RESULT", payload__messageId=message_id
        ).exists()


def replay_after(*, context: AccessContext, thread_id, message_id: str, text: str) -> int | None:
    """The sequence number after which the thread's run answering this message starts, or
    None when no run has answered it (the input is a new turn)."""
    # Read first: a run that has not stored its RUN_STARTED yet stores it after this number.
    last = selectors.thread_last_seq(context=context, thread_id=thread_id)
    with bound(context):
        echo = Event.objects.filter(
            run_id=OuterRef("pk"), type="TEXT_MESSAGE_START", payload__messageId=message_id
        )
        run_id = (
            Run.objects.filter(thread_id=thread_id, request=text)
            .filter(Q(client_message_id=message_id) | Exists(echo))
            .order_by("-started_at")
            .values_list("id", flat=True)
            .first()
        )
        started = None
        if run_id is not None and _failed(run_id):
            return None
        if run_id is not None:
            started = (
                Event.objects.filter(run_id=run_id, type="RUN_STARTED")
                .values_list("seq", flat=True)
                .first()
            )
    if started is not None:
        return started - 1
    if run_id is not None or _queued(thread_id, message_id, text):
        return last
    return None


def _failed(run_id) -> bool:
    """Whether the run ended with RUN_ERROR (under the caller's bound context)."""
    return Event.objects.filter(run_id=run_id, type="RUN_ERROR").exists()


@dataclass(frozen=True)
class Held:
    """What the client's input shows it holds of earlier runs: each text message's content
    and each tool call's arguments by id, and every message id."""

    texts: dict[str, str] = field(default_factory=dict)
    tool_args: dict[str, str] = field(default_factory=dict)
    ids: frozenset[str] = frozenset()


def held_by_client(run_input: RunAgentInput) -> Held:
    texts, tool_args = {}, {}
    for message in run_input.messages:
        content = getattr(message, "content", None)
        if isinstance(content, list):
            content = "".join(getattr(part, "text", "") for part in content)
        if isinstance(content, str):
            texts[message.id] = content
        for call in getattr(message, "tool_calls", None) or []:
            tool_args[call.id] = call.function.arguments
    return Held(texts, tool_args, frozenset(message.id for message in run_input.messages))


class ReplayTrim:
    """Cuts a replayed run's events to what the client does not hold yet. The official
    client applies a message's start to a message it has by reusing it, but appends every
    content or arguments delta and inserts every tool result: the run's events replayed in
    full to a client that got part of them before its connection dropped doubled the text
    it had (and its next input then carried the doubled text). Starts and ends are kept (its
    event checks want them around any content); a delta keeps only what follows the text the
    client holds; a tool result it holds is left out."""

    def __init__(self, held: Held):
        self.held = held
        self.streamed: dict[str, str] = {}  # text streamed so far per message / tool call

    def _rest(self, key: str, delta: str, held: str | None) -> str:
        before = self.streamed.get(key, "")
        after = self.streamed[key] = before + delta
        if held is None:
            return delta
        if not (after.startswith(held) or held.startswith(after)):
            return ""  # the client's own version of the message stands
        return after[max(len(held), len(before)) :]

    def __call__(self, event: dict) -> dict | None:
        kind = event.get("type")
        if kind == "TEXT_MESSAGE_CONTENT":
            key = event["messageId"]
            rest = self._rest(key, event["delta"], self.held.texts.get(key))
            return {**event, "delta": rest} if rest else None
        if kind == "TOOL_CALL_ARGS":
            key = event["toolCallId"]
            rest = self._rest(f"call:{key}", event["delta"], self.held.tool_args.get(key))
            return {**event, "delta": rest} if rest else None
        if kind == "TOOL_CALL_RESULT" and event.get("messageId") in self.held.ids:
            return None
        return event
