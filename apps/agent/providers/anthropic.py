"""Anthropic's Messages API through the official `anthropic` package (an optional dependency).

The neutral history maps onto Messages like this: system messages become the `system`
parameter; tool results become `tool_result` blocks in a user turn; consecutive turns of the
same role are merged, as the API expects alternating turns.
"""

import json
from collections.abc import Iterator
from typing import Any

from apps.agent.config import ConfigError, ProviderConfig
from apps.agent.messages import ImageAttachment, Message, ToolCall
from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    ProviderError,
    StreamItem,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    Usage,
    stream_proposal,
)
from apps.agent.providers.resilience import watch_idle
from apps.agent.providers.sdk_errors import translate_sdk_error

try:
    import anthropic
except ImportError:  # optional extra
    anthropic = None

ANTHROPIC_API = "https://api.anthropic.com"
DEFAULT_MAX_OUTPUT_TOKENS = 4096
NOT_INSTALLED = (
    "The anthropic provider needs the `anthropic` package, which is not installed. Install it "
    "(pip install anthropic), or set TESSERA_MODEL_PROVIDER to builtin or openai."
)
IMAGE_LEFT_OUT = "[An image was attached here; this model cannot read images.]"


def _tool_input(call: ToolCall) -> dict[str, Any]:
    try:
        value = call.parsed_arguments()
    except json.JSONDecodeError:
        value = None
    # A call another provider proposed with broken arguments still has to be replayed as an
    # object; its rejection, which follows in the history, explains what went wrong.
    return value if isinstance(value, dict) else {"unparsed_arguments": call.arguments}


def _image_block(image: ImageAttachment) -> dict[str, Any]:
    if image.url is not None:
        return {"type": "image", "source": {"type": "url", "url": image.url}}
    return {
        "type": "image",
        "source": {
            "type": "base64",
            "media_type": image.media_type,
            "data": image.data,
        },
    }


def to_anthropic_messages(
    messages: list[Message], *, images: bool = True
) -> tuple[str, list[dict[str, Any]]]:
    """Neutral history → (`system`, `messages`) of the Messages API."""
    system: list[str] = []
    turns: list[dict[str, Any]] = []

    def add(role: str, blocks: list[dict[str, Any]]) -> None:
        if not blocks:
            return
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})

    for message in messages:
        if message.role == "system":
            system.append(message.text)
            continue
        blocks: list[dict[str, Any]] = []
        if message.role == "tool":
            blocks.append(
                {
                    "type": "tool_result",
                    "tool_use_id": message.tool_call_id,
                    "content": message.text,
                    "is_error": message.is_error,
                }
            )
            add("user", blocks)
            continue
        if message.text:
            blocks.append({"type": "text", "text": message.text})
        for image in message.attachments:
            blocks.append(
                _image_block(image) if images else {"type": "text", "text": IMAGE_LEFT_OUT}
            )
        for call in message.tool_calls:
            blocks.append(
                {"type": "tool_use", "id": call.id, "name": call.name, "input": _tool_input(call)}
            )
        add(message.role, blocks)
    return "\n\n".join(system), turns


def to_anthropic_tools(tools: list[ToolSpec]) -> list[dict[str, Any]]:
    return [
        {"name": tool.name, "description": tool.description, "input_schema": tool.parameters}
        for tool in tools
    ]


def translate_error(error: Exception, provider: str) -> ProviderError:
    """SDK exception → ProviderError, retryable only for 429, 5xx and connection failures."""
    return translate_sdk_error(anthropic, error, provider)


def _input_tokens(usage: Any) -> int:
    # AG-UI accounting: cache reads and writes are parts of the input total, not extras.
    return (
        (usage.input_tokens or 0)
        + (getattr(usage, "cache_read_input_tokens", None) or 0)
        + (getattr(usage, "cache_creation_input_tokens", None) or 0)
    )


