"""The ERP planner inside the builtin provider: calls it emits, texts it writes, what it leaves
to other planners, and that the closing text never carries rows."""

import json

import pytest

from apps.a2ui.forms import ERP_SUBMIT_ACTION
from apps.a2ui.validator import surface_validate
from apps.agent.messages import Message, ToolCall
from apps.agent.providers.base import ModelRequest, ToolSpec
from apps.agent.providers.builtin import BuiltinProvider, PlannerInput, PlannerRegistry, planners
from apps.erp.planner import messages, register
from apps.erp.planner.agent import ANSWERS_REJECTED, PLANNER_NAME, RUN_SQL, SHOW_FORM, plan
from tests.conftest import AS_OF

RUN_SQL_SPEC = ToolSpec(name=RUN_SQL, description="run a query", parameters={})
FORM_SPEC = ToolSpec(name=SHOW_FORM, description="ask", parameters={})
CONTEXT = {"as_of": AS_OF.isoformat()}
Q2 = "How many active employees are there in each department?"


def _input(*messages_: Message, tools=(RUN_SQL_SPEC,), context=CONTEXT) -> PlannerInput:
    return PlannerInput(messages=list(messages_), tools=list(tools), context=context)


def _first_call(question: str):
    result = plan(_input(Message.user(question)))
    assert result is not None and len(result.calls) == 1
    return result.calls[0]


def test_a_question_becomes_one_run_sql_call():
    call = _first_call(Q2)
    assert call.name == RUN_SQL
    assert set(call.arguments) == {"sql", "params", "chart", "title"}
    assert call.arguments["params"] == {"as_of": "2026-06-15"}
    assert call.arguments["chart"]["kind"] == "bar"
    assert json.loads(json.dumps(call.arguments)) == call.arguments


def test_the_as_of_date_comes_from_the_run_context():
    result = plan(_input(Message.user("average salary last year"), context={"as_of": "2024-05-01"}))
    assert result.calls[0].arguments["params"] == {"start": "2023-01-01", "end": "2023-12-31"}


def _continued(question: str, observation: dict, *, is_error=False, text=None):
    call = ToolCall(id="call_1", name=RUN_SQL, arguments="{}")
    return plan(
        _input(
            Message.user(question),
            Message.assistant(tool_calls=[call], metadata={"planner": PLANNER_NAME}),
            Message.tool_result(
                call, text if text is not None else json.dumps(observation), is_error=is_error
            ),
        )
    )


def test_the_closing_text_uses_the_shape_not_the_rows():
    observation = {
        "columns": [{"name": "department", "type": "text"}, {"name": "headcount", "type": "int"}],
        "row_count": 6,
        "truncated": False,
        "rows_shared": True,
        "rows": [["Engineering", 987654]],
    }
    result = _continued(Q2, observation)
    assert not result.calls
    assert "6 rows (department, headcount)" in result.text
    assert "987654" not in result.text and "Engineering" not in result.text


def test_an_empty_or_truncated_result_is_said():
    empty = {"columns": [{"name": "average_salary", "type": "numeric"}], "row_count": 0}
    assert "no rows" in _continued("average salary last year", empty).text
    cut = {"columns": [{"name": "employee", "type": "text"}], "row_count": 500, "truncated": True}
    assert "row limit" in _continued("List unpaid salary months", cut).text


def test_a_failed_query_is_reported():
    result = _continued(Q2, {}, is_error=True, text="SQL_ERROR: boom")
    assert result.text == messages.QUERY_FAILED.format(error="SQL_ERROR: boom")


def test_other_requests_are_left_to_other_planners():
    assert plan(_input(Message.user("Make the buttons blue"))) is None
    assert plan(_input(Message.user("What's the weather?"))) is None


def test_without_the_run_sql_tool_the_planner_stands_aside():
    assert plan(_input(Message.user(Q2), tools=(FORM_SPEC,))) is None


def test_refusals_and_clarifications_are_texts():
    result = plan(_input(Message.user("Delete all employees")))
    assert result.text == messages.READ_ONLY and not result.calls
    result = plan(_input(Message.user("What is the average salary of Sales?")))
    assert not result.calls
    assert messages.CLARIFY_PERIOD in result.text and "Last year" in result.text


def test_a_missing_period_or_department_opens_the_erp_form():
    question = "What is the average salary of Sales?"
    result = plan(_input(Message.user(question), tools=(RUN_SQL_SPEC, FORM_SPEC)))
    (call,) = result.calls
    assert call.name == SHOW_FORM
    assert not surface_validate(call.arguments["messages"])
    data = json.dumps(call.arguments["messages"])
    assert question in data and "periodStart" in data
    result = plan(
        _input(
            Message.user("Average salary in the Legal department last year"),
            tools=(RUN_SQL_SPEC, FORM_SPEC),
        )
    )
    data = json.dumps(result.calls[0].arguments["messages"])
    assert "Human Resources" in data and "Each department" in data


def test_other_clarifications_stay_texts():
    result = plan(
        _input(
            Message.user("Who had the largest salary increase?"), tools=(RUN_SQL_SPEC, FORM_SPEC)
        )
    )
    assert not result.calls and "From last year to this year" in result.text


def _submitted(context: dict) -> Message:
    return Message(
        role="user",
        text="Submitted",
        metadata={
            "a2ui_action": {"name": ERP_SUBMIT_ACTION, "surfaceId": "erp-1", "context": context}
        },
    )


def test_the_submitted_form_completes_the_question():
    answered = _submitted(
        {
            "question": "What is the average salary of Sales?",
            "periodStart": "2025-01-01",
            "periodEnd": "2025-12-31",
        }
    )
    (call,) = plan(_input(answered)).calls
    assert call.arguments["params"] == {
        "department": "Sales",
        "start": "2025-01-01",
        "end": "2025-12-31",
    }
    answered = _submitted(
        {"question": "Average salary in the Legal department last year", "department": ["each"]}
    )
    (call,) = plan(_input(answered)).calls
    assert call.arguments["chart"]["x"] == "department"


def test_invalid_form_answers_are_sent_back():
    answered = _submitted(
        {
            "question": "What is the average salary of Sales?",
            "periodStart": "2025-05-01",
            "periodEnd": "2025-01-01",
        }
    )
    result = plan(_input(answered))
    assert not result.calls
    assert result.text.startswith(ANSWERS_REJECTED.split("{")[0])


def test_register_adds_the_planner_once():
    added = PLANNER_NAME not in planners.names()
    try:
        register()
        register()
        assert planners.names().count(PLANNER_NAME) == 1
    finally:
        if added:
            planners.unregister(PLANNER_NAME)


@pytest.mark.parametrize("question", [Q2, "What is the average salary of Sales?"])
def test_through_the_builtin_provider(question):
    registry = PlannerRegistry()
    registry.register(PLANNER_NAME, plan)
    provider = BuiltinProvider(registry)
    proposal = provider.complete(
        ModelRequest(messages=[Message.user(question)], tools=[RUN_SQL_SPEC], context=CONTEXT)
    )
    assert proposal.metadata["planner"] == PLANNER_NAME
    if [call.name for call in proposal.tool_calls] == ["run_sql"]:
        # The query speaks for itself: no text before it, the closing sentence comes after.
        assert proposal.text == ""
    else:
        assert proposal.text  # a clarification or refusal says why
