"""AG-UI's HTTP binding, the input side: a `RunAgentInput` (AG-UI 1.0, validated with the
`ag-ui-protocol` models) becomes the turn Tessera runs on one of the person's threads.

- `threadId` names the thread: an id of one of the person's threads selects it; any other
  string creates a thread for it (a UUID is used as the thread's id, another string is mapped
  to one per person by a key only the server holds, `named_thread_ids`), and the events name
  the thread by the client's `threadId`.
- `runId` is the client's name for the run: RUN_STARTED and RUN_FINISHED carry it (and
  `parentRunId` when the input names one), as AG-UI's lifecycle events echo the input's ids.
  Tessera's own id of the run (its records, /api/threads/<id>/events) is in RUN_STARTED's
  `metadata.tesseraRunId`.
- The turn is the newest user message in `messages`. Tessera keeps each thread's history on
  the server, so earlier messages, `tools`, `context` and `state` are not read. A user
  message a run of the thread has answered already (the same id and text: the input sent
  again after a dropped connection) is not run again: the turn replays that run
  (apps/agent/replays.py).
- A2UI form answers arrive the way AG-UI carries human-in-the-loop input: a run that shows a
  form ends with RUN_FINISHED whose outcome is an interrupt per open form (runtime.py), bound
  to the form's show_form tool call (`toolCallId`); the next input answers it in `resume`
  (`status: "resolved"`, `payload`: the A2UI action, i.e. `{"name", "context",
  "sourceComponentId"}`), or abandons it (`"cancelled"`) and asks something else. Two other
  conventions carry the same action: a `tool` message for that toolCallId as the newest
  message (frontend tools), and `forwardedProps.a2uiAction.userAction` (`@ag-ui/a2ui-
  middleware`). A `tool` message as the newest message that answers no open form (a wrong
  or stale toolCallId) is refused: it is no turn, and the older user message before it must
  not be run again.
- The A2UI version of the forms follows what the client declared it renders, in
  `forwardedProps` under A2UI's metadata names `a2uiClientCapabilities` (v0.9) or
  `a2uiRendererCapabilities` (v1.0), keyed by version (apps/a2ui/negotiation.py); a client
  that declares nothing gets v0.9.
- While a thread waits on an interrupt, an input that addresses none of it is refused
  (AG-UI's "pending interrupts block new input"), as REQUEST_REFUSED: no run starts.
"""

import uuid
from dataclasses import dataclass
from typing import Any

from ag_ui.core import RunAgentInput, ToolMessage, UserMessage
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.crypto import salted_hmac
from pydantic import ValidationError

from apps.a2ui.negotiation import CAPABILITY_KEYS
from apps.accounts.access import AccessContext
from apps.agent import jsontext, replays, selectors, services
from apps.agent.agui_events import INTERRUPT_PREFIX, interrupt_id
from apps.agent.inbound import (
    MAX_TEXT,
    ClientMetadata,
    UserAction,
    UserText,
    parse_client_message,
)
from apps.agent.input_checks import has_control_characters
from apps.agent.limits import TOO_LARGE
from apps.agent.refusals import INTERRUPT_PENDING, Refusal, invalid_message

# Namespace of the ids derived, before round 20, from the user id and a client's non-UUID
# threadId alone: anyone who knew both could create that thread first and lock its owner out.
# Still looked up, so a person's threads named so go on.
LEGACY_THREAD_NAMESPACE = uuid.UUID("5f1c2f0e-8a2b-4f7e-9d0a-7c1e2b3a4d5e")
THREAD_KEY_SALT = "tessera.agent.agui.thread-name"

# A threadId is echoed in every event and names a thread per person: a UUID is 36 characters,
# a client's own names fit well within this; longer is not a name.
MAX_THREAD_ID = 200
# Longest client message id kept on a run (its column): a longer one is known by its start.
MAX_MESSAGE_ID = 200
# A front end sends the whole conversation in every input (AG-UI clients do); Tessera reads
# only the newest user message, yet validating each costs ~17 µs of a shared worker: a 2.5 MB
# body of 50,000 tiny messages held it for most of a second. A long conversation (a user
# message, an answer, tool calls and results, activities per turn) is a few hundred
# messages; this is ten times that, and validates in under a tenth of a second.
MAX_MESSAGES = 5000
TOO_MANY_MESSAGES = (
    "messages holds {count} items; at most {limit} are read (Tessera keeps the thread's "
    "history itself, so the newest messages are enough)."
)
BAD_ID = (
    "{field} must be 1 to {limit} characters, at least one of them visible, with no "
    "control characters, line breaks or bidirectional overrides."
)
BAD_THREAD_ID = BAD_ID.format(field="threadId", limit=MAX_THREAD_ID)
# runId and parentRunId are echoed in the run's lifecycle events: names, like threadId.
ECHOED_RUN_IDS = {"runId": "run_id", "parentRunId": "parent_run_id"}

