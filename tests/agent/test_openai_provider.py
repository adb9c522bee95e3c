"""The real `openai` provider against the scripted wire server."""

import pytest

from apps.agent.messages import ImageAttachment, Message, ToolCall
from apps.agent.providers import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    TextDelta,
    ToolCallDelta,
    TransientProviderError,
)
from apps.agent.providers.openai import IMAGE_LEFT_OUT, OpenAIProvider
from tests.agent.conftest import openai_config
from tests.support.openai_wire import Chat, Error, call

PNG = b"\x89PNG\r\n\x1a\n"


def ask(text="How many in Sales?", registry=None, **extra) -> ModelRequest:
    return ModelRequest(
        messages=[Message.system("Be brief."), Message.user(text, **extra)],
        tools=registry.specs() if registry else [],
    )


def test_non_streamed_text(wire, openai_provider):
    wire.script(Chat(text="Three.", usage=(20, 3)))
    proposal = openai_provider.complete(ask())
    assert proposal.text == "Three."
    assert proposal.usage.input_tokens == 20
    assert proposal.usage.output_tokens == 3
    assert proposal.provider == "openai"
    assert proposal.finish_reason == "stop"
    [request] = wire.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer test-key"
    assert "stream" not in request.body


def test_non_streamed_tool_call(wire, openai_provider, registry):
    wire.script(Chat(tool_calls=[call("headcount", {"department": "Sales"}, id="call_a")]))
    proposal = openai_provider.complete(ask(registry=registry))
    assert proposal.tool_calls == [
        ToolCall(id="call_a", name="headcount", arguments='{"department": "Sales"}')
    ]
    assert proposal.finish_reason == "tool_calls"


def test_streamed_deltas_assemble_into_the_proposal(wire, openai_provider, registry):
    wire.script(
        Chat(
            text="Let me count those.",
            tool_calls=[
                call("headcount", {"department": "Sales", "active_only": True}),
                call("headcount", {"department": "Finance"}),
            ],
            usage=(40, 12),
            chunk_size=5,
        )
    )
    items = list(openai_provider.stream(ask(registry=registry)))
    texts = [item.text for item in items if isinstance(item, TextDelta)]
    assert texts == ["Let m", "e cou", "nt th", "ose."]
    deltas = [item for item in items if isinstance(item, ToolCallDelta)]
    assert {(d.index, d.id, d.name) for d in deltas} == {
        (0, "call_0", "headcount"),
        (1, "call_1", "headcount"),
    }
    assert "".join(d.arguments for d in deltas if d.index == 0) == (
        '{"department": "Sales", "active_only": true}'
    )
    proposal = items[-1]
    assert isinstance(proposal, ModelProposal)
    assert proposal.text == "Let me count those."
    assert [c.arguments for c in proposal.tool_calls] == [
        '{"department": "Sales", "active_only": true}',
        '{"department": "Finance"}',
    ]
    assert proposal.usage.total_tokens == 52
    body = wire.requests[0].body
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}


def test_tools_are_sent_as_functions_with_json_schema(wire, openai_provider, registry):
    wire.script(Chat(text="ok"))
    openai_provider.complete(ask(registry=registry))
    [tool] = wire.requests[0].body["tools"]
    assert tool["type"] == "function"
    function = tool["function"]
    assert function["name"] == "headcount"
    assert function["description"].startswith(
        "Count the employees of one department.\nWhen to use:"
    )
    assert function["parameters"]["properties"]["department"]["enum"] == [
        "Sales",
        "Engineering",
        "Finance",
    ]


def test_the_neutral_history_in_wire_format(wire, openai_provider):
    calls = [ToolCall(id="call_9", name="headcount", arguments='{"department": "Sales"}')]
    history = [
        Message.system("Be brief."),
        Message.user("How many in Sales?"),
        Message.assistant("Counting.", calls),
        Message.tool_result(calls[0], '{"row_count": 3}'),
        Message.assistant(tool_calls=[ToolCall(id="call_10", name="headcount", arguments="")]),
        Message.tool_result(ToolCall(id="call_10", name="headcount"), "rejected", is_error=True),
    ]
    wire.script(Chat(text="Three."))
    openai_provider.complete(ModelRequest(messages=history))
    assert wire.requests[0].messages == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "How many in Sales?"},
        {
            "role": "assistant",
            "content": "Counting.",
            "tool_calls": [
                {
                    "id": "call_9",
                    "type": "function",
                    "function": {"name": "headcount", "arguments": '{"department": "Sales"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_9", "content": '{"row_count": 3}'},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_10",
                    "type": "function",
                    "function": {"name": "headcount", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_10", "content": "rejected"},
    ]


@pytest.mark.parametrize("streamed", [False, True])
def test_image_inputs_use_data_urls(wire, openai_provider, streamed):
    wire.script(Chat(text="A bar chart."))
    request = ask(
        "What is in this picture?",
        attachments=[
            ImageAttachment.from_bytes(PNG, "image/png"),
            ImageAttachment(media_type="image/jpeg", url="https://img.test/chart.jpg"),
        ],
    )
    if streamed:
        list(openai_provider.stream(request))
    else:
        openai_provider.complete(request)
    assert wire.requests[0].messages[1] == {
        "role": "user",
        "content": [
            {"type": "text", "text": "What is in this picture?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
            {"type": "image_url", "image_url": {"url": "https://img.test/chart.jpg"}},
        ],
    }


def test_models_without_vision_get_a_note_instead_of_the_image(wire):
    provider = OpenAIProvider(openai_config(wire, images=False))
    wire.script(Chat(text="ok"))
    provider.complete(ask("Look", attachments=[ImageAttachment.from_bytes(PNG, "image/png")]))
    assert wire.requests[0].messages[1]["content"] == [
        {"type": "text", "text": "Look"},
        {"type": "text", "text": IMAGE_LEFT_OUT},
    ]


def test_the_sdk_does_not_retry_on_its_own(wire, openai_provider):
    wire.script(Error(503), Chat(text="never reached"))
    with pytest.raises(TransientProviderError, match="HTTP 503 from openai: scripted failure"):
        openai_provider.complete(ask())
    assert len(wire.requests) == 1


@pytest.mark.parametrize("status", [400, 401, 404, 422])
def test_client_errors_are_permanent(wire, openai_provider, status):
    wire.script(Error(status, message="bad model"))
    with pytest.raises(PermanentProviderError) as caught:
        list(openai_provider.stream(ask()))
    assert caught.value.status == status
    assert not caught.value.retryable


def test_rate_limits_carry_retry_after(wire, openai_provider):
    wire.script(Error(429, headers={"Retry-After": "7"}))
    with pytest.raises(TransientProviderError) as caught:
        openai_provider.complete(ask())
    assert caught.value.status == 429
    assert caught.value.retry_after == 7.0


def test_a_stream_cut_before_it_finished_is_transient(wire, openai_provider):
    wire.script(Chat(text="Partial answ", finish=False))
    with pytest.raises(TransientProviderError, match="ended before the response was complete"):
        list(openai_provider.stream(ask()))
