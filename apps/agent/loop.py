"""The run loop: model decision → validate → dispatch → observation, repeated.

`run_turns()` is pure Python (no database): the caller persists what it returns and what it
emits. Each iteration is two AG-UI steps, `model-N` and `tools-N`:

1. `model-N`: the provider gets the neutral history and the tool specs. Text streams out as
   TEXT_MESSAGE_START/CONTENT/END while it arrives; when the proposal is complete its tool calls
   are announced whole (TOOL_CALL_START/ARGS/END) — a call is only shown once it can be checked.
   A retry or failover inside the provider emits CUSTOM `tessera.model_retry` /
   `tessera.model_failover`, naming the partly streamed message the client should drop.
2. `tools-N`: each call, in order, is checked (repeated? valid?) and only then run; its
   observation goes into the history as a tool message and out as TOOL_CALL_RESULT. Artifacts
   go out as CUSTOM `tessera.artifact`.

The loop ends when the model answers without calls, a tool needs the person's input, or a guard
or limit stops it (repeated call, repair attempts used up, steps, time, tokens, cancellation);
a stop is explained to the person in a final assistant message. A provider that cannot answer
ends the run as failed. RUN_STARTED / RUN_FINISHED / RUN_ERROR belong to the caller, which
sends RUN_FINISHED only after saving the run.

`on_event(type, payload)` receives each event as its AG-UI wire dict (camelCase, with "type");
it runs on the loop's thread and should not raise.
"""

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal, Self

from ag_ui.core import (
    BaseEvent,
    CustomEvent,
    StepFinishedEvent,
    StepStartedEvent,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
    TokenUsage,
    ToolCallArgsEvent,
    ToolCallEndEvent,
    ToolCallResultEvent,
    ToolCallStartEvent,
)
from pydantic import BaseModel, Field, JsonValue

from apps.agent import config as agent_config
from apps.agent.messages import Message, ToolCall, new_id
from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    Provider,
    ProviderError,
    ProviderNotice,
    TextDelta,
    Usage,
)
from apps.agent.tools.guard import MAX_REPAIRS, UNKNOWN_TOOL, CallGuard
from apps.agent.tools.observations import render_observation
from apps.agent.tools.registry import ToolRegistry
from apps.agent.tools.results import ArtifactDraft, ToolContext, ToolError, ToolResult
from apps.agent.tools.validation import Rejection

log = logging.getLogger(__name__)

ARTIFACT_EVENT = "tessera.artifact"
RETRY_EVENT = "tessera.model_retry"
FAILOVER_EVENT = "tessera.model_failover"

OnEvent = Callable[[str, dict[str, Any]], None]


class StopReason(StrEnum):
    FINISHED = "finished"
    NEEDS_INPUT = "needs_input"
    REPEATED_CALL = "repeated_call"
    REPAIR_LIMIT = "repair_limit"
    STEP_LIMIT = "step_limit"
    TIME_LIMIT = "time_limit"
    TOKEN_LIMIT = "token_limit"
    CANCELLED = "cancelled"
    PROVIDER_FAILED = "provider_failed"


# What the person reads when the loop stops early. Tests reuse these texts.
STOP_MESSAGES: dict[StopReason, str] = {
    StopReason.REPEATED_CALL: (
        "I stopped: the model repeated a tool call it had already made with the same arguments, "
        "which would not change the result. Try rephrasing the request."
    ),
    StopReason.REPAIR_LIMIT: (
        "I stopped: the model could not produce a valid tool call after {max_repairs} repair "
        "attempts. Try a more specific request."
    ),
    StopReason.STEP_LIMIT: (
        "I stopped after {max_steps} model steps without reaching an answer (the limit is "
        "TESSERA_AGENT_MAX_STEPS). Try a narrower request."
    ),
    StopReason.TIME_LIMIT: (
        "I stopped after {max_seconds:g} seconds without reaching an answer (the limit is "
        "TESSERA_AGENT_MAX_SECONDS)."
    ),
    StopReason.TOKEN_LIMIT: (
        "I stopped after using {max_tokens} model tokens without reaching an answer (the limit is "
        "TESSERA_AGENT_MAX_TOKENS)."
    ),
    StopReason.CANCELLED: "Stopped at your request.",
}