class AnthropicProvider:
    name = "anthropic"

    def __init__(self, config: ProviderConfig, *, client: Any = None) -> None:
        if anthropic is None:
            raise ConfigError(NOT_INSTALLED)
        if not config.api_key and not config.base_url:
            raise ConfigError("The anthropic provider needs TESSERA_MODEL_API_KEY.")
        self.model = config.model
        self.supports_images = config.images
        self.idle_seconds = config.idle_seconds
        self.max_output_tokens = config.max_output_tokens or DEFAULT_MAX_OUTPUT_TOKENS
        self.client = client or anthropic.Anthropic(
            api_key=config.api_key or "unused",
            base_url=config.base_url or ANTHROPIC_API,
            max_retries=0,
            timeout=config.timeout_seconds,
        )

    def _arguments(self, request: ModelRequest) -> dict[str, Any]:
        system, messages = to_anthropic_messages(request.messages, images=self.supports_images)
        arguments: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_output_tokens,
            "messages": messages,
        }
        if system:
            arguments["system"] = system
        if request.tools:
            arguments["tools"] = to_anthropic_tools(request.tools)
        return arguments

    def complete(self, request: ModelRequest) -> ModelProposal:
        try:
            response = self.client.messages.create(**self._arguments(request))
        except anthropic.AnthropicError as error:
            raise translate_error(error, self.name) from error
        text = "".join(block.text for block in response.content if block.type == "text")
        calls = [
            ToolCall(id=block.id, name=block.name, arguments=json.dumps(block.input))
            for block in response.content
            if block.type == "tool_use"
        ]
        return ModelProposal(
            text=text,
            tool_calls=calls,
            usage=Usage(
                input_tokens=_input_tokens(response.usage),
                output_tokens=response.usage.output_tokens,
            ),
            provider=self.name,
            model=response.model or self.model,
            finish_reason=response.stop_reason,
        )

    def stream(self, request: ModelRequest) -> Iterator[StreamItem]:
        try:
            events = self.client.messages.create(**self._arguments(request), stream=True)
        except anthropic.AnthropicError as error:
            raise translate_error(error, self.name) from error

        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        input_tokens = output_tokens = 0
        finish_reason: str | None = None
        model = self.model
        try:
            for event in watch_idle(
                events, self.idle_seconds, close=events.close, provider=self.name
            ):
                if event.type == "message_start":
                    model = event.message.model or model
                    input_tokens = _input_tokens(event.message.usage)
                    output_tokens = event.message.usage.output_tokens or 0
                elif event.type == "content_block_start" and event.content_block.type == "tool_use":
                    block = event.content_block
                    calls[event.index] = {"id": block.id, "name": block.name, "arguments": ""}
                    yield ToolCallDelta(index=event.index, id=block.id, name=block.name)
                elif event.type == "content_block_delta":
                    delta = event.delta
                    if delta.type == "text_delta" and delta.text:
                        text.append(delta.text)
                        yield TextDelta(text=delta.text)
                    elif delta.type == "input_json_delta" and event.index in calls:
                        call = calls[event.index]
                        call["arguments"] += delta.partial_json
                        yield ToolCallDelta(
                            index=event.index,
                            id=call["id"],
                            name=call["name"],
                            arguments=delta.partial_json,
                        )
                elif event.type == "message_delta":
                    finish_reason = event.delta.stop_reason or finish_reason
                    if event.usage is not None:
                        output_tokens = event.usage.output_tokens or output_tokens
        except anthropic.AnthropicError as error:
            raise translate_error(error, self.name) from error

        yield stream_proposal(
            provider=self.name,
            model=model,
            text=text,
            tool_calls=[
                ToolCall(id=call["id"], name=call["name"], arguments=call["arguments"] or "{}")
                for _, call in sorted(calls.items())
            ],
            usage=Usage(input_tokens=input_tokens, output_tokens=output_tokens),
            finish_reason=finish_reason,
            unit="message",
        )
