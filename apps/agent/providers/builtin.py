"""The builtin provider: deterministic planners shipped with Tessera, no network.

Other apps register planners at start-up (in their `AppConfig.ready()`):

    from apps.agent.providers.builtin import Plan, PlannedCall, PlannerInput, register_planner

    def plan_headcount(request: PlannerInput) -> Plan | None:
        if request.continuing:                        # our run_sql came back
            result = request.tool_results[-1]
            return Plan(text=f"Here is the headcount ({result.text}).")
        if "headcount" not in request.user_text.lower():
            return None                               # not mine
        return Plan(calls=[PlannedCall("run_sql", {"sql": "SELECT ..."})])

    register_planner("erp.headcount", plan_headcount)

A planner sees the whole neutral conversation and the run context, and returns a `Plan` (text
and/or tool calls) or None when the request is not its business. When the run continues after
tool results, the planner that made those calls is asked first; the others are asked in order
of priority (lowest first) then registration. If none claims a request, the provider answers
plainly that the request is beyond the builtin planners and how to configure a model — it
never guesses.
"""

import json
import threading
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import JsonValue

from apps.agent.messages import (
    Message,
    ToolCall,
    latest_user_message,
    new_id,
    tool_results_since_user,
)
from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    StreamItem,
    ToolSpec,
)

BEYOND_BUILTIN = (
    "This request is beyond Tessera's built-in planners, so I will not guess at an answer. "
    "To handle open-ended requests, configure a language model: set TESSERA_MODEL_PROVIDER to "
    "openai (any OpenAI-compatible server, such as Ollama) or anthropic, and TESSERA_MODEL to "
    "the model name."
)

PLANNER_KEY = "planner"


@dataclass(frozen=True)
class PlannedCall:
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    text: str = ""
    calls: list[PlannedCall] = field(default_factory=list)
    # What the planner says of this step for the harness (kept in the assistant message's
    # metadata), e.g. the form the turn answers (apps/agent/answered_forms.py).
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlannerInput:
    """What a planner sees. `messages` is the full neutral history, oldest first."""

    messages: list[Message]
    tools: list[ToolSpec]
    context: dict[str, Any]

    @property
    def user_message(self) -> Message | None:
        return latest_user_message(self.messages)

    @property
    def user_text(self) -> str:
        message = self.user_message
        return message.text if message else ""

    @property
    def tool_results(self) -> list[Message]:
        """Observations since the latest user message (empty on a fresh request)."""
        return tool_results_since_user(self.messages)

    def last_result(self, tool_names: Collection[str]) -> Message | None:
        """The newest of `tool_results` from one of `tool_names` (a planner's own tools)."""
        return next((m for m in reversed(self.tool_results) if m.name in tool_names), None)

    @property
    def continuing(self) -> bool:
        """True when the newest message is a tool result: the run is continuing a plan."""
        return bool(self.messages) and self.messages[-1].role == "tool"

    @property
    def tool_names(self) -> set[str]:
        return {tool.name for tool in self.tools}


Planner = Callable[[PlannerInput], Plan | None]


@dataclass(frozen=True)
class _Entry:
    name: str
    planner: Planner
    priority: int
    order: int


class PlannerRegistry:
    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        self._lock = threading.Lock()

    def register(self, name: str, planner: Planner, *, priority: int = 100) -> None:
        with self._lock:
            if name in self._entries:
                raise ValueError(f"a planner named {name!r} is already registered")
            self._entries[name] = _Entry(name, planner, priority, len(self._entries))

    def unregister(self, name: str) -> None:
        with self._lock:
            self._entries.pop(name, None)

    def names(self) -> list[str]:
        return [entry.name for entry in self._ordered()]

    def _ordered(self) -> list[_Entry]:
        return sorted(self._entries.values(), key=lambda entry: (entry.priority, entry.order))

    def candidates(self, first: str | None) -> list[tuple[str, Planner]]:
        ordered = self._ordered()
        ordered.sort(key=lambda entry: entry.name != first)
        return [(entry.name, entry.planner) for entry in ordered]


planners = PlannerRegistry()


def register_planner(name: str, planner: Planner, *, priority: int = 100) -> None:
    """Register a planner with the default registry used by the builtin provider."""
    planners.register(name, planner, priority=priority)


def _last_planner(messages: list[Message]) -> str | None:
    for message in reversed(messages):
        if message.role == "user":
            return None
        if message.role == "assistant":
            value = message.metadata.get(PLANNER_KEY)
            return value if isinstance(value, str) else None
    return None


class BuiltinProvider:
    name = "builtin"
    model = "planners"
    supports_images = False

    def __init__(self, registry: PlannerRegistry | None = None) -> None:
        self.registry = planners if registry is None else registry

    def complete(self, request: ModelRequest) -> ModelProposal:
        planner_input = PlannerInput(
            messages=list(request.messages), tools=list(request.tools), context=request.context
        )
        for name, planner in self.registry.candidates(_last_planner(request.messages)):
            try:
                plan = planner(planner_input)
                if plan is not None:
                    return self._proposal(plan, name)
            except Exception as error:
                raise PermanentProviderError(
                    f"The builtin planner {name!r} failed: {error}", provider=self.name
                ) from error
        return ModelProposal(
            text=BEYOND_BUILTIN,
            provider=self.name,
            model=self.model,
            finish_reason="stop",
            metadata={"beyond_builtin": True},
        )

    def stream(self, request: ModelRequest) -> Iterator[StreamItem]:
        yield self.complete(request)

    def _proposal(self, plan: Plan, planner: str) -> ModelProposal:
        if not plan.text and not plan.calls:
            raise ValueError("it returned an empty plan (no text, no calls)")
        calls = [
            ToolCall(
                id=new_id("call"),
                name=call.name,
                arguments=json.dumps(call.arguments, ensure_ascii=False),
            )
            for call in plan.calls
        ]
        metadata: dict[str, JsonValue] = {**plan.metadata, PLANNER_KEY: planner}
        return ModelProposal(
            text=plan.text,
            tool_calls=calls,
            provider=self.name,
            model=self.model,
            finish_reason="tool_calls" if calls else "stop",
            metadata=metadata,
        )