NOT_RUN = "Not run: the run stopped before this call ({reason})."
REPEATED = (
    "This call is identical to one already made in this run, so it was not run again. "
    "The run stops here."
)
TOOL_CRASHED = (
    "The tool failed unexpectedly. Changing the arguments will not help; tell the person "
    "this step failed."
)


@dataclass(frozen=True)
class LoopLimits:
    max_steps: int = 8
    max_seconds: float = 180.0
    max_tokens: int = 100_000
    max_repairs: int = MAX_REPAIRS

    @classmethod
    def from_env(cls) -> Self:
        limits = agent_config.load_limits()
        return cls(
            max_steps=limits.max_steps,
            max_seconds=limits.max_seconds,
            max_tokens=limits.max_tokens,
        )


CallStatus = Literal["ok", "needs_input", "rejected", "failed", "crashed", "repeated", "not_run"]


class CallRecord(BaseModel):
    """One proposed call and what became of it."""

    call: ToolCall
    status: CallStatus
    arguments: dict[str, JsonValue] | None = None
    errors: list[dict[str, JsonValue]] = Field(default_factory=list)
    observation: str
    is_error: bool
    artifacts: list[ArtifactDraft] = Field(default_factory=list)
    result_message_id: str
    repairs_left: int | None = None
    duration_ms: float = 0.0
    crash: str | None = None


class StepRecord(BaseModel):
    """One iteration: the context the model saw, its proposal, the calls and their timings."""

    index: int
    started_at: datetime
    context: dict[str, JsonValue]
    proposal: ModelProposal | None = None
    model_ms: float = 0.0
    calls: list[CallRecord] = Field(default_factory=list)
    tools_ms: float = 0.0
    error: str | None = None


class LoopResult(BaseModel):
    stop_reason: StopReason
    history: list[Message]
    new_messages: list[Message]
    steps: list[StepRecord]
    elapsed_ms: float
    error: str | None = None

    @property
    def status(self) -> Literal["finished", "needs_input", "failed"]:
        if self.stop_reason is StopReason.FINISHED:
            return "finished"
        if self.stop_reason is StopReason.NEEDS_INPUT:
            return "needs_input"
        return "failed"

    @property
    def usage(self) -> Usage:
        total = Usage()
        for step in self.steps:
            if step.proposal is not None:
                total = total + step.proposal.usage
        return total

    def token_usage(self) -> list[TokenUsage]:
        """Usage per provider and model, in AG-UI's shape (for RUN_FINISHED.usage)."""
        totals: dict[tuple[str, str], Usage] = {}
        for step in self.steps:
            if step.proposal is not None:
                key = (step.proposal.provider, step.proposal.model)
                totals[key] = totals.get(key, Usage()) + step.proposal.usage
        return [
            TokenUsage(
                provider=provider,
                model=model,
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
                total_tokens=usage.total_tokens,
            )
            for (provider, model), usage in totals.items()
        ]

    @property
    def artifacts(self) -> list[ArtifactDraft]:
        return [
            artifact for step in self.steps for call in step.calls for artifact in call.artifacts
        ]

    @property
    def final_text(self) -> str:
        for message in reversed(self.new_messages):
            if message.role == "assistant" and message.text:
                return message.text
        return ""


class _Emitter:
    def __init__(self, on_event: OnEvent | None) -> None:
        self._on_event = on_event

    def __call__(self, event: BaseEvent) -> None:
        if self._on_event is None:
            return
        if event.timestamp is None:
            event.timestamp = int(time.time() * 1000)
        payload = event.model_dump(mode="json", by_alias=True, exclude_none=True)
        self._on_event(payload["type"], payload)

    def text(self, message_id: str, text: str) -> None:
        self(TextMessageStartEvent(message_id=message_id, role="assistant"))
        self(TextMessageContentEvent(message_id=message_id, delta=text))
        self(TextMessageEndEvent(message_id=message_id))

    def custom(self, name: str, value: Any) -> None:
        self(CustomEvent(name=name, value=value))


