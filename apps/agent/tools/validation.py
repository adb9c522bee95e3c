"""Checking a proposed call before anything runs.

A call is rejected when the tool is unknown, the arguments are not a JSON object, or they do
not satisfy the tool's pydantic model. The rejection lists each failing field and why, in a
form written for the model, so that it can repair the call.
"""

import difflib
import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, JsonValue, ValidationError

from apps.agent.input_checks import invalid_fields, json_type
from apps.agent.messages import ToolCall

REJECTED = "The call was rejected before anything ran."
INPUT_PREVIEW_CHARS = 80


@dataclass(frozen=True)
class FieldError:
    field: str
    problem: str
    got: str | None = None

    def as_json(self) -> dict[str, JsonValue]:
        data: dict[str, JsonValue] = {"field": self.field, "problem": self.problem}
        if self.got is not None:
            data["got"] = self.got
        return data


@dataclass(frozen=True)
class Rejection:
    call: ToolCall
    reason: Literal["unknown_tool", "invalid_json", "invalid_arguments"]
    message: str
    errors: tuple[FieldError, ...] = ()

    def observation(self, *, repairs_left: int) -> dict[str, JsonValue]:
        """What the model reads as the tool result."""
        data: dict[str, JsonValue] = {
            "error": self.reason,
            "tool": self.call.name,
            "message": f"{REJECTED} {self.message}",
        }
        if self.errors:
            data["errors"] = [error.as_json() for error in self.errors]
        if repairs_left > 0:
            data["next"] = (
                f"Fix the listed problems and call again ({repairs_left} repair attempt"
                f"{'s' if repairs_left != 1 else ''} left)."
            )
        else:
            data["next"] = "No repair attempts left: the run stops here."
        return data


@dataclass(frozen=True)
class ValidatedCall:
    call: ToolCall
    tool: Any  # registry.Tool (kept loose to avoid an import cycle)
    arguments: BaseModel

    def arguments_json(self) -> dict[str, JsonValue]:
        return self.arguments.model_dump(mode="json")


def field_path(loc: tuple[int | str, ...]) -> str:
    """pydantic error location → `filters[0].column`."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path or "(arguments)"


def _preview(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > INPUT_PREVIEW_CHARS:
        text = text[: INPUT_PREVIEW_CHARS - 1] + "…"
    return text


def _with_article(type_name: str) -> str:
    """ "an array", "a string" — and plain "null"."""
    if type_name == "null":
        return type_name
    return f"{'an' if type_name[0] in 'aeiou' else 'a'} {type_name}"


def field_errors(error: ValidationError) -> tuple[FieldError, ...]:
    return tuple(
        FieldError(
            field=field_path(item.location),
            problem=item.message,
            got=None if item.kind == "missing" else _preview(item.input),
        )
        for item in invalid_fields(error)
    )


def validate_call(call: ToolCall, tools: dict[str, Any]) -> ValidatedCall | Rejection:
    """Validate `call` against `tools` (name → registry.Tool)."""
    tool = tools.get(call.name)
    if tool is None:
        known = sorted(tools)
        message = f"There is no tool named {call.name!r}."
        close = difflib.get_close_matches(call.name, known, n=1)
        if close:
            message += f" Did you mean {close[0]!r}?"
        message += f" Available tools: {', '.join(known) or 'none'}."
        return Rejection(call, "unknown_tool", message)
    try:
        data = call.parsed_arguments()
    except json.JSONDecodeError as error:
        return Rejection(
            call,
            "invalid_json",
            "The arguments are not valid JSON.",
            (
                FieldError(
                    "(arguments)",
                    f"{error.msg} at line {error.lineno}, column {error.colno}",
                    _preview(call.arguments),
                ),
            ),
        )
    if not isinstance(data, dict):
        return Rejection(
            call,
            "invalid_json",
            "The arguments must be a JSON object.",
            (
                FieldError(
                    "(arguments)", f"expected an object, got {_with_article(json_type(data))}"
                ),
            ),
        )
    try:
        arguments = tool.args.model_validate(data)
    except ValidationError as error:
        errors = field_errors(error)
        fields = ", ".join(e.field for e in errors)
        return Rejection(
            call, "invalid_arguments", f"Invalid arguments for {call.name}: {fields}.", errors
        )
    return ValidatedCall(call, tool, arguments)
