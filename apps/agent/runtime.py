"""The request lifecycle: prepare context → model decision → validate and dispatch →
observation → persist (ARCHITECTURE.md). Wraps the pure loop (`apps.agent.loop`) with the
database: the run record, the thread's history, artifacts and the stored event stream.

RUN_FINISHED is sent only after the run record is saved. If saving fails, the run ends with
RUN_ERROR saying so, and the outcome is written to var/unsaved-runs/ so nothing is lost.
"""

import json
import logging
import re
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ag_ui.core import (
    PROTOCOL_VERSION,
    CustomEvent,
    RunErrorEvent,
    RunFinishedEvent,
    RunStartedEvent,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
)

from apps.a2ui.actions import (
    action_names,
    context_fit_problem,
    context_problem,
    declared_context_keys,
)
from apps.a2ui.negotiation import version_for
from apps.a2ui.translate import messages_for_version
from apps.accounts.access import AccessContext
from apps.agent import context as agent_context
from apps.agent import events, refusals, selectors, services
from apps.agent.agui_events import run_outcome, surface_snapshot
from apps.agent.answered_forms import (
    ANSWERS_FORM,
    form_answered_event,
    submitted_answer,
    submitted_values,
)
from apps.agent.inbound import UserAction, UserText
from apps.agent.loop import ARTIFACT_EVENT, LoopResult, StopReason, run_turns
from apps.agent.messages import Message, new_id
from apps.agent.providers import Provider, build_provider
from apps.agent.refusals import Refusal
from apps.agent.tools.registry import ToolRegistry
from apps.agent.tools.registry import registry as default_registry
from project import env

log = logging.getLogger("tessera.agent")


RECORD_NOT_SAVED = (
    "The answer was produced but the run record could not be saved ({error}). "
    "Its outcome was kept in {path}; try again in a moment."
)
PROVIDER_NOT_CONFIGURED = "The model provider is not configured correctly: {error}"
EVENTS_NOT_STORED = (
    "The database was unavailable for a moment and {count} part(s) of this answer could not "
    "be saved, so it is incomplete. Ask again."
)
# Pauses between attempts to store the event that ends a run (a database restart takes a few
# seconds; the browser waits for this event).
FINAL_EVENT_RETRY_SECONDS = (0.25, 0.5, 1, 2, 2, 2, 2, 2)


@dataclass
class RunOutcome:
    thread_id: str
    run_id: str
    status: str
    messages: list[dict[str, str]]
    artifacts: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""

    def as_json(self) -> dict[str, Any]:
        data = {
            "thread_id": self.thread_id,
            "run_id": self.run_id,
            "status": self.status,
            "messages": self.messages,
            "artifacts": self.artifacts,
        }
        if self.error:
            data["error"] = self.error
        return data


def _label(key: str) -> str:
    words = re.sub(r"(?<=[a-z0-9])([A-Z])", r" \1", key).replace("_", " ").strip()
    return words[:1].upper() + words[1:].lower()


def _value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_value(item) for item in value)
    return str(value)


def action_message(action: UserAction) -> Message:
    """The person's answer to a surface, as the user turn the agent continues from: readable
    text for the conversation, the exact action in metadata for planners."""
    body = action.action
    answers = " · ".join(
        f"{_label(key)}: {_value(value)}"
        for key, value in body.context.items()
        if value not in (None, "", [])
    )
    return Message.user(
        f"Submitted: {answers}" if answers else f"Submitted ({body.name})"
    ).model_copy(
        update={
            "metadata": {
                "a2ui_action": {
                    "name": body.name,
                    "surfaceId": body.surface_id,
                    "sourceComponentId": body.source_component_id,
                    "context": body.context,
                }
            }
        }
    )


UNKNOWN_SURFACE = "There is no form {surface_id!r} in this thread to answer."
UNKNOWN_ACTION = (
    "The form {surface_id!r} has no action {name!r}; its buttons send {names}. An answer is "
    "what one of its buttons sends."
)


class ActionRejected(Refusal):
    """A user action that does not answer a surface of this thread."""

    def __init__(self, surface_id: str):
        super().__init__(
            refusals.UNKNOWN_SURFACE, UNKNOWN_SURFACE.format(surface_id=surface_id), status=400
        )


