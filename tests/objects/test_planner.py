"""The pipeline planner: phrase parsing (pure) and the plans it makes."""

import json
from decimal import Decimal

import pytest

from apps.agent.messages import Message, ToolCall
from apps.agent.providers.base import ToolSpec
from apps.agent.providers.builtin import PLANNER_KEY, PlannerInput, PlannerRegistry
from apps.objects import planner, surfaces
from apps.objects.amounts import parse_amount
from apps.objects.planner import MoveIntent, ShowStageIntent, parse_request


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "move Maria Silva to interview",
            MoveIntent(candidate="Maria Silva", to_state="interview"),
        ),
        (
            "Move Maria Silva to the interview stage.",
            MoveIntent(candidate="Maria Silva", to_state="interview"),
        ),
        (
            "please advance Omar Berg to screening",
            MoveIntent(candidate="Omar Berg", to_state="screening"),
        ),
        ("move #42 into offer", MoveIntent(candidate="#42", to_state="offer")),
        ("reject Tara Haddad", MoveIntent(candidate="Tara Haddad", to_state="rejected")),
        ("Hire Jakob Hoffmann!", MoveIntent(candidate="Jakob Hoffmann", to_state="hired")),
        (
            "mark Luis Fischer as withdrawn",
            MoveIntent(candidate="Luis Fischer", to_state="withdrawn"),
        ),
        (
            "Nikolai Rossi withdrew his application",
            MoveIntent(candidate="Nikolai Rossi", to_state="withdrawn"),
        ),
        (
            "offer Maria 7200 for the position",
            MoveIntent(candidate="Maria", to_state="offer", offered_salary=Decimal("7200")),
        ),
        (
            "Offer Maria Silva 7,200 € a month for the role",
            MoveIntent(candidate="Maria Silva", to_state="offer", offered_salary=Decimal("7200")),
        ),
        (
            "make an offer to Maria of 7.2k",
            MoveIntent(candidate="Maria", to_state="offer", offered_salary=Decimal("7200")),
        ),
        ("offer Maria Silva the position", MoveIntent(candidate="Maria Silva", to_state="offer")),
        ("offer Maria", MoveIntent(candidate="Maria", to_state="offer")),
        ("show candidates in offer stage", ShowStageIntent(state="offer")),
        ("Show me all candidates in the interview stage", ShowStageIntent(state="interview")),
        ("which candidates are in screening?", ShowStageIntent(state="screening")),
        ("candidates at the hired stage", ShowStageIntent(state="hired")),
        ("list the candidates in rejected", ShowStageIntent(state="rejected")),
    ],
)
def test_requests_it_understands(text, intent):
    assert parse_request(text) == intent


@pytest.mark.parametrize(
    "text",
    [
        "How many active employees are there in each department?",
        "move the sidebar to the right",
        "make the buttons blue",
        "move Maria Silva to applied",  # nobody moves back to applied
        "move Maria Silva to somewhere nice",
        "show candidates in limbo stage",
        "",
    ],
)
def test_requests_it_leaves_to_others(text):
    assert parse_request(text) is None


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("7200", "7200.00"),
        ("7,200", "7200.00"),
        ("7.200", "7200.00"),
        ("7 200", "7200.00"),
        ("7200.50", "7200.50"),
        ("7200,5", "7200.50"),
        ("7.2k", "7200.00"),
        ("7,2k", "7200.00"),
        ("12,345,678", "12345678.00"),
        ("0", None),
        ("7.2.3", None),
    ],
)
def test_amounts(text, amount):
    assert parse_amount(text) == (Decimal(amount) if amount else None)


def test_the_stage_query_binds_the_state_as_a_parameter():
    query = planner.stage_query("offer")
    assert query["params"] == {"state": "offer"}
    assert ":state" in query["sql"] and "'offer'" not in query["sql"]
    assert "offered_salary" in query["sql"]
    assert "offered_salary" not in planner.stage_query("screening")["sql"]
    assert "tenant_id" not in query["sql"]  # row-level security does that


TOOLS = [
    ToolSpec(name=name, description=name, parameters={})
    for name in ("move_candidate", "update_candidate", "run_sql")
]


def _input(messages, tools=TOOLS):
    return PlannerInput(messages=messages, tools=tools, context={})


