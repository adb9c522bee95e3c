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
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from ag_ui.core import (
    StepFinishedEvent,
    StepStartedEvent,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
    ToolCallArgsEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
)
from pydantic import JsonValue

from apps.agent import config as agent_config
from apps.agent.loop_dispatch import REPEATED, TOOL_CRASHED, ToolDispatch
from apps.agent.loop_events import ARTIFACT_EVENT, FAILOVER_EVENT, RETRY_EVENT, Emitter, OnEvent
from apps.agent.loop_records import (
    STOP_MESSAGES,
    LoopLimits,
    LoopResult,
    StepRecord,
    StopReason,
)
from apps.agent.messages import Message, new_id
from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    Provider,
    ProviderError,
    ProviderNotice,
    TextDelta,
)
from apps.agent.tools.guard import CallGuard
from apps.agent.tools.registry import ToolRegistry

# Names other modules import from here.
__all__ = [
    "ARTIFACT_EVENT",
    "FAILOVER_EVENT",
    "REPEATED",
    "RETRY_EVENT",
    "STOP_MESSAGES",
    "TOOL_CRASHED",
    "LoopLimits",
    "LoopResult",
    "StopReason",
    "run_turns",
]

# English text runs at about four characters a token: the most a run's token budget can hold.
CHARS_PER_TOKEN = 4
# A tool call's id as providers write them ("call_…", "toolu_…"): an id is the model's text
CALL_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")

log = logging.getLogger(__name__)


class _Run(ToolDispatch):
    def __init__(
        self,
        provider: Provider,
        registry: ToolRegistry,
        history: list[Message],
        limits: LoopLimits,
        context: Mapping[str, Any],
        emit: Emitter,
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
        streamed = 0
        stream = self.provider.stream(request)
        try:
            for item in self._flushed(stream):
                if isinstance(item, TextDelta):
                    if not item.text:
                        continue
                    streamed += len(item.text)
                    self._within_budget(streamed)
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
            self._within_budget(
                len(proposal.text)
                + sum(len(c.name) + len(c.arguments) for c in proposal.tool_calls)
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
        finally:
            close = getattr(stream, "close", None)
            if close is not None:  # a reply cut short: the provider's connection goes now
                close()
        step.model_ms = round((time.monotonic() - started) * 1000, 1)
        proposal = self._with_own_call_ids(proposal)
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

    def _with_own_call_ids(self, proposal: ModelProposal) -> ModelProposal:
        """The proposal with a fresh id for each call whose id is not one an AG-UI client and
        the providers can hold: empty, overlong, of other characters, or one this run's history
        or another call of the proposal has already — the events then named two calls by one
        id, and both tool results went back to the model under it."""
        taken = {c.id for m in self.history for c in m.tool_calls or []}
        taken |= {m.tool_call_id for m in self.history if m.tool_call_id}
        calls = []
        for call in proposal.tool_calls:
            if not CALL_ID.fullmatch(call.id) or call.id in taken:
                call = call.model_copy(update={"id": new_id("call")})
            taken.add(call.id)
            calls.append(call)
        if calls == proposal.tool_calls:
            return proposal
        return proposal.model_copy(update={"tool_calls": calls})

    def _within_budget(self, characters: int) -> None:
        """A model's reply is untrusted: one longer than the run's token budget could hold (a
        runaway or hostile server, whose reported usage may be anything) is cut, not streamed,
        stored and sent on — 20 MB of text was a 20 MB answer."""
        limit = self.limits.max_tokens * CHARS_PER_TOKEN
        if characters > limit:
            raise PermanentProviderError(
                f"{self.provider.name}'s reply ran past {limit:,} characters, more than the "
                f"run's budget of {self.limits.max_tokens:,} tokens holds (the limit is "
                "TESSERA_AGENT_MAX_TOKENS); it was cut",
                provider=self.provider.name,
            )

    def _flushed(self, items: Iterable[Any]) -> Iterator[Any]:
        """The provider's stream, with what was emitted flushed before each wait for it."""
        self.emit.flush()
        for item in items:
            yield item
            self.emit.flush()


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
    on_flush: Callable[[], None] | None = None,
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
        Emitter(on_event, on_flush),
        agent_config.share_rows_with_model()
        if share_rows_with_model is None
        else share_rows_with_model,
        cancel,
    )
    return run.run()