NO_TURN = "The input has no user message with text, and no answer to a form (resume)."
NOT_YOURS = "threadId {thread_id!r} names a thread that is not yours."
UNCORRELATED = "resume names interrupt {interrupt_id!r}, which this thread is not waiting on."
STILL_WAITING = (
    "This thread is waiting for the answer to {ids}; send it in `resume` (status "
    "'resolved' with the form's action, or 'cancelled' to ask something else)."
)
WRONG_TOOL_CALL = (
    "The newest message is a tool result for toolCallId {tool_call_id!r}, which is not the "
    "show_form call of a form this thread waits on ({ids}); answer a form with its "
    "interrupt's toolCallId, or in `resume`."
)
STALE_TOOL_CALL = (
    "The newest message is a tool result for toolCallId {tool_call_id!r}, but this thread "
    "waits on no form (one that was shown has been answered or put aside); ask with a user "
    "message."
)
BAD_ANSWER = "The answer to {interrupt_id!r} must be an A2UI action: {detail}"
BAD_CAPABILITIES = (
    'forwardedProps.{key} must map A2UI versions to {{"supportedCatalogIds": [...]}}.'
)


@dataclass(frozen=True)
class Turn:
    thread_id: uuid.UUID
    client_thread_id: str
    message: UserText | UserAction | None
    message_id: str = ""  # the client's id of the user message run
    # Set when a run answered the message already: its events follow this sequence number,
    # less what the client holds.
    replay_after: int | None = None
    held: replays.Held | None = None


def run_input_parse(body: Any) -> RunAgentInput:
    if not isinstance(body, dict):
        raise invalid_message([], "The body must be a JSON object: an AG-UI RunAgentInput.")
    messages = body.get("messages")
    if isinstance(messages, list) and len(messages) > MAX_MESSAGES:
        message = TOO_MANY_MESSAGES.format(count=len(messages), limit=MAX_MESSAGES)
        raise Refusal(TOO_LARGE, message, 413)
    try:
        run_input = RunAgentInput.model_validate(body)
    except ValidationError as error:
        errors = error.errors(include_url=False, include_context=False, include_input=False)
        raise invalid_message(errors, "The body is not a valid AG-UI RunAgentInput.") from error
    for field, attribute in ECHOED_RUN_IDS.items():
        value = getattr(run_input, attribute)
        if value is not None and not _is_name(value):
            message = BAD_ID.format(field=field, limit=MAX_THREAD_ID)
            raise invalid_message([{"loc": [field], "msg": message}], message)
    return run_input


def _is_name(value: str) -> bool:
    """A client's id that is echoed in events: visible, short, nothing that reorders or
    breaks the text it is shown in."""
    return (
        _has_visible_character(value)
        and len(value) <= MAX_THREAD_ID
        and not has_control_characters(value)
    )


def _keyed_thread_id(value: str, secret: str) -> uuid.UUID:
    digest = salted_hmac(THREAD_KEY_SALT, value, secret=secret, algorithm="sha256").digest()
    return uuid.UUID(bytes=digest[:16], version=4)


def named_thread_ids(*, user_id: int, name: str) -> list[uuid.UUID]:
    """The ids a person's thread name may have, the one a new thread gets first: an HMAC of
    the user id and the name under the server's secret (then under each retired secret, so a
    rotation keeps the threads), so no one else can compute the id and take it first; last
    the id the name had before it was keyed (LEGACY_THREAD_NAMESPACE)."""
    value = f"{user_id}:{name}"
    secrets = [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]
    keyed = [_keyed_thread_id(value, secret) for secret in secrets]
    return [*keyed, uuid.uuid5(LEGACY_THREAD_NAMESPACE, value)]


def _has_visible_character(text: str) -> bool:
    """Whether some character of `text` shows: not a space, and not an invisible format
    character (zero-width space, word joiner, byte order mark), which `str.isprintable`
    counts as unprintable. A name made of those alone reads as an empty one."""
    return any(char.isprintable() and not char.isspace() for char in text)


