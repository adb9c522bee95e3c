"""The model boundary: what a provider receives, what it proposes, how it fails.

Providers are synchronous. A run calls them from a worker thread (the Channels consumer must
not block its event loop); `stream()` is a plain iterator, so the caller can forward deltas to
the browser as they arrive.

Stream contract — `Provider.stream(request)` yields, in order:
- any number of `TextDelta`, `ToolCallDelta` and (from `ResilientProvider`) `ProviderNotice`
  items; a notice means the attempt that produced the deltas since the previous notice was
  abandoned, so those deltas must be discarded;
- exactly one `ModelProposal`, last. It is complete on its own: a caller that ignores the
  deltas loses nothing.

Failures are raised as `ProviderError`s; `retryable` tells `ResilientProvider` whether another
attempt can help (429, 5xx, connection errors, a stalled stream) or not (bad request,
authentication, a missing package).
"""

from collections.abc import Iterator
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from apps.agent.messages import Message, ToolCall, new_id


class ToolSpec(BaseModel):
    """A tool as the model sees it: name, description and a JSON schema for its arguments."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    parameters: dict[str, JsonValue]


class ModelRequest(BaseModel):
    """Assembled context for one model decision.

    `context` carries run facts for builtin planners (tenant, user, thread…); network
    providers never send it anywhere.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    messages: list[Message]
    tools: list[ToolSpec] = Field(default_factory=list)
    context: dict[str, Any] = Field(default_factory=dict)


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class ProviderNotice(BaseModel):
    """A retry or a failover that happened while getting a proposal."""

    kind: Literal["retry", "failover"]
    provider: str
    attempt: int
    error: str
    status: int | None = None
    delay_seconds: float = 0.0
    next_provider: str | None = None


class ModelProposal(BaseModel):
    """What the model proposed: text and/or tool calls, and what it cost."""

    text: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    provider: str
    model: str = ""
    finish_reason: str | None = None
    notices: list[ProviderNotice] = Field(default_factory=list)
    metadata: dict[str, JsonValue] = Field(default_factory=dict)

    def to_message(self, message_id: str | None = None) -> Message:
        """The assistant message this proposal adds to the history."""
        metadata: dict[str, JsonValue] = {"provider": self.provider, "model": self.model}
        metadata.update(self.metadata)
        return Message.assistant(
            self.text,
            list(self.tool_calls),
            id=message_id or new_id("msg"),
            metadata=metadata,
        )


class TextDelta(BaseModel):
    text: str


class ToolCallDelta(BaseModel):
    """A piece of a tool call. The first delta of a call carries its id and name."""

    index: int
    id: str
    name: str
    arguments: str = ""


StreamItem = TextDelta | ToolCallDelta | ProviderNotice | ModelProposal


@runtime_checkable
class Provider(Protocol):
    name: str
    model: str
    supports_images: bool

    def complete(self, request: ModelRequest) -> ModelProposal: ...

    def stream(self, request: ModelRequest) -> Iterator[StreamItem]: ...


class ProviderError(Exception):
    """A provider could not produce a proposal. The message is written for a person."""

    retryable = False

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status
        self.retry_after = retry_after


class TransientProviderError(ProviderError):
    """429, 5xx, a connection error or a stalled stream: another attempt may succeed."""

    retryable = True


class StreamStalled(TransientProviderError):
    """The idle watchdog cut a stream that stopped producing."""


class PermanentProviderError(ProviderError):
    """Retrying cannot help: bad request, authentication, a missing package, a planner bug."""


class ProviderUnavailable(ProviderError):
    """Every attempt on every provider of the chain failed."""


def collect(items: Iterator[StreamItem]) -> ModelProposal:
    """The proposal at the end of a stream (deltas and notices are skipped)."""
    for item in items:
        if isinstance(item, ModelProposal):
            return item
    raise PermanentProviderError("the provider's stream ended without a proposal")


def stream_proposal(
    *,
    provider: str,
    model: str,
    text: list[str],
    tool_calls: list[ToolCall],
    usage: Usage,
    finish_reason: str | None,
    unit: str,
) -> ModelProposal:
    """What a finished stream adds up to. A stream that ends without a finish reason was cut
    short (a dropped connection, a proxy): a transient error, so the attempt is retried.
    `unit` is the API's word for what it streams ("response", "message")."""
    if finish_reason is None:
        raise TransientProviderError(
            f"the {provider} stream ended before the {unit} was complete", provider=provider
        )
    return ModelProposal(
        text="".join(text),
        tool_calls=tool_calls,
        usage=usage,
        provider=provider,
        model=model,
        finish_reason=finish_reason,
    )