class _Run:
    def __init__(
        self,
        provider: Provider,
        registry: ToolRegistry,
        history: list[Message],
        limits: LoopLimits,
        context: Mapping[str, Any],
        emit: _Emitter,
        share_rows_with_model: bool,
        cancel: threading.Event | None,
    ) -> None:
        self.provider = provider
        self.registry = registry
        self.history = list(history)
        self.new_messages: list[Message] = []
        self.limits = limits
        self.context = dict(context)
        self.emit = emit
        self.share_rows = share_rows_with_model
        self.cancel = cancel
        self.guard = CallGuard(limits.max_repairs)
        self.steps: list[StepRecord] = []
        self.started = time.monotonic()
        self.tools = registry.specs()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def append(self, message: Message) -> None:
        self.history.append(message)
        self.new_messages.append(message)

    def result(self, reason: StopReason, error: str | None = None) -> LoopResult:
        return LoopResult(
            stop_reason=reason,
            history=self.history,
            new_messages=self.new_messages,
            steps=self.steps,
            elapsed_ms=round(self.elapsed() * 1000, 1),
            error=error,
        )

    def interrupted(self) -> StopReason | None:
        """A reason to stop now (cancellation or time), checked before each model call and
        each tool call."""
        if self.cancel is not None and self.cancel.is_set():
            return StopReason.CANCELLED
        if self.elapsed() >= self.limits.max_seconds:
            return StopReason.TIME_LIMIT
        return None

    def budget_exhausted(self, index: int) -> StopReason | None:
        if index > self.limits.max_steps:
            return StopReason.STEP_LIMIT
        used = sum(s.proposal.usage.total_tokens for s in self.steps if s.proposal is not None)
        if used >= self.limits.max_tokens:
            return StopReason.TOKEN_LIMIT
        return None

    def run(self) -> LoopResult:
        index = 0
        while True:
            index += 1
            reason = self.interrupted() or self.budget_exhausted(index)
            if reason is not None:
                return self.stop(reason)
            step = StepRecord(
                index=index,
                started_at=datetime.now(UTC),
                context={
                    "messages": len(self.history),
                    "tools": [tool.name for tool in self.tools],
                    "provider": self.provider.name,
                },
            )
            self.steps.append(step)
            try:
                proposal = self.decide(step)
            except ProviderError as error:
                log.warning("run failed: the provider could not answer: %s", error)
                return self.result(StopReason.PROVIDER_FAILED, error=str(error))
            if not proposal.tool_calls:
                return self.result(StopReason.FINISHED)
            reason = self.dispatch(step, proposal.tool_calls)
            if reason is not None:
                return self.stop(reason)

    def stop(self, reason: StopReason) -> LoopResult:
        template = STOP_MESSAGES.get(reason)
        if template is not None:
            limits = self.limits
            text = template.format(
                max_repairs=limits.max_repairs,
                max_steps=limits.max_steps,
                max_seconds=limits.max_seconds,
                max_tokens=limits.max_tokens,
            )
            message = Message.assistant(text, metadata={"author": "harness", "stop_reason": reason})
            self.append(message)
            self.emit.text(message.id, text)
        return self.result(reason)

    # model-N

    def decide(self, step: StepRecord) -> ModelProposal:
        name = f"model-{step.index}"
        self.emit(StepStartedEvent(step_name=name))
        started = time.monotonic()
        request = ModelRequest(messages=self.history, tools=self.tools, context=self.context)
        message_id = new_id("msg")
        text_open = False
        proposal: ModelProposal | None = None
        try:
            for item in self.provider.stream(request):
                if isinstance(item, TextDelta):
                    if not item.text:
                        continue
                    if not text_open:
                        self.emit(TextMessageStartEvent(message_id=message_id, role="assistant"))
                        text_open = True
                    self.emit(TextMessageContentEvent(message_id=message_id, delta=item.text))
                elif isinstance(item, ProviderNotice):
                    discarded = None
                    if text_open:
                        self.emit(TextMessageEndEvent(message_id=message_id))
                        discarded, text_open = message_id, False
                        message_id = new_id("msg")
                    self.emit.custom(
                        RETRY_EVENT if item.kind == "retry" else FAILOVER_EVENT,
                        _notice_value(item, discarded),
                    )
                elif isinstance(item, ModelProposal):
                    proposal = item
            if proposal is None:
                raise PermanentProviderError(
                    f"{self.provider.name} ended its stream without a proposal"
                )
        except ProviderError as error:
            step.model_ms = round((time.monotonic() - started) * 1000, 1)
            step.error = str(error)
            metadata: dict[str, Any] = {"error": str(error), "durationMs": step.model_ms}
            if text_open:
                self.emit(TextMessageEndEvent(message_id=message_id))
                metadata["discardMessageId"] = message_id
            self.emit(StepFinishedEvent(step_name=name, metadata=metadata))
            raise
        step.model_ms = round((time.monotonic() - started) * 1000, 1)
        step.proposal = proposal

        if proposal.text and not text_open:
            self.emit(TextMessageStartEvent(message_id=message_id, role="assistant"))
            self.emit(TextMessageContentEvent(message_id=message_id, delta=proposal.text))
            text_open = True
        if text_open:
            self.emit(TextMessageEndEvent(message_id=message_id))
        for call in proposal.tool_calls:
            self.emit(
                ToolCallStartEvent(
                    tool_call_id=call.id, tool_call_name=call.name, parent_message_id=message_id
                )
            )
            self.emit(ToolCallArgsEvent(tool_call_id=call.id, delta=call.arguments))
            self.emit(ToolCallEndEvent(tool_call_id=call.id))
        self.append(proposal.to_message(message_id))
        self.emit(
            StepFinishedEvent(
                step_name=name,
                metadata={
                    "provider": proposal.provider,
                    "model": proposal.model,
                    "inputTokens": proposal.usage.input_tokens,
                    "outputTokens": proposal.usage.output_tokens,
                    "durationMs": step.model_ms,
                },
            )
        )
        return proposal

    # tools-N

    def dispatch(self, step: StepRecord, calls: list[ToolCall]) -> StopReason | None:
        name = f"tools-{step.index}"
        self.emit(StepStartedEvent(step_name=name))
        started = time.monotonic()
        stop: StopReason | None = None
        needs_input = False
        for call in calls:
            stop = stop or self.interrupted()
            record = self.not_run(call, stop) if stop is not None else self.handle(call)
            if record.status == "repeated":
                stop = StopReason.REPEATED_CALL
            elif record.repairs_left == 0:
                stop = StopReason.REPAIR_LIMIT
            needs_input = needs_input or record.status == "needs_input"
            step.calls.append(record)
            self.observe(record)
        step.tools_ms = round((time.monotonic() - started) * 1000, 1)
        self.emit(
            StepFinishedEvent(
                step_name=name,
                metadata={
                    "calls": len(step.calls),
                    "statuses": [record.status for record in step.calls],
                    "durationMs": step.tools_ms,
                },
            )
        )
        if stop is not None:
            return stop
        return StopReason.NEEDS_INPUT if needs_input else None

    def not_run(self, call: ToolCall, reason: StopReason) -> CallRecord:
        return CallRecord(
            call=call,
            status="not_run",
            observation=render_observation(
                {"error": "not_run", "message": NOT_RUN.format(reason=reason.value)}
            ),
            is_error=True,
            result_message_id=new_id("msg"),
        )

    def handle(self, call: ToolCall) -> CallRecord:
        started = time.monotonic()
        record = self._handle(call)
        record.duration_ms = round((time.monotonic() - started) * 1000, 1)
        return record

    def _handle(self, call: ToolCall) -> CallRecord:
        message_id = new_id("msg")
        if self.guard.is_repeat(call):
            return CallRecord(
                call=call,
                status="repeated",
                observation=render_observation({"error": "repeated_call", "message": REPEATED}),
                is_error=True,
                result_message_id=message_id,
            )
        outcome = self.registry.validate(call)
        if isinstance(outcome, Rejection):
            key = UNKNOWN_TOOL if outcome.reason == "unknown_tool" else call.name
            left = self.guard.record_failure(key)
            return CallRecord(
                call=call,
                status="rejected",
                errors=[error.as_json() for error in outcome.errors],
                repairs_left=max(left, 0),
                observation=render_observation(outcome.observation(repairs_left=left)),
                is_error=True,
                result_message_id=message_id,
            )
        arguments = outcome.arguments_json()
        context = ToolContext(
            call_id=call.id,
            tool=call.name,
            run=self.context,
            share_rows_with_model=self.share_rows,
            emit=self.emit.custom,
        )
        try:
            result: ToolResult = outcome.tool.run(outcome.arguments, context)
        except ToolError as error:
            left = self.guard.record_failure(call.name)
            observation: dict[str, JsonValue] = {
                "error": "tool_error",
                "tool": call.name,
                "message": str(error),
            }
            if error.field:
                observation["field"] = error.field
            observation["next"] = (
                f"Fix the call and try again ({left} repair attempt(s) left)."
                if left > 0
                else "No repair attempts left: the run stops here."
            )
            return CallRecord(
                call=call,
                status="failed",
                arguments=arguments,
                errors=[{"field": error.field or "(call)", "problem": str(error)}],
                repairs_left=max(left, 0),
                observation=render_observation(observation),
                is_error=True,
                result_message_id=message_id,
            )
        except Exception as error:
            log.exception("tool %s crashed", call.name)
            return CallRecord(
                call=call,
                status="crashed",
                arguments=arguments,
                observation=render_observation(
                    {"error": "tool_crashed", "tool": call.name, "message": TOOL_CRASHED}
                ),
                is_error=True,
                result_message_id=message_id,
                crash=f"{type(error).__name__}: {error}",
            )
        self.guard.record_success(call.name)
        return CallRecord(
            call=call,
            status="needs_input" if result.needs_input else "ok",
            arguments=arguments,
            observation=render_observation(result.content),
            is_error=False,
            artifacts=result.artifacts,
            result_message_id=message_id,
        )

    def observe(self, record: CallRecord) -> None:
        for artifact in record.artifacts:
            self.emit.custom(
                ARTIFACT_EVENT, {"toolCallId": record.call.id, **artifact.model_dump(mode="json")}
            )
        message = Message.tool_result(
            record.call,
            record.observation,
            is_error=record.is_error,
            id=record.result_message_id,
            metadata={"status": record.status},
        )
        self.append(message)
        self.emit(
            ToolCallResultEvent(
                message_id=message.id,
                tool_call_id=record.call.id,
                content=record.observation,
                role="tool",
            )
        )


