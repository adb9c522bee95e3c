import json

import pytest
from pydantic import BaseModel, Field

from apps.agent.messages import ToolCall
from apps.agent.tools import (
    MAX_REPAIRS,
    CallGuard,
    Rejection,
    Tool,
    ToolArgs,
    ToolRegistry,
    ValidatedCall,
    register_tool,
    render_observation,
    table_observation,
)
from apps.agent.tools.observations import MAX_OBSERVATION_CHARS, ROWS_WITHHELD


class Filter(ToolArgs):
    column: str
    value: int


class Query(ToolArgs):
    table: str = Field(description="Table name.")
    limit: int = Field(10, ge=1, le=100)
    filters: list[Filter] = Field(default_factory=list)


def make_tool(**overrides) -> Tool:
    fields = {
        "name": "query",
        "summary": "Query a table.",
        "when_to_use": "When the person asks for rows.",
        "limits": "At most 100 rows.",
        "example": {"table": "employees"},
        "args": Query,
        "handler": lambda args, context: {"ok": True},
    }
    fields.update(overrides)
    return Tool(**fields)


def call(arguments, name="query") -> ToolCall:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return ToolCall(id="call_1", name=name, arguments=text)


@pytest.fixture
def tools() -> ToolRegistry:
    return ToolRegistry([make_tool()])


def test_description_says_when_limits_and_example():
    spec = make_tool().spec()
    assert spec.description == (
        "Query a table.\n"
        "When to use: When the person asks for rows.\n"
        "Limits: At most 100 rows.\n"
        'Example arguments: {"table": "employees"}'
    )
    assert spec.parameters["required"] == ["table"]
    assert spec.parameters["additionalProperties"] is False


def test_stale_example_fails_at_registration():
    with pytest.raises(ValueError, match="example of tool 'query'"):
        make_tool(example={"table": "employees", "limit": 500})


@pytest.mark.parametrize("name", ["", "9lives", "has space", "x" * 65])
def test_tool_names_follow_the_wire_rules(name):
    with pytest.raises(ValueError, match="tool name"):
        make_tool(name=name)


def test_tools_need_their_texts():
    with pytest.raises(ValueError, match="when to use"):
        make_tool(when_to_use=" ")


def test_duplicate_names_are_refused(tools):
    with pytest.raises(ValueError, match="already registered"):
        tools.register(make_tool())


def test_register_tool_decorator_uses_the_docstring_summary():
    tools = ToolRegistry()

    class EchoArgs(ToolArgs):
        text: str

    @register_tool(
        name="echo",
        when_to_use="To repeat something.",
        limits="Short texts.",
        example={"text": "hi"},
        args=EchoArgs,
        into=tools,
    )
    def echo(args, context):
        """Repeat a text back.

        Longer notes that are not part of the summary."""
        return {"echo": args.text}

    assert tools.get("echo").summary == "Repeat a text back."
    assert echo(EchoArgs(text="x"), None) == {"echo": "x"}


def test_handler_output_is_normalised():
    class Out(BaseModel):
        n: int

    tool = make_tool(handler=lambda args, context: Out(n=3))
    assert tool.run(Query(table="t"), None).content == {"n": 3}


def test_valid_call(tools):
    outcome = tools.validate(call({"table": "employees", "filters": [{"column": "a", "value": 1}]}))
    assert isinstance(outcome, ValidatedCall)
    assert outcome.arguments_json()["filters"] == [{"column": "a", "value": 1}]


def test_unknown_tool_suggests_the_closest(tools):
    outcome = tools.validate(call({"table": "t"}, name="qeury"))
    assert isinstance(outcome, Rejection)
    assert outcome.reason == "unknown_tool"
    assert "Did you mean 'query'?" in outcome.message
    assert "Available tools: query." in outcome.message


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ('{"table": ', "Expecting value at line 1, column 11"),
        ("[1, 2]", "expected an object, got an array"),
        ('"employees"', "expected an object, got a string"),
    ],
)
def test_arguments_that_are_not_a_json_object(tools, arguments, problem):
    outcome = tools.validate(call(arguments))
    assert isinstance(outcome, Rejection)
    assert outcome.reason == "invalid_json"
    assert outcome.errors[0].field == "(arguments)"
    assert outcome.errors[0].problem == problem


def test_field_level_errors_name_each_field(tools):
    outcome = tools.validate(
        call({"limit": 500, "filters": [{"column": "a", "value": "many"}], "order": "x"})
    )
    assert isinstance(outcome, Rejection)
    errors = {error.field: error for error in outcome.errors}
    assert set(errors) == {"table", "limit", "filters[0].value", "order"}
    assert errors["table"].problem == "Field required"
    assert errors["table"].got is None
    assert errors["limit"].problem == "Input should be less than or equal to 100"
    assert errors["limit"].got == "500"
    assert errors["filters[0].value"].got == '"many"'
    assert errors["order"].problem == "Extra inputs are not permitted"


def test_rejection_observation_for_the_model(tools):
    outcome = tools.validate(call({"limit": 0, "table": "t"}))
    observation = outcome.observation(repairs_left=2)
    assert observation == {
        "error": "invalid_arguments",
        "tool": "query",
        "message": "The call was rejected before anything ran. Invalid arguments for query: limit.",
        "errors": [
            {"field": "limit", "problem": "Input should be greater than or equal to 1", "got": "0"}
        ],
        "next": "Fix the listed problems and call again (2 repair attempts left).",
    }
    assert outcome.observation(repairs_left=0)["next"].startswith("No repair attempts left")


def test_long_inputs_are_previewed_not_echoed(tools):
    outcome = tools.validate(call({"table": "t", "limit": "x" * 500}))
    assert len(outcome.errors[0].got) == 80


def test_guard_detects_identical_calls_regardless_of_key_order():
    guard = CallGuard()
    assert not guard.is_repeat(call('{"table": "t", "limit": 5}'))
    assert guard.is_repeat(call('{"limit":5,"table":"t"}'))
    assert not guard.is_repeat(call('{"limit": 6, "table": "t"}'))
    assert not guard.is_repeat(call('{"limit": 5, "table": "t"}', name="other"))


def test_guard_detects_identical_broken_calls():
    guard = CallGuard()
    assert not guard.is_repeat(call('{"table": '))
    assert guard.is_repeat(call('{"table": '))


def test_guard_counts_repair_attempts_per_tool():
    guard = CallGuard()
    assert [guard.record_failure("query") for _ in range(MAX_REPAIRS + 1)] == [3, 2, 1, 0]
    guard.record_success("query")
    assert guard.record_failure("query") == 3
    assert guard.record_failure("other") == 3


def test_rows_are_withheld_from_the_model_by_default():
    observation = table_observation(
        [("name", "text")], [("Ana",), ("Ben",)], truncated=True, share_rows=False
    )
    assert observation == {
        "columns": [{"name": "name", "type": "text"}],
        "row_count": 2,
        "truncated": True,
        "rows_shared": False,
        "note": ROWS_WITHHELD,
    }
    assert "Ana" not in render_observation(observation)


def test_rows_are_shared_when_allowed_up_to_a_cap():
    rows = [(i,) for i in range(60)]
    observation = table_observation([("n", "integer")], rows, truncated=False, share_rows=True)
    assert observation["rows"][:2] == [[0], [1]]
    assert len(observation["rows"]) == 50
    assert observation["rows_note"] == "First 50 of 60 rows."


def test_observations_are_capped():
    text = render_observation({"blob": "x" * (MAX_OBSERVATION_CHARS * 2)})
    assert len(text) < MAX_OBSERVATION_CHARS + 50
    assert text.endswith("characters cut]")
