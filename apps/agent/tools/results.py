"""What a tool handler receives and returns."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field, JsonValue

from apps.agent.messages import new_id


class ArtifactDraft(BaseModel):
    """An artifact a tool produced (a SQL result, a chart, an A2UI surface…).

    The run loop hands it to the caller (which stores and streams it); it is never part of
    what the model sees unless the tool also puts a summary in `ToolResult.content`.
    """

    id: str = Field(default_factory=lambda: new_id("art"))
    kind: str
    payload: dict[str, JsonValue]
    title: str = ""

    @classmethod
    def built(cls, *, kind: str, payload: dict[str, Any], title: str = "") -> "ArtifactDraft":
        """A draft of a payload the server built from JSON it made itself (a query result
        through the gateway's `as_json`, a figure parsed from plotly's JSON), not checked value
        by value again: pydantic's `JsonValue` check walked every value of a chart's figure,
        ~2% of the web process under load. Anything a model or a person wrote goes through
        the constructor, which checks."""
        return cls.model_construct(id=new_id("art"), kind=kind, payload=payload, title=title)


class ToolResult(BaseModel):
    """A handler's answer.

    - `content`: the observation for the model (JSON; keep it small, no private rows unless
      the context allows it — see `observations.table_observation`).
    - `artifacts`: what the person gets.
    - `needs_input`: the run pauses after this call until the person answers (a form).
    """

    content: JsonValue = None
    artifacts: list[ArtifactDraft] = Field(default_factory=list)
    needs_input: bool = False


class ToolError(Exception):
    """A failure the model can act on ("column salary does not exist"). The message goes to the
    model as the observation; name the offending `field` when there is one."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class ToolContext:
    """What a handler may know about the run besides its arguments.

    `run` is the mapping the caller passed to `run_turns(context=...)` (access context, thread
    and run ids…). `custom(name, value)` sends a CUSTOM event, e.g. progress of a long call.
    """

    call_id: str
    tool: str
    run: Mapping[str, Any] = field(default_factory=dict)
    share_rows_with_model: bool = False
    emit: Callable[[str, dict[str, Any]], None] | None = None

    def custom(self, name: str, value: Any) -> None:
        if self.emit is not None:
            self.emit(name, value)
