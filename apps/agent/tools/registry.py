"""The tool registry: what the model may call, and how each call is checked and run.

A tool is a name, a description (what it does, when to use it, its limits, an example), a
pydantic model for its arguments and a handler. Adding one is a small module:

    from pydantic import Field

    from apps.agent.tools import ToolArgs, ToolContext, ToolResult, register_tool

    class EchoArgs(ToolArgs):
        text: str = Field(description="What to echo.", max_length=200)

    @register_tool(
        name="echo",
        when_to_use="When the person asks you to repeat something verbatim.",
        limits="Up to 200 characters.",
        example={"text": "hello"},
        args=EchoArgs,
    )
    def echo(args: EchoArgs, context: ToolContext) -> ToolResult:
        \"\"\"Repeat a text back.\"\"\"
        return ToolResult(content={"echo": args.text})

The docstring's first paragraph is the tool's summary. The example is validated against the
argument model when the tool is registered, so a stale example fails at start-up, not in front
of the model.
"""

import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, JsonValue, ValidationError

from apps.agent.messages import ToolCall
from apps.agent.providers.base import ToolSpec
from apps.agent.tools.results import ToolContext, ToolResult
from apps.agent.tools.validation import Rejection, ValidatedCall, validate_call

TOOL_NAME = re.compile(r"^[a-zA-Z][a-zA-Z0-9_-]{0,63}$")

Handler = Callable[[Any, ToolContext], ToolResult | BaseModel | JsonValue]


class ToolArgs(BaseModel):
    """Base for argument models: unknown fields are errors, so a hallucinated field is
    reported to the model instead of being silently dropped."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class Tool:
    name: str
    summary: str
    when_to_use: str
    limits: str
    example: dict[str, Any]
    args: type[BaseModel]
    handler: Handler

    def __post_init__(self) -> None:
        if not TOOL_NAME.match(self.name):
            raise ValueError(
                f"tool name {self.name!r} must start with a letter and use at most 64 letters, "
                "digits, _ or -"
            )
        for label in ("summary", "when_to_use", "limits"):
            if not getattr(self, label).strip():
                raise ValueError(f"tool {self.name!r} needs a {label.replace('_', ' ')} text")
        try:
            self.args.model_validate(self.example)
        except ValidationError as error:
            raise ValueError(
                f"the example of tool {self.name!r} does not fit its arguments: {error}"
            ) from error

    @property
    def description(self) -> str:
        return (
            f"{self.summary.strip()}\n"
            f"When to use: {self.when_to_use.strip()}\n"
            f"Limits: {self.limits.strip()}\n"
            f"Example arguments: {json.dumps(self.example, ensure_ascii=False)}"
        )

    def spec(self) -> ToolSpec:
        return ToolSpec(
            name=self.name, description=self.description, parameters=self.args.model_json_schema()
        )

    def run(self, arguments: BaseModel, context: ToolContext) -> ToolResult:
        """Call the handler and normalise what it returns into a `ToolResult`."""
        output = self.handler(arguments, context)
        if isinstance(output, ToolResult):
            return output
        if isinstance(output, BaseModel):
            return ToolResult(content=output.model_dump(mode="json"))
        return ToolResult(content=output)


class ToolRegistry:
    def __init__(self, tools: list[Tool] | None = None) -> None:
        self._tools: dict[str, Tool] = {}
        self._lock = threading.Lock()
        for tool in tools or []:
            self.register(tool)

    def register(self, tool: Tool) -> Tool:
        with self._lock:
            if tool.name in self._tools:
                raise ValueError(f"a tool named {tool.name!r} is already registered")
            self._tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def names(self) -> list[str]:
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(list(self._tools.values()))

    def __len__(self) -> int:
        return len(self._tools)

    def specs(self) -> list[ToolSpec]:
        return [tool.spec() for tool in self]

    def validate(self, call: ToolCall) -> ValidatedCall | Rejection:
        return validate_call(call, dict(self._tools))


registry = ToolRegistry()


def summary_of(function: Callable[..., Any]) -> str:
    doc = (function.__doc__ or "").strip()
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip()


def register_tool(
    *,
    name: str,
    when_to_use: str,
    limits: str,
    example: dict[str, Any],
    args: type[BaseModel],
    summary: str | None = None,
    into: ToolRegistry | None = None,
) -> Callable[[Handler], Handler]:
    """Decorator: register the function as a tool's handler (default registry unless `into`).
    The summary defaults to the first paragraph of the function's docstring."""

    def decorate(handler: Handler) -> Handler:
        (registry if into is None else into).register(
            Tool(
                name=name,
                summary=summary or summary_of(handler),
                when_to_use=when_to_use,
                limits=limits,
                example=example,
                args=args,
                handler=handler,
            )
        )
        return handler

    return decorate