def test_a_move_is_planned_as_a_tool_call():
    plan = planner.plan_pipeline(_input([Message.user("move Maria Silva to interview")]))
    assert [(c.name, c.arguments) for c in plan.calls] == [
        ("move_candidate", {"candidate": "Maria Silva", "to_state": "interview"})
    ]


def test_an_offer_carries_the_amount_as_text():
    plan = planner.plan_pipeline(_input([Message.user("offer Maria 7200 for the position")]))
    assert plan.calls[0].arguments == {
        "candidate": "Maria",
        "to_state": "offer",
        "offered_salary": "7200.00",
    }


def test_showing_a_stage_goes_through_the_sql_gateway():
    plan = planner.plan_pipeline(_input([Message.user("show candidates in offer stage")]))
    assert plan.calls[0].name == "run_sql"
    assert plan.calls[0].arguments == planner.stage_query("offer")


def test_without_the_tool_it_says_so():
    plan = planner.plan_pipeline(
        _input([Message.user("show candidates in offer stage")], tools=TOOLS[:2])
    )
    assert not plan.calls
    assert plan.text == planner.TOOL_MISSING.format(tool="run_sql")


def test_other_requests_are_not_claimed():
    assert planner.plan_pipeline(_input([Message.user("headcount by department")])) is None


def test_a_submitted_form_completes_its_call():
    action = {
        "name": surfaces.ACTION_MOVE,
        "surfaceId": "objects-salary-1",
        "context": {"candidate": "#33", "to_state": "offer", "offered_salary": "7200", "note": ""},
    }
    message = Message.user("[objects.move_candidate] …").model_copy(
        update={"metadata": {"a2ui_action": action}}
    )
    plan = planner.plan_pipeline(_input([message]))
    assert [(c.name, c.arguments) for c in plan.calls] == [
        ("move_candidate", {"candidate": "#33", "to_state": "offer", "offered_salary": "7200"})
    ]


def test_a_chosen_candidate_comes_back_as_a_list():
    action = {"name": surfaces.ACTION_MOVE, "context": {"candidate": ["#7"], "to_state": "hired"}}
    message = Message.user("").model_copy(update={"metadata": {"a2ui_action": action}})
    plan = planner.plan_pipeline(_input([message]))
    assert plan.calls[0].arguments == {"candidate": "#7", "to_state": "hired"}


def _continued(tool: str, arguments: dict, observation: dict, *, is_error=False, planner_name=None):
    call = ToolCall(id="call_1", name=tool, arguments=json.dumps(arguments))
    return [
        Message.user("…"),
        Message.assistant(
            tool_calls=[call], metadata={PLANNER_KEY: planner_name or planner.PLANNER_NAME}
        ),
        Message.tool_result(call, json.dumps(observation), is_error=is_error),
    ]


def test_after_a_move_it_reports_the_outcome():
    messages = _continued(
        "move_candidate",
        {"candidate": "Maria Silva", "to_state": "interview"},
        {"ok": True, "message": "Maria Silva moved to interview."},
    )
    assert planner.plan_pipeline(_input(messages)).text == "Maria Silva moved to interview."


def test_after_a_refusal_it_explains_without_the_code():
    messages = _continued(
        "move_candidate",
        {"candidate": "Maria", "to_state": "offer", "offered_salary": "99000"},
        {"error": "tool_error", "message": "salary_out_of_band: The offered salary 99,000 is …"},
        is_error=True,
    )
    assert planner.plan_pipeline(_input(messages)).text == planner.REFUSED.format(
        reason="The offered salary 99,000 is …"
    )


def test_after_the_query_it_counts_the_rows():
    messages = _continued(
        "run_sql", planner.stage_query("offer"), {"row_count": 3, "truncated": False}
    )
    assert planner.plan_pipeline(_input(messages)).text == "3 candidates in the offer stage."


def test_it_does_not_conclude_another_planners_calls():
    messages = _continued("run_sql", {"sql": "SELECT 1"}, {"row_count": 1}, planner_name="erp")
    assert planner.plan_pipeline(_input(messages)) is None


def test_register_adds_it_to_a_registry():
    registry = PlannerRegistry()
    planner.register(registry)
    assert registry.names() == [planner.PLANNER_NAME]
