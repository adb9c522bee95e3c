"""The `tools-N` half of a loop iteration: each proposed call, in order, is checked (repeated?
valid?) and only then run; its observation goes into the history and out as TOOL_CALL_RESULT,
its artifacts out as CUSTOM `tessera.artifact`. A mixin of the loop's run (loop.py)."""

import logging
import threading
import time
from typing import Any

from ag_ui.core import StepFinishedEvent, StepStartedEvent, ToolCallResultEvent
from pydantic import JsonValue

from apps.agent.loop_events import ARTIFACT_EVENT, Emitter
from apps.agent.loop_records import CallRecord, StepRecord, StopReason
from apps.agent.messages import Message, ToolCall, new_id
from apps.agent.tools.guard import UNKNOWN_TOOL, CallGuard
from apps.agent.tools.observations import render_observation
from apps.agent.tools.registry import ToolRegistry
from apps.agent.tools.results import ToolContext, ToolError, ToolResult
from apps.agent.tools.validation import Rejection

log = logging.getLogger("apps.agent.loop")

NOT_RUN = "Not run: the run stopped before this call ({reason})."
REPEATED = (
    "This call is identical to one already made in this run, so it was not run again. "
    "The run stops here."
)
TOOL_CRASHED = (
    "The tool failed unexpectedly. Changing the arguments will not help; tell the person "
    "this step failed."
)


class ToolDispatch:
    """Needs from the run: its registry, guard, context, emitter and history."""

    registry: ToolRegistry
    guard: CallGuard
    context: dict[str, Any]
    share_rows: bool
    emit: Emitter
    cancel: threading.Event | None
    # and, from the run, append(message) and interrupted() -> StopReason | None

    def dispatch(self, step: StepRecord, calls: list[ToolCall]) -> StopReason | None:
        name = f"tools-{step.index}"
        self.emit(StepStartedEvent(step_name=name))
        started = time.monotonic()
        stop: StopReason | None = None
        needs_input = False
        for call in calls:
            stop = stop or self.interrupted()
            self.emit.flush()  # a tool may take time
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
            emit=self.emit.custom_now,
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