def action_check(*, context: AccessContext, thread_id, action: UserAction) -> None:
    body = action.action
    messages = selectors.surface_messages(
        context=context, thread_id=thread_id, surface_id=body.surface_id
    )
    if messages is None:
        raise ActionRejected(body.surface_id)
    if problem := context_problem(body.context):
        raise refusals.invalid_message([], problem)
    names = action_names(messages)
    if body.name not in names:
        raise Refusal(
            refusals.UNKNOWN_ACTION,
            UNKNOWN_ACTION.format(
                surface_id=body.surface_id, name=body.name, names=", ".join(sorted(names)) or "none"
            ),
            status=400,
        )
    declared = declared_context_keys(messages, body.name)
    if problem := context_fit_problem(body.context, declared=declared, name=body.name):
        raise refusals.invalid_message([], problem)


def artifact_summary(kind: str, payload: dict[str, Any]) -> str:
    if kind == "sql_result":
        count = payload.get("row_count", 0)
        more = " (truncated)" if payload.get("truncated") else ""
        return f"{count} row{'s' if count != 1 else ''}{more}"
    return ""


class _RunEvents:
    """Turns the loop's events into stored, numbered thread events; stores artifacts first
    so that an artifact event always names something the page can load.

    The loop's events are kept until the loop flushes them: it does before anything that may
    take time (a model's answer, a tool), so the events produced together between two such
    points are stored in one transaction and sent as one message (apps/agent/events.py)."""

    def __init__(self, context: AccessContext, thread_id, run_id, *, a2ui_version: str):
        self.context, self.thread_id, self.run_id = context, thread_id, run_id
        self.a2ui_version = a2ui_version  # what the client declared it renders
        self.artifacts: list[dict[str, Any]] = []
        self.surfaces: list[dict[str, Any]] = []  # forms shown by this run, in order
        self.pending: list[Any] = []  # loop events not stored yet, in order
        self.lost = 0  # events that could not be stored: the run cannot finish as complete

    def emit(self, *batch) -> list[dict[str, Any]]:
        """Store these events (after any pending ones) now; raises if they cannot be."""
        self.flush()
        return events.events_emit(
            list(batch), context=self.context, thread_id=self.thread_id, run_id=self.run_id
        )

    def text_events(self, role: str, text: str) -> list:
        message_id = new_id("msg")
        return [
            TextMessageStartEvent(message_id=message_id, role=role),
            TextMessageContentEvent(message_id=message_id, delta=text),
            TextMessageEndEvent(message_id=message_id),
        ]

    def on_loop_event(self, event_type: str, payload: dict[str, Any]) -> None:
        if event_type == "CUSTOM" and payload.get("name") == ARTIFACT_EVENT:
            try:
                self._artifact(payload["value"])
            except Exception:  # the loop must go on; the run record keeps what happened
                self.lost += 1
                log.exception("could not store an artifact of run %s", self.run_id)
        else:
            self.pending.append(payload)

    def flush(self) -> None:
        """Store the pending events; if they cannot be, they are lost (counted): the loop
        must go on, and the run ends with EVENTS_NOT_STORED."""
        batch, self.pending = self.pending, []
        if not batch:
            return
        try:
            events.events_emit(
                batch, context=self.context, thread_id=self.thread_id, run_id=self.run_id
            )
        except Exception:
            self.lost += len(batch)
            log.exception("could not store %d event(s) of run %s", len(batch), self.run_id)

    def emit_final(self, event) -> None:
        """Store the event that ends the run, waiting out a short database outage."""
        self.flush()
        for pause in (0, *FINAL_EVENT_RETRY_SECONDS):
            time.sleep(pause)
            try:
                self.emit(event)
                return
            except Exception as error:
                log.warning("run %s: final event not stored yet: %s", self.run_id, error)
        log.error("run %s: its final event could not be stored", self.run_id)

    def _artifact(self, draft: dict[str, Any]) -> None:
        kind, payload = draft["kind"], draft["payload"]
        wanted = self.a2ui_version
        if kind == "a2ui_surface" and any(m.get("version") != wanted for m in payload["messages"]):
            # Surfaces are built in v0.9; the client gets (and the thread keeps) its version.
            messages = messages_for_version(payload["messages"], wanted)
            payload = {**payload, "messages": messages}
        artifact = services.artifact_create(
            context=self.context,
            kind=kind,
            payload=payload,
            thread_id=self.thread_id,
            run_id=self.run_id,
            artifact_id=draft["id"],
        )
        self.artifacts.append({"id": artifact.id, "kind": kind, **payload})
        if kind == "a2ui_surface":
            self.surfaces.append(
                {
                    "surfaceId": payload["surface_id"],
                    "title": draft.get("title"),
                    "toolCallId": draft.get("toolCallId"),
                }
            )
            self.pending.append(surface_snapshot(artifact.id, payload))
        self.pending.append(
            CustomEvent(
                name="artifact",
                value={
                    "id": artifact.id,
                    "kind": kind,
                    "title": draft.get("title") or payload.get("title", ""),
                    "summary": artifact_summary(kind, payload),
                    "toolCallId": draft.get("toolCallId"),
                },
            )
        )