def _thread(context: AccessContext, client_thread_id: str) -> uuid.UUID:
    if not _is_name(client_thread_id):
        raise invalid_message([{"loc": ["threadId"], "msg": BAD_THREAD_ID}], BAD_THREAD_ID)
    try:
        candidates = [uuid.UUID(client_thread_id)]
    except ValueError:
        candidates = named_thread_ids(user_id=context.user_id, name=client_thread_id)
    # Row security shows only the person's own threads: a thread someone else made under
    # one of these ids is never selected.
    if (
        found := selectors.thread_first_visible(context=context, thread_ids=candidates)
    ) is not None:
        return found
    thread_id = candidates[0]
    try:
        with transaction.atomic():
            services.thread_create(context=context, thread_id=thread_id)
    except IntegrityError as taken:
        # Taken between the look and the insert: by another input of the same person (a
        # client that sends its first inputs on a new threadId at once; the insert waited for
        # that one to commit, so the thread is visible now), or by someone else.
        if (
            found := selectors.thread_first_visible(context=context, thread_ids=candidates)
        ) is not None:
            return found
        raise Refusal(
            "UNKNOWN_THREAD", NOT_YOURS.format(thread_id=client_thread_id), 404
        ) from taken
    return thread_id


def _text(message: UserMessage) -> str:
    if isinstance(message.content, str):
        return message.content
    return "\n".join(part.text for part in message.content if getattr(part, "type", "") == "text")


def _newest_user_message(run_input: RunAgentInput) -> tuple[str, str] | None:
    """The newest user message's id and text, or None when it has no text (or there is none)."""
    for message in reversed(run_input.messages):
        if isinstance(message, UserMessage) or getattr(message, "role", "") == "user":
            text = _text(message).strip()
            return (message.id[:MAX_MESSAGE_ID], text) if text else None
    return None


def _forwarded_action(run_input: RunAgentInput) -> dict | None:
    """The A2UI action in `forwardedProps.a2uiAction.userAction` (@ag-ui/a2ui-middleware)."""
    forwarded = run_input.forwarded_props if isinstance(run_input.forwarded_props, dict) else {}
    carrier = forwarded.get("a2uiAction")  # a string or a list here was a 500
    user_action = carrier.get("userAction") if isinstance(carrier, dict) else None
    return user_action if isinstance(user_action, dict) and user_action.get("surfaceId") else None


def _answering_tool_message(
    context: AccessContext, thread_id, run_input: RunAgentInput
) -> ToolMessage | None:
    """The newest message when it is a `tool` message given as an answer (no `resume`), not
    one of the thread's own tool results the client holds (replays.result_of_thread)."""
    newest = run_input.messages[-1] if run_input.messages else None
    if run_input.resume or not isinstance(newest, ToolMessage):
        return None
    if replays.result_of_thread(context=context, thread_id=thread_id, message_id=newest.id):
        return None
    return newest


def _carries_answer(run_input: RunAgentInput, tool_message: ToolMessage | None) -> bool:
    """Whether the input answers a form (resume, a tool message, the middleware's action)
    rather than asking with its newest user message."""
    forwarded = _forwarded_action(run_input)
    return bool(run_input.resume) or tool_message is not None or forwarded is not None


def _action(surface_id: str, answer: Any, interrupt: str) -> UserAction:
    body = answer.get("action", answer) if isinstance(answer, dict) else answer
    if isinstance(body, dict):
        body = {key: value for key, value in body.items() if key != "surfaceId"}
    try:
        return parse_client_message(
            {"type": "action", "action": {**(body or {}), "surfaceId": surface_id}}
        )
    except (ValidationError, TypeError) as error:
        detail = str(error).splitlines()[0] if str(error) else "not an object"
        raise invalid_message(
            [], BAD_ANSWER.format(interrupt_id=interrupt, detail=detail)
        ) from error


