"""Any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio).

Uses the official `openai` package with its own retries off (`max_retries=0`): retries belong
to `ResilientProvider`. Streams are read through the idle watchdog, and streamed tool-call
fragments are assembled into whole calls. Images are sent as `image_url` parts with `data:`
URLs, the format vision models behind these servers accept.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import openai

from apps.agent.config import ConfigError, ProviderConfig
from apps.agent.messages import Message, ToolCall, new_id
from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
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

OPENAI_API = "https://api.openai.com/v1"
NO_KEY = "unused"  # local servers ignore the key, but the SDK refuses an empty one
IMAGE_LEFT_OUT = "[An image was attached here; this model cannot read images.]"


def to_openai_messages(messages: list[Message], *, images: bool = True) -> list[dict[str, Any]]:
    """Neutral history → Chat Completions `messages`."""
    wire: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            wire.append({"role": "system", "content": message.text})
        elif message.role == "user":
            wire.append({"role": "user", "content": _user_content(message, images)})
        elif message.role == "assistant":
            entry: dict[str, Any] = {"role": "assistant", "content": message.text or None}
            if message.tool_calls:
                entry["tool_calls"] = [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments or "{}"},
                    }
                    for call in message.tool_calls
                ]
            wire.append(entry)
        else:
            wire.append(
                {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.text}
            )
    return wire


def _user_content(message: Message, images: bool) -> str | list[dict[str, Any]]:
    if not message.attachments:
        return message.text
    parts: list[dict[str, Any]] = []
    if message.text:
        parts.append({"type": "text", "text": message.text})
    for image in message.attachments:
        if images:
            parts.append({"type": "image_url", "image_url": {"url": image.data_url()}})
        else:
            parts.append({"type": "text", "text": IMAGE_LEFT_OUT})
    return parts


def to_openai_tools(tools: list[ToolSpec]) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.parameters,
            },
        }
        for tool in tools
    ]


def translate_error(error: Exception, provider: str) -> ProviderError:
    """SDK exception → ProviderError, retryable only for 429, 5xx and connection failures."""
    return translate_sdk_error(openai, error, provider)


@dataclass
class _PartialCall:
    id: str
    name: str = ""
    arguments: str = ""
    announced: bool = False


class OpenAIProvider:
    name = "openai"

    def __init__(self, config: ProviderConfig, *, client: openai.OpenAI | None = None) -> None:
        if not config.api_key and not config.base_url:
            raise ConfigError(
                "The openai provider needs TESSERA_MODEL_API_KEY, or TESSERA_MODEL_BASE_URL for "
                "a local OpenAI-compatible server."
            )
        self.model = config.model
        self.supports_images = config.images
        self.idle_seconds = config.idle_seconds
        self.max_output_tokens = config.max_output_tokens
        self.base_url = config.base_url or OPENAI_API
        # Explicit key and URL: the SDK would otherwise read OPENAI_* variables itself.
        self.client = client or openai.OpenAI(
            api_key=config.api_key or NO_KEY,
            base_url=self.base_url,
            max_retries=0,
            timeout=config.timeout_seconds,
        )

    def _arguments(self, request: ModelRequest) -> dict[str, Any]:
        arguments: dict[str, Any] = {
            "model": self.model,
            "messages": to_openai_messages(request.messages, images=self.supports_images),
        }
        if request.tools:
            arguments["tools"] = to_openai_tools(request.tools)
        if self.max_output_tokens:
            arguments["max_tokens"] = self.max_output_tokens
        return arguments

    def complete(self, request: ModelRequest) -> ModelProposal:
        try:
            response = self.client.chat.completions.create(**self._arguments(request))
        except openai.OpenAIError as error:
            raise translate_error(error, self.name) from error
        if not response.choices:
            raise PermanentProviderError(
                f"{self.name} answered with no choices", provider=self.name
            )
        choice = response.choices[0]
        calls = [
            ToolCall(
                id=call.id or new_id("call"),
                name=call.function.name,
                arguments=call.function.arguments or "{}",
            )
            for call in choice.message.tool_calls or []
            if call.type == "function"
        ]
        usage = response.usage
        return ModelProposal(
            text=choice.message.content or "",
            tool_calls=calls,
            usage=Usage(
                input_tokens=usage.prompt_tokens if usage else 0,
                output_tokens=usage.completion_tokens if usage else 0,
            ),
            provider=self.name,
            model=response.model or self.model,
            finish_reason=choice.finish_reason,
        )

    def stream(self, request: ModelRequest) -> Iterator[StreamItem]:
        try:
            chunks = self.client.chat.completions.create(
                **self._arguments(request),
                stream=True,
                stream_options={"include_usage": True},
            )
        except openai.OpenAIError as error:
            raise translate_error(error, self.name) from error

        text: list[str] = []
        calls: dict[int, _PartialCall] = {}
        usage = Usage()
        finish_reason: str | None = None
        model = self.model
        try:
            for chunk in watch_idle(
                chunks, self.idle_seconds, close=chunks.close, provider=self.name
            ):
                model = chunk.model or model
                if chunk.usage:
                    usage = Usage(
                        input_tokens=chunk.usage.prompt_tokens,
                        output_tokens=chunk.usage.completion_tokens,
                    )
                for choice in chunk.choices[:1]:
                    finish_reason = choice.finish_reason or finish_reason
                    delta = choice.delta
                    if delta.content:
                        text.append(delta.content)
                        yield TextDelta(text=delta.content)
                    for position, fragment in enumerate(delta.tool_calls or []):
                        index = fragment.index if fragment.index is not None else position
                        yield from _assemble(calls, index, fragment)
        except openai.OpenAIError as error:
            raise translate_error(error, self.name) from error

        yield stream_proposal(
            provider=self.name,
            model=model,
            text=text,
            tool_calls=[
                ToolCall(id=call.id, name=call.name, arguments=call.arguments or "{}")
                for _, call in sorted(calls.items())
                if call.name
            ],
            usage=usage,
            finish_reason=finish_reason,
            unit="response",
        )


def _assemble(calls: dict[int, _PartialCall], index: int, fragment: Any) -> Iterator[ToolCallDelta]:
    """Fold one streamed tool-call fragment into `calls`; yield what is new about the call."""
    partial = calls.setdefault(index, _PartialCall(id=fragment.id or new_id("call")))
    function = fragment.function
    if function is not None:
        # Some servers repeat the name on every fragment; the first one is the name.
        partial.name = partial.name or (function.name or "")
        if function.arguments:
            partial.arguments += function.arguments
            if partial.announced:
                yield ToolCallDelta(
                    index=index, id=partial.id, name=partial.name, arguments=function.arguments
                )
    if partial.name and not partial.announced:
        partial.announced = True
        yield ToolCallDelta(
            index=index, id=partial.id, name=partial.name, arguments=partial.arguments
        )
