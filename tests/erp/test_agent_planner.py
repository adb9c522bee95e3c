"""The ERP planner inside the builtin provider: the calls it makes in order (lookup, query,
reading), the texts it writes, what it leaves to other planners, and that its texts never
carry rows it was not given by its own trusted tool."""

import json
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from apps.a2ui.validator import surface_validate
from apps.agent.messages import Message, ToolCall
from apps.agent.providers.base import ModelRequest, ToolSpec
from apps.agent.providers.builtin import BuiltinProvider, PlannerInput, PlannerRegistry, planners
from apps.erp import entities
from apps.erp.planner import register
from apps.erp.planner.agent import PLANNER_NAME, RUN_SQL, SHOW_FORM, plan
from apps.erp.planner.forms import FORM_ACTION
from apps.erp.semantic import vocabulary
from apps.erp.tools import LOOKUP, READING
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO

TENANT = -7  # a tenant id no database row has: these tests only use the planner's cache
ACCESS = SimpleNamespace(tenant_id=TENANT)
SPECS = {
    name: ToolSpec(name=name, description=name, parameters={})
    for name in (RUN_SQL, SHOW_FORM, LOOKUP, READING)
}
CONTEXT = {"as_of": AS_OF.isoformat(), "access": ACCESS}
Q2 = "How many active employees are there in each department?"
EN = vocabulary("en")


@pytest.fixture(autouse=True)
def fresh_names():
    entities.cache.put(TENANT, replace(DEMO, loaded_at=time.monotonic()))
    yield
    entities.cache.clear()


def _input(*messages_: Message, tools=(RUN_SQL, SHOW_FORM, LOOKUP, READING), context=CONTEXT):
    return PlannerInput(messages=list(messages_), tools=[SPECS[t] for t in tools], context=context)


def _call(result, name: str):
    assert result is not None and [c.name for c in result.calls] == [name], result
    return result.calls[0]


def test_a_question_becomes_one_run_sql_call_with_labels_and_reading():
    call = _call(plan(_input(Message.user(Q2))), RUN_SQL)
    assert set(call.arguments) == {"sql", "params", "chart", "title", "labels", "reading"}
    assert call.arguments["params"] == {"as_of": "2026-06-15"}
    assert call.arguments["labels"] == {"department": "Department", "headcount": "Headcount"}
    assert call.arguments["reading"]["measure"] == "headcount"
    assert call.arguments["chart"]["kind"] == "bar"
    assert json.loads(json.dumps(call.arguments)) == call.arguments


def test_names_are_looked_up_first_when_the_cache_is_empty_or_old():
    entities.cache.clear()
    _call(plan(_input(Message.user(Q2))), LOOKUP)
    entities.cache.put(TENANT, replace(DEMO, loaded_at=time.monotonic() - 3600))
    _call(plan(_input(Message.user(Q2))), LOOKUP)


def test_an_unknown_word_is_looked_up_once_before_it_is_refused():
    question = "How many people work in Research?"
    _call(plan(_input(Message.user(question))), LOOKUP)
    lookup = ToolCall(id="call_l", name=LOOKUP, arguments="{}")
    after = plan(
        _input(
            Message.user(question),
            Message.assistant(tool_calls=[lookup], metadata={"planner": PLANNER_NAME}),
            Message.tool_result(lookup, json.dumps({"departments": 6, "employees": 0})),
        )
    )
    assert not after.calls and "“Research”" in after.text


def test_the_as_of_date_comes_from_the_run_context():
    context = {**CONTEXT, "as_of": "2024-05-01"}
    call = _call(plan(_input(Message.user("average salary last year"), context=context)), RUN_SQL)
    assert call.arguments["params"] == {"start": "2023-01-01", "end": "2023-12-31"}


def _after_query(observation: dict, *, is_error=False, text=None, tools=(RUN_SQL, READING)):
    first = _call(plan(_input(Message.user(Q2))), RUN_SQL)
    call = ToolCall(id="call_1", name=RUN_SQL, arguments=json.dumps(first.arguments))
    return plan(
        _input(
            Message.user(Q2),
            Message.assistant(tool_calls=[call], metadata={"planner": PLANNER_NAME}),
            Message.tool_result(
                call, text if text is not None else json.dumps(observation), is_error=is_error
            ),
            tools=tools,
        )
    )


SHAPE = {
    "columns": [{"name": "department", "type": "text"}, {"name": "headcount", "type": "int8"}],
    "row_count": 6,
    "truncated": False,
    "rows_shared": True,
    "rows": [["Engineering", 987654]],
    "artifact_id": "art_abc",
}


def test_after_the_query_the_reading_is_shown_for_its_artifact():
    call = _call(_after_query(SHAPE), READING)
    assert call.arguments["artifact_id"] == "art_abc"
    assert call.arguments["surface_id"].startswith("reading-")


def test_without_the_reading_tool_the_closing_text_uses_the_shape_not_the_rows():
    result = _after_query(SHAPE, tools=(RUN_SQL,))
    assert not result.calls
    assert "6 rows" in result.text
    assert "987654" not in result.text and "Engineering" not in result.text