def _tool_answer(message: ToolMessage, waiting: dict[str, dict]) -> tuple[str, UserAction]:
    """The interrupt a newest `tool` message answers, and its action; a Refusal when its
    toolCallId is no open form's (the thread waits on another, or on none: a stale answer)."""
    for key, item in waiting.items():
        if item.get("toolCallId") == message.tool_call_id:
            try:
                payload = jsontext.loads(message.content, what="The tool message's content")
            except ValueError as error:
                raise invalid_message(
                    [], BAD_ANSWER.format(interrupt_id=key, detail=str(error))
                ) from error
            return key, _action(key.removeprefix(INTERRUPT_PREFIX), payload, key)
    if waiting:
        ids = ", ".join(
            f"{key}: toolCallId {item.get('toolCallId')!r}" for key, item in waiting.items()
        )
        text = WRONG_TOOL_CALL.format(tool_call_id=message.tool_call_id, ids=ids)
        raise Refusal(INTERRUPT_PENDING, text, 409)
    raise Refusal(
        "UNKNOWN_INTERRUPT", STALE_TOOL_CALL.format(tool_call_id=message.tool_call_id), 400
    )


def _answer(
    run_input: RunAgentInput, pending: list[dict], tool_message: ToolMessage | None
) -> UserAction | None:
    """The form answer the input carries, checked against the interrupts the thread waits on."""
    waiting = {item["id"]: item for item in pending}
    answered: set[str] = set()
    action = None
    if tool_message is not None:
        key, action = _tool_answer(tool_message, waiting)
        answered.add(key)
    for entry in run_input.resume or []:
        if entry.interrupt_id not in waiting:
            raise Refusal(
                INTERRUPT_PENDING if waiting else "UNKNOWN_INTERRUPT",
                UNCORRELATED.format(interrupt_id=entry.interrupt_id),
                409 if waiting else 400,
            )
        answered.add(entry.interrupt_id)
        if entry.status == "resolved" and action is None:
            surface_id = entry.interrupt_id.removeprefix(INTERRUPT_PREFIX)
            action = _action(surface_id, entry.payload, entry.interrupt_id)
    user_action = _forwarded_action(run_input)
    if action is None and user_action is not None:
        surface_id = str(user_action["surfaceId"])
        action = _action(surface_id, user_action, interrupt_id(surface_id))
        # The middleware's convention names no interrupt: a form's answer moves the thread on.
        answered = set(waiting)
    missing = [key for key in waiting if key not in answered]
    if missing:
        raise Refusal(INTERRUPT_PENDING, STILL_WAITING.format(ids=", ".join(missing)), 409)
    return action


def _metadata(run_input: RunAgentInput) -> ClientMetadata | None:
    """The A2UI capabilities the client declared in forwardedProps, validated."""
    forwarded = run_input.forwarded_props if isinstance(run_input.forwarded_props, dict) else {}
    declared = {key: forwarded[key] for key in CAPABILITY_KEYS if key in forwarded}
    if not declared:
        return None
    try:
        return ClientMetadata.model_validate(declared)
    except ValidationError as error:
        key = str(error.errors()[0]["loc"][0]) if error.errors() else CAPABILITY_KEYS[0]
        errors = error.errors(include_url=False, include_context=False, include_input=False)
        raise invalid_message(errors, BAD_CAPABILITIES.format(key=key)) from error


def turn_from_input(*, context: AccessContext, run_input: RunAgentInput) -> Turn:
    """The thread and the message to run; raises Refusal when there is nothing to run."""
    thread_id = _thread(context, run_input.thread_id)
    metadata = _metadata(run_input)
    newest = _newest_user_message(run_input)
    tool_message = _answering_tool_message(context, thread_id, run_input)
    if newest is not None and not _carries_answer(run_input, tool_message):
        # Checked before the interrupts: the input that showed a form, sent again, gets it
        # again from its run rather than "the thread waits on that form".
        message_id, text = newest
        after = replays.replay_after(
            context=context, thread_id=thread_id, message_id=message_id, text=text
        )
        if after is not None:
            held = replays.held_by_client(run_input)
            return Turn(thread_id, run_input.thread_id, None, message_id, after, held)
    pending = selectors.pending_interrupts(context=context, thread_id=thread_id)
    action = _answer(run_input, pending, tool_message)
    if action is not None:
        return Turn(
            thread_id, run_input.thread_id, action.model_copy(update={"metadata": metadata})
        )
    if newest is None:
        raise invalid_message([], NO_TURN)
    message_id, text = newest
    if len(text) > MAX_TEXT:
        raise invalid_message([], f"The user message is longer than {MAX_TEXT} characters.")
    message = UserText(type="message", text=text, metadata=metadata)
    return Turn(thread_id, run_input.thread_id, message, message_id)
