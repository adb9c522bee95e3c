"""Provider-neutral conversation history.

A run's history is a list of `Message`s in the order they happened. Every provider translates
this format to its own wire format on the way out and back to it on the way in, so a stored
history can be continued by another provider (ARCHITECTURE.md, "Model boundary"). It is plain
JSON: `history_dump()` / `history_load()` round-trip it losslessly.

Tool call arguments are kept as the raw text the model produced, not parsed: an invalid call
must be recorded exactly as proposed, so that the rejection sent back to the model refers to
what it actually wrote.
"""

import base64
import json
import uuid
from typing import Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    TypeAdapter,
    field_validator,
    model_validator,
)

Role = Literal["system", "user", "assistant", "tool"]

IMAGE_MEDIA_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:24]}"


class ImageAttachment(BaseModel):
    """An image given to the model: inline base64 data, or an http(s) URL."""

    model_config = ConfigDict(frozen=True)

    media_type: str
    data: str | None = None
    url: str | None = None

    @field_validator("media_type")
    @classmethod
    def _known_media_type(cls, value: str) -> str:
        if value not in IMAGE_MEDIA_TYPES:
            raise ValueError(
                f"unsupported image type {value!r}; use one of {sorted(IMAGE_MEDIA_TYPES)}"
            )
        return value

    @field_validator("url")
    @classmethod
    def _web_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("https://", "http://")):
            raise ValueError("an image URL must be http(s); pass other images as data")
        return value

    @model_validator(mode="after")
    def _one_source(self) -> Self:
        if (self.data is None) == (self.url is None):
            raise ValueError("an image has either data or a url")
        return self

    @classmethod
    def from_bytes(cls, content: bytes, media_type: str) -> Self:
        return cls(media_type=media_type, data=base64.b64encode(content).decode("ascii"))

    def data_url(self) -> str:
        """`data:` URL for inline images, the URL itself otherwise."""
        if self.url is not None:
            return self.url
        return f"data:{self.media_type};base64,{self.data}"


class ToolCall(BaseModel):
    """A tool call as the model proposed it. `arguments` is the raw JSON text it produced."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    arguments: str = "{}"

    def parsed_arguments(self) -> Any:
        """The arguments as JSON; raises `json.JSONDecodeError` when they are not JSON — also
        when they nest deeper than the reader recurses (a model's reply is untrusted: its
        RecursionError went past every caller's rejection and ended the run)."""
        if not self.arguments.strip():
            return {}
        try:
            return json.loads(self.arguments)
        except RecursionError:
            raise json.JSONDecodeError(
                "Nested deeper than a JSON reader goes", self.arguments, 0
            ) from None


class Message(BaseModel):
    """One entry of the history.

    - `system` / `user`: `text`, and for users optional image `attachments`.
    - `assistant`: `text` and/or `tool_calls`.
    - `tool`: the observation for one call: `tool_call_id`, `name` (the tool), `text`, and
      `is_error` when the call was rejected or failed.

    `metadata` is for the harness (which planner or provider produced a message, why a run
    stopped); it is stored but never sent to a model.
    """

    id: str = Field(default_factory=lambda: new_id("msg"))
    role: Role
    text: str = ""
    attachments: list[ImageAttachment] = Field(default_factory=list)
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None
    is_error: bool = False
    metadata: dict[str, JsonValue] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _role_fields(self) -> Self:
        if self.tool_calls and self.role != "assistant":
            raise ValueError("only assistant messages carry tool calls")
        if self.attachments and self.role != "user":
            raise ValueError("only user messages carry attachments")
        if (self.role == "tool") != (self.tool_call_id is not None):
            raise ValueError("tool messages, and only they, answer a tool_call_id")
        return self

    @classmethod
    def system(cls, text: str) -> Self:
        return cls(role="system", text=text)

    @classmethod
    def user(cls, text: str, attachments: list[ImageAttachment] | None = None) -> Self:
        return cls(role="user", text=text, attachments=attachments or [])

    @classmethod
    def assistant(
        cls, text: str = "", tool_calls: list[ToolCall] | None = None, **extra: Any
    ) -> Self:
        return cls(role="assistant", text=text, tool_calls=tool_calls or [], **extra)

    @classmethod
    def tool_result(
        cls, call: ToolCall, text: str, *, is_error: bool = False, **extra: Any
    ) -> Self:
        return cls(
            role="tool", tool_call_id=call.id, name=call.name, text=text, is_error=is_error, **extra
        )


_HISTORY = TypeAdapter(list[Message])


def history_dump(messages: list[Message]) -> list[dict[str, Any]]:
    """JSON-ready form of a history (for storage)."""
    return _HISTORY.dump_python(messages, mode="json")


def history_load(data: Any) -> list[Message]:
    """Inverse of `history_dump`; also accepts a JSON string."""
    if isinstance(data, str | bytes):
        return _HISTORY.validate_json(data)
    return _HISTORY.validate_python(data)


def latest_user_message(messages: list[Message]) -> Message | None:
    return next((m for m in reversed(messages) if m.role == "user"), None)


def tool_results_since_user(messages: list[Message]) -> list[Message]:
    """Tool observations that arrived after the latest user message, oldest first."""
    results: list[Message] = []
    for message in reversed(messages):
        if message.role == "user":
            break
        if message.role == "tool":
            results.append(message)
    return results[::-1]