def test_the_closing_text_is_the_sentence_of_the_reading_tool():
    first = _call(plan(_input(Message.user(Q2))), RUN_SQL)
    query = ToolCall(id="call_1", name=RUN_SQL, arguments=json.dumps(first.arguments))
    reading = ToolCall(
        id="call_2",
        name=READING,
        arguments=json.dumps({"artifact_id": "art_abc", "surface_id": "r"}),
    )
    result = plan(
        _input(
            Message.user(Q2),
            Message.assistant(tool_calls=[query], metadata={"planner": PLANNER_NAME}),
            Message.tool_result(query, json.dumps(SHAPE)),
            Message.assistant(tool_calls=[reading], metadata={"planner": PLANNER_NAME}),
            Message.tool_result(reading, json.dumps({"shown": "r", "narrative": "Sales leads."})),
        )
    )
    assert not result.calls and result.text == "Sales leads."


def test_an_empty_or_truncated_result_is_said():
    empty = {**SHAPE, "row_count": 0}
    assert "no rows" in _after_query(empty, tools=(RUN_SQL,)).text
    cut = {**SHAPE, "row_count": 1000, "truncated": True}
    assert EN.message("truncated") in _after_query(cut, tools=(RUN_SQL,)).text


def test_a_failed_query_is_reported():
    result = _after_query({}, is_error=True, text="SQL_ERROR: boom")
    assert result.text == EN.message("query_failed", error="SQL_ERROR: boom")


def test_other_requests_are_left_to_other_planners():
    assert plan(_input(Message.user("Make the buttons blue"))) is None
    assert plan(_input(Message.user("Tell me a joke"))) is None


def test_without_the_run_sql_tool_the_planner_stands_aside():
    assert plan(_input(Message.user(Q2), tools=(SHOW_FORM,))) is None


def test_refusals_are_texts():
    result = plan(_input(Message.user("Delete all employees")))
    assert result.text == EN.message("read_only") and not result.calls


def test_a_missing_period_opens_a_form_and_without_the_form_tool_a_text():
    question = "What was the average salary of Sales?"
    call = _call(plan(_input(Message.user(question))), SHOW_FORM)
    assert not surface_validate(call.arguments["messages"])
    data = json.dumps(call.arguments["messages"])
    assert question in data and "last_year" in data and "custom" in data
    text = plan(_input(Message.user(question), tools=(RUN_SQL,)))
    assert not text.calls and EN.message("clarify_period") in text.text


def test_a_department_form_lists_the_tenants_own_departments():
    question = "Average salary in the Legal department last year"
    lookup = ToolCall(id="call_l", name=LOOKUP, arguments="{}")
    result = plan(
        _input(
            Message.user(question),
            Message.assistant(tool_calls=[lookup], metadata={"planner": PLANNER_NAME}),
            Message.tool_result(lookup, json.dumps({"departments": 6})),
        )
    )
    data = json.dumps(_call(result, SHOW_FORM).arguments["messages"])
    assert (
        "Human Resources" in data
        and "Each department" in data
        and "Legal" not in data.replace("Legal department", "")
    )


def _submitted(context: dict) -> Message:
    return Message(
        role="user",
        text="Submitted",
        metadata={"a2ui_action": {"name": FORM_ACTION, "surfaceId": "erp-1", "context": context}},
    )


def test_the_submitted_form_completes_the_question():
    answered = _submitted(
        {"question": "What is the average salary of Sales?", "period": ["last_year"]}
    )
    call = _call(plan(_input(answered)), RUN_SQL)
    assert call.arguments["params"] == {
        "department": "Sales",
        "start": "2025-01-01",
        "end": "2025-12-31",
    }
    custom = _submitted(
        {
            "question": "What is the average salary of Sales?",
            "period": ["custom"],
            "start": "2025-02-01",
            "end": "2025-04-30",
        }
    )
    call = _call(plan(_input(custom)), RUN_SQL)
    assert (call.arguments["params"]["start"], call.arguments["params"]["end"]) == (
        "2025-02-01",
        "2025-04-30",
    )
    each = _submitted(
        {"question": "Average salary in the Legal department last year", "department": ["each"]}
    )
    assert _call(plan(_input(each)), RUN_SQL).arguments["chart"]["x"] == "department"


def test_invalid_form_answers_are_sent_back():
    answered = _submitted(
        {
            "question": "What is the average salary of Sales?",
            "period": ["custom"],
            "start": "2025-05-01",
            "end": "2025-01-01",
        }
    )
    result = plan(_input(answered))
    assert not result.calls
    assert result.text.startswith(EN.messages["answers_rejected"].split("{")[0])


def test_register_adds_the_planner_once():
    added = PLANNER_NAME not in planners.names()
    try:
        register()
        register()
        assert planners.names().count(PLANNER_NAME) == 1
    finally:
        if added:
            planners.unregister(PLANNER_NAME)


@pytest.mark.parametrize("question", [Q2, "What was the average salary of Sales?"])
def test_through_the_builtin_provider(question):
    registry = PlannerRegistry()
    registry.register(PLANNER_NAME, plan)
    provider = BuiltinProvider(registry)
    proposal = provider.complete(
        ModelRequest(messages=[Message.user(question)], tools=list(SPECS.values()), context=CONTEXT)
    )
    assert proposal.metadata["planner"] == PLANNER_NAME
    if [call.name for call in proposal.tool_calls] == [RUN_SQL]:
        # The query speaks for itself: no text before it, the closing sentence comes after.
        assert proposal.text == ""
    else:
        assert proposal.text  # a clarification says why