def _notice_value(notice: ProviderNotice, discarded: str | None) -> dict[str, JsonValue]:
    return {
        "kind": notice.kind,
        "provider": notice.provider,
        "attempt": notice.attempt,
        "error": notice.error,
        "status": notice.status,
        "delaySeconds": notice.delay_seconds,
        "nextProvider": notice.next_provider,
        "discardMessageId": discarded,
    }


def run_turns(
    provider: Provider,
    registry: ToolRegistry,
    history: list[Message],
    limits: LoopLimits | None = None,
    *,
    context: Mapping[str, Any] | None = None,
    on_event: OnEvent | None = None,
    share_rows_with_model: bool | None = None,
    cancel: threading.Event | None = None,
) -> LoopResult:
    """Run the model/tool loop on `history` (which ends with the person's message) until it
    finishes, needs input, or is stopped. Blocking: call it from a worker thread.

    `context` goes to builtin planners (via `ModelRequest.context`) and to tool handlers
    (`ToolContext.run`); it is never sent to a network provider. Limits and row sharing
    default to the environment's configuration.
    """
    run = _Run(
        provider,
        registry,
        history,
        limits or LoopLimits.from_env(),
        context or {},
        _Emitter(on_event),
        agent_config.share_rows_with_model()
        if share_rows_with_model is None
        else share_rows_with_model,
        cancel,
    )
    return run.run()
