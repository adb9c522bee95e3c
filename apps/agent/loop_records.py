"""What the run loop returns: why it stopped, the records of each step and call, and the
limits it ran under. Plain data (pydantic models and a dataclass), no behaviour beyond
summaries the caller needs."""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Literal, Self

from ag_ui.core import TokenUsage
from pydantic import BaseModel, Field, JsonValue

from apps.agent import config as agent_config
from apps.agent.messages import Message, ToolCall
from apps.agent.providers.base import ModelProposal, Usage
from apps.agent.tools.guard import MAX_REPAIRS
from apps.agent.tools.results import ArtifactDraft


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
