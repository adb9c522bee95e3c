import json

import pytest
from pydantic import ValidationError

from apps.agent.messages import (
    ImageAttachment,
    Message,
    ToolCall,
    history_dump,
    history_load,
    latest_user_message,
    tool_results_since_user,
)

PNG = b"\x89PNG\r\n\x1a\n"


def conversation() -> list[Message]:
    call = ToolCall(id="call_1", name="headcount", arguments='{"department": "Sales"}')
    return [
        Message.system("You answer questions about the ERP."),
        Message.user(
            "How many in Sales? See the chart.", [ImageAttachment.from_bytes(PNG, "image/png")]
        ),
        Message.assistant("Let me count.", [call], metadata={"planner": "erp"}),
        Message.tool_result(call, '{"row_count": 3}'),
        Message.assistant("Sales has 3 employees."),
    ]


def test_history_round_trips_through_json_text():
    history = conversation()
    stored = json.dumps(history_dump(history))
    assert history_load(stored) == history
    assert history_load(json.loads(stored)) == history


def test_dumped_history_is_plain_json_with_raw_tool_arguments():
    dumped = history_dump(conversation())
    assert dumped[2]["tool_calls"][0] == {
        "id": "call_1",
        "name": "headcount",
        "arguments": '{"department": "Sales"}',
    }
    assert dumped[3]["tool_call_id"] == "call_1"
    assert dumped[1]["attachments"][0]["media_type"] == "image/png"


def test_broken_tool_arguments_are_kept_verbatim():
    call = ToolCall(id="c", name="headcount", arguments='{"department": ')
    [loaded] = history_load(history_dump([Message.assistant(tool_calls=[call])]))
    assert loaded.tool_calls[0].arguments == '{"department": '
    with pytest.raises(json.JSONDecodeError):
        loaded.tool_calls[0].parsed_arguments()


def test_image_data_url():
    image = ImageAttachment.from_bytes(PNG, "image/png")
    assert image.data_url() == "data:image/png;base64,iVBORw0KGgo="
    assert ImageAttachment(media_type="image/jpeg", url="https://x.test/a.jpg").data_url() == (
        "https://x.test/a.jpg"
    )


@pytest.mark.parametrize(
    "fields",
    [
        {"media_type": "image/png"},
        {"media_type": "image/png", "data": "AA==", "url": "https://x.test/a.png"},
        {"media_type": "image/svg+xml", "data": "AA=="},
        {"media_type": "image/png", "url": "file:///etc/passwd"},
    ],
)
def test_invalid_images_are_refused(fields):
    with pytest.raises(ValidationError):
        ImageAttachment(**fields)


@pytest.mark.parametrize(
    "fields",
    [
        {"role": "tool", "text": "x"},
        {"role": "user", "tool_call_id": "c"},
        {"role": "user", "tool_calls": [{"id": "c", "name": "n"}]},
        {"role": "assistant", "attachments": [{"media_type": "image/png", "data": "AA=="}]},
    ],
)
def test_fields_belong_to_their_roles(fields):
    with pytest.raises(ValidationError):
        Message(**fields)


def test_helpers_find_the_latest_turn():
    history = conversation()
    assert latest_user_message(history).text.startswith("How many")
    assert [m.tool_call_id for m in tool_results_since_user(history)] == ["call_1"]
    history.append(Message.user("And Finance?"))
    assert tool_results_since_user(history) == []