def _unsaved_path(run_id) -> str:
    folder = env.VAR_DIR / "unsaved-runs"
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / f"{run_id}.json")


def _steps_for_record(result: LoopResult) -> list[dict[str, Any]]:
    steps = []
    for step in result.steps:
        data = step.model_dump(mode="json")
        proposal = data.get("proposal") or {}
        steps.append(
            {
                "kind": "decision",
                "proposal": proposal,
                "calls": data["calls"],
                "observations": [
                    {
                        "call_id": call["call"]["id"],
                        "status": call["status"],
                        "observation": call["observation"],
                    }
                    for call in data["calls"]
                ],
                "timings": {
                    "model_ms": data["model_ms"],
                    "tools_ms": data["tools_ms"],
                    "started_at": data["started_at"],
                },
                "usage": proposal.get("usage", {}),
            }
        )
    return steps


def _usage_by_role(result: LoopResult) -> dict[str, Any]:
    usage = result.usage
    return {
        "agent": {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens},
        "by_model": [
            entry.model_dump(mode="json", by_alias=True) for entry in result.token_usage()
        ],
    }


def run_execute(
    *,
    context: AccessContext,
    thread_id,
    message: UserText | UserAction,
    provider: Provider | None = None,
    registry: ToolRegistry | None = None,
    as_of: date | None = None,
    message_id: str = "",
) -> RunOutcome:
    """Run one request to its end (blocking). Safe to call from a worker thread.

    Raises ActionRejected, before anything is stored, for an action on an unknown surface."""
    if isinstance(message, UserAction):
        action_check(context=context, thread_id=thread_id, action=message)
    user_message = (
        Message.user(message.text) if isinstance(message, UserText) else action_message(message)
    )
    request_text = user_message.text
    try:
        provider = provider or build_provider()
    except Exception as error:  # a configuration error is reported like any failed run
        provider_error = PROVIDER_NOT_CONFIGURED.format(error=error)
        provider = None
    else:
        provider_error = ""
    run = services.run_create(
        context=context,
        thread_id=thread_id,
        request=request_text,
        provider=getattr(provider, "name", "") if provider else "",
        client_message_id=message_id,
    )
    metadata = message.metadata.as_wire() if message.metadata else None
    stream = _RunEvents(context, thread_id, run.id, a2ui_version=version_for(metadata))
    stream.emit(
        RunStartedEvent(
            thread_id=str(thread_id), run_id=str(run.id), protocol_version=PROTOCOL_VERSION
        ),
        *stream.text_events("user", request_text),
        *_submitted_form(context, thread_id, message),
    )
    if provider is None:
        services.messages_append(
            context=context, thread_id=thread_id, run_id=run.id, messages=[user_message]
        )
        services.run_record_save(
            context=context,
            run_id=run.id,
            status="failed",
            steps=[],
            usage={},
            context_summary={},
            error=provider_error,
        )
        stream.emit(RunErrorEvent(message=provider_error, code="PROVIDER_CONFIG"))
        return RunOutcome(
            str(thread_id),
            str(run.id),
            "failed",
            [{"role": "user", "text": request_text}],
            error=provider_error,
        )

    today = as_of or date.today()
    history = [*services.thread_history(context=context, thread_id=thread_id), user_message]
    if provider.name != "builtin":
        # Network models get the schema and rules as a system message; it is rebuilt per run
        # (never stored), so the stored history stays provider-neutral.
        history = [agent_context.system_message(context, today=today), *history]
    run_context = {
        "access": context,
        "thread_id": str(thread_id),
        "run_id": str(run.id),
        "as_of": today.isoformat(),
        "tenant": context.tenant_slug,
        "role": context.role,
        "provider": provider.name,
    }
    result = run_turns(
        provider,
        registry or default_registry,
        history,
        context=run_context,
        on_event=stream.on_loop_event,
        on_flush=stream.flush,
    )
    stream.pending.extend(_forms_answered_by_text(context, thread_id, result, request_text))
    stream.flush()
    messages = [{"role": "user", "text": request_text}] + [
        {"role": item.role, "text": item.text}
        for item in result.new_messages
        if item.role == "assistant" and item.text
    ]
    outcome = RunOutcome(
        str(thread_id), str(run.id), result.status, messages, stream.artifacts, result.error or ""
    )
    if stream.lost and result.stop_reason is not StopReason.PROVIDER_FAILED:
        outcome.status, outcome.error = "failed", EVENTS_NOT_STORED.format(count=stream.lost)
    try:
        services.run_conclude(
            context=context,
            thread_id=thread_id,
            run_id=run.id,
            messages=[user_message, *result.new_messages],
            status=outcome.status,
            steps=_steps_for_record(result),
            usage=_usage_by_role(result),
            context_summary={
                "history_messages": len(history),
                "tools": (registry or default_registry).names(),
                "provider": provider.name,
                "as_of": run_context["as_of"],
                "stop_reason": str(result.stop_reason),
            },
            error=outcome.error,
        )
    except Exception as error:
        path = _unsaved_path(run.id)
        with open(path, "w") as handle:
            json.dump(
                {"outcome": outcome.as_json(), "loop": result.model_dump(mode="json")}, handle
            )
        log.exception("run %s: record not saved", run.id)
        message = RECORD_NOT_SAVED.format(error=type(error).__name__, path=path)
        outcome.status, outcome.error = "failed", message
        stream.emit_final(RunErrorEvent(message=message, code="RECORD_NOT_SAVED"))
        return outcome
    if result.stop_reason is StopReason.PROVIDER_FAILED:
        stream.emit_final(
            RunErrorEvent(
                message=result.error or "The model provider failed.", code="PROVIDER_FAILED"
            )
        )
    elif stream.lost:
        stream.emit_final(RunErrorEvent(message=outcome.error, code="EVENTS_NOT_STORED"))
    else:
        stream.emit_final(
            RunFinishedEvent(
                thread_id=str(thread_id),
                run_id=str(run.id),
                result={"status": result.status, "stopReason": str(result.stop_reason)},
                outcome=run_outcome(result, stream.surfaces),
            )
        )
    return outcome


