"""The anthropic provider: history mapping, and the real SDK against scripted Messages replies."""

import pytest

from apps.agent.config import ProviderConfig
from apps.agent.messages import ImageAttachment, Message, ToolCall
from apps.agent.providers import (
    ModelRequest,
    PermanentProviderError,
    ResilientProvider,
    TextDelta,
    ToolCallDelta,
    TransientProviderError,
    collect,
)
from apps.agent.providers.anthropic import AnthropicProvider, to_anthropic_messages
from tests.agent.conftest import FAST
from tests.support.openai_wire import Raw

PNG = b"\x89PNG\r\n\x1a\n"
CALL = ToolCall(id="call_1", name="headcount", arguments='{"department": "Sales"}')


@pytest.fixture
def provider(wire) -> AnthropicProvider:
    return AnthropicProvider(
        ProviderConfig(
            kind="anthropic",
            model="claude-test",
            base_url=wire.base_url,
            api_key="sk-test",
            timeout_seconds=5,
            idle_seconds=2,
        )
    )


def test_history_mapping():
    broken = ToolCall(id="call_2", name="headcount", arguments='{"dep')
    system, turns = to_anthropic_messages(
        [
            Message.system("Be brief."),
            Message.user("Count Sales", [ImageAttachment.from_bytes(PNG, "image/png")]),
            Message.assistant("Counting.", [CALL, broken]),
            Message.tool_result(CALL, '{"row_count": 3}'),
            Message.tool_result(broken, "rejected", is_error=True),
            Message.user("Thanks"),
        ]
    )
    assert system == "Be brief."
    assert turns == [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Count Sales"},
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="},
                },
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Counting."},
                {
                    "type": "tool_use",
                    "id": "call_1",
                    "name": "headcount",
                    "input": {"department": "Sales"},
                },
                {
                    "type": "tool_use",
                    "id": "call_2",
                    "name": "headcount",
                    "input": {"unparsed_arguments": '{"dep'},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_1",
                    "content": '{"row_count": 3}',
                    "is_error": False,
                },
                {
                    "type": "tool_result",
                    "tool_use_id": "call_2",
                    "content": "rejected",
                    "is_error": True,
                },
                {"type": "text", "text": "Thanks"},
            ],
        },
    ]


def test_non_streamed_tool_use(wire, provider, registry):
    wire.script(
        Raw(
            body={
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-test",
                "content": [
                    {"type": "text", "text": "Counting."},
                    {
                        "type": "tool_use",
                        "id": "toolu_1",
                        "name": "headcount",
                        "input": {"department": "Sales"},
                    },
                ],
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 20, "output_tokens": 5, "cache_read_input_tokens": 4},
            }
        )
    )
    proposal = provider.complete(
        ModelRequest(
            messages=[Message.system("Be brief."), Message.user("Count Sales")],
            tools=registry.specs(),
        )
    )
    assert proposal.text == "Counting."
    assert proposal.tool_calls == [
        ToolCall(id="toolu_1", name="headcount", arguments='{"department": "Sales"}')
    ]
    assert (proposal.usage.input_tokens, proposal.usage.output_tokens) == (24, 5)
    request = wire.requests[0]
    assert request.path == "/v1/messages"
    assert request.headers["authorization"] == "Bearer sk-test"
    assert request.body["system"] == "Be brief."
    assert request.body["max_tokens"] == 4096
    assert request.body["tools"][0]["name"] == "headcount"
    assert request.body["tools"][0]["input_schema"]["required"] == ["department"]


def sse(*events):
    return [(event["type"], event) for event in events]


def test_streamed_text_and_tool_use(wire, provider):
    wire.script(
        Raw(
            events=sse(
                {
                    "type": "message_start",
                    "message": {
                        "id": "msg_1",
                        "type": "message",
                        "role": "assistant",
                        "model": "claude-test",
                        "content": [],
                        "stop_reason": None,
                        "stop_sequence": None,
                        "usage": {"input_tokens": 30, "output_tokens": 1},
                    },
                },
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": "Count"},
                },
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": "ing."},
                },
                {"type": "content_block_stop", "index": 0},
                {
                    "type": "content_block_start",
                    "index": 1,
                    "content_block": {
                        "type": "tool_use",
                        "id": "toolu_9",
                        "name": "headcount",
                        "input": {},
                    },
                },
                {
                    "type": "content_block_delta",
                    "index": 1,
                    "delta": {"type": "input_json_delta", "partial_json": '{"department": '},
                },
                {
                    "type": "content_block_delta",
                    "index": 1,
                    "delta": {"type": "input_json_delta", "partial_json": '"Sales"}'},
                },
                {"type": "content_block_stop", "index": 1},
                {
                    "type": "message_delta",
                    "delta": {
                        "type": "message_delta",
                        "stop_reason": "tool_use",
                        "stop_sequence": None,
                    },
                    "usage": {"output_tokens": 17},
                },
                {"type": "message_stop"},
            )
        )
    )
    items = list(provider.stream(ModelRequest(messages=[Message.user("Count Sales")])))
    assert [i.text for i in items if isinstance(i, TextDelta)] == ["Count", "ing."]
    assert [i.arguments for i in items if isinstance(i, ToolCallDelta)] == [
        "",
        '{"department": ',
        '"Sales"}',
    ]
    proposal = items[-1]
    assert proposal.text == "Counting."
    assert proposal.tool_calls == [
        ToolCall(id="toolu_9", name="headcount", arguments='{"department": "Sales"}')
    ]
    assert (proposal.usage.input_tokens, proposal.usage.output_tokens) == (30, 17)
    assert proposal.finish_reason == "tool_use"
    assert wire.requests[0].body["stream"] is True


def test_overloaded_is_retried(wire, provider):
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    wire.script(
        Raw(status=529, body=overloaded, headers={"retry-after": "0.1"}),
        Raw(
            body={
                "id": "msg_2",
                "type": "message",
                "role": "assistant",
                "model": "claude-test",
                "content": [{"type": "text", "text": "Fine."}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 3, "output_tokens": 1},
            }
        ),
    )
    with pytest.raises(
        TransientProviderError, match="HTTP 529 from anthropic: Overloaded"
    ) as caught:
        provider.complete(ModelRequest(messages=[Message.user("hi")]))
    assert caught.value.retry_after == 0.1
    chain = ResilientProvider(provider, policy=FAST)
    assert chain.complete(ModelRequest(messages=[Message.user("hi")])).text == "Fine."


def test_bad_requests_are_permanent(wire, provider):
    wire.script(
        Raw(
            status=400,
            body={
                "type": "error",
                "error": {"type": "invalid_request_error", "message": "bad tool"},
            },
        )
    )
    with pytest.raises(PermanentProviderError, match="bad tool"):
        collect(provider.stream(ModelRequest(messages=[Message.user("hi")])))