def _submitted_form(context: AccessContext, thread_id, message) -> list:
    """A submission answers its form: the event that shows it answered, with what was chosen
    (none when the form was answered already, by a message typed while it waited). Only a
    form a run waited on is answered so: reading chips and other surfaces stay usable."""
    if not isinstance(message, UserAction):
        return []
    body = message.action
    if body.surface_id not in selectors.asked_forms(context=context, thread_id=thread_id):
        return []
    if body.surface_id in selectors.answered_surfaces(context=context, thread_id=thread_id):
        return []
    surface = selectors.surface_messages(
        context=context, thread_id=thread_id, surface_id=body.surface_id
    )
    answer = submitted_answer(surface or [], body.name, body.context)
    values = submitted_values(surface or [], body.name, body.context)
    return [form_answered_event(body.surface_id, "submit", answer, values)]


def _forms_answered_by_text(context: AccessContext, thread_id, result: LoopResult, text: str):
    """The forms this run's planner read the typed message as the answer of (ANSWERS_FORM in
    its assistant messages' metadata), each once."""
    named = {
        item.metadata[ANSWERS_FORM]
        for item in result.new_messages
        if item.role == "assistant" and isinstance(item.metadata.get(ANSWERS_FORM), str)
    }
    if not named:
        return []
    named -= selectors.answered_surfaces(context=context, thread_id=thread_id)
    return [form_answered_event(surface_id, "typed", text) for surface_id in sorted(named)]


def run_start_background(
    *, context: AccessContext, thread_id, message: UserText | UserAction, message_id: str = ""
) -> str:
    """Queue a run of the message as a job (apps/agent/tasks.py): it goes on if the browser
    disconnects, and in workers mode even if this web process stops. Returns the job id.
    Raises a `Refusal`: `limits.LimitExceeded` when the person or the tenant is over a limit,
    THREAD_BUSY while the thread is still answering, and `ActionRejected` for an action on a
    surface this thread does not have."""
    from apps.agent import limits, tasks

    if isinstance(message, UserAction):
        action_check(context=context, thread_id=thread_id, action=message)
    queued = limits.run_admit(
        context=context,
        thread_id=thread_id,
        enqueue=lambda: tasks.run_message.enqueue(
            tenant_id=context.tenant_id,
            user_id=context.user_id,
            thread_id=str(thread_id),
            message=message.model_dump(mode="json", by_alias=True),
            message_id=message_id,
        ),
    )
    return queued.id
