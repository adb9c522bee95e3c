import json

import pytest

from apps.agent.loop import LoopLimits, StopReason, run_turns
from apps.agent.messages import Message
from apps.agent.providers import (
    BEYOND_BUILTIN,
    BuiltinProvider,
    ModelRequest,
    PermanentProviderError,
    Plan,
    PlannedCall,
    PlannerInput,
    PlannerRegistry,
)


@pytest.fixture
def planners() -> PlannerRegistry:
    return PlannerRegistry()


def headcount_planner(request: PlannerInput) -> Plan | None:
    if request.continuing:
        observation = json.loads(request.tool_results[-1].text)
        return Plan(text=f"Sales has {observation['row_count']} employees.")
    if "how many" not in request.user_text.lower() or "headcount" not in request.tool_names:
        return None
    return Plan(text="Counting.", calls=[PlannedCall("headcount", {"department": "Sales"})])


def request(*messages: Message, tools=()) -> ModelRequest:
    return ModelRequest(messages=list(messages), tools=list(tools))


def test_unclaimed_requests_get_a_plain_answer_not_a_guess(planners):
    proposal = BuiltinProvider(planners).complete(request(Message.user("Write me a poem")))
    assert proposal.text == BEYOND_BUILTIN
    assert "TESSERA_MODEL_PROVIDER" in proposal.text
    assert proposal.tool_calls == []
    assert proposal.metadata == {"beyond_builtin": True}


def test_a_claiming_planner_proposes_calls_with_ids(planners, registry):
    planners.register("erp.headcount", headcount_planner)
    proposal = BuiltinProvider(planners).complete(
        request(Message.user("How many people in Sales?"), tools=registry.specs())
    )
    assert proposal.text == "Counting."
    [call] = proposal.tool_calls
    assert call.name == "headcount"
    assert call.id.startswith("call_")
    assert json.loads(call.arguments) == {"department": "Sales"}
    assert proposal.to_message().metadata["planner"] == "erp.headcount"


def test_planners_are_asked_by_priority_then_registration(planners):
    asked = []

    def planner(name, answer):
        def plan(request):
            asked.append(name)
            return Plan(text=name) if answer else None

        return plan

    planners.register("late", planner("late", True), priority=200)
    planners.register("first", planner("first", False), priority=10)
    planners.register("second", planner("second", True))
    proposal = BuiltinProvider(planners).complete(request(Message.user("hi")))
    assert asked == ["first", "second"]
    assert proposal.text == "second"


def test_a_continuation_goes_to_the_planner_that_made_the_calls(planners):
    asked = []

    def greedy(request):
        asked.append("greedy")
        return Plan(text="greedy answer")

    def owner(request):
        asked.append("owner")
        return Plan(text="owner summary") if request.continuing else None

    planners.register("greedy", greedy, priority=1)
    planners.register("owner", owner, priority=500)
    call_message = Message.assistant(
        tool_calls=[{"id": "c1", "name": "t", "arguments": "{}"}], metadata={"planner": "owner"}
    )
    history = [
        Message.user("q"),
        call_message,
        Message.tool_result(call_message.tool_calls[0], "{}"),
    ]
    assert BuiltinProvider(planners).complete(request(*history)).text == "owner summary"
    assert asked == ["owner"]


def test_a_failing_planner_is_reported_not_skipped(planners):
    def broken(request):
        raise KeyError("semantic model")

    planners.register("broken", broken)
    with pytest.raises(PermanentProviderError, match="planner 'broken' failed"):
        BuiltinProvider(planners).complete(request(Message.user("hi")))


def test_an_empty_plan_is_a_planner_bug(planners):
    planners.register("empty", lambda request: Plan())
    with pytest.raises(PermanentProviderError, match="empty plan"):
        BuiltinProvider(planners).complete(request(Message.user("hi")))


def test_duplicate_planner_names_are_refused(planners):
    planners.register("p", headcount_planner)
    with pytest.raises(ValueError, match="already registered"):
        planners.register("p", headcount_planner)


def test_a_real_tool_end_to_end_through_the_builtin_provider(planners, registry, tool_log, events):
    planners.register("erp.headcount", headcount_planner)
    result = run_turns(
        BuiltinProvider(planners),
        registry,
        [Message.user("How many people work in Sales?")],
        LoopLimits(),
        context={"tenant": "acme"},
        on_event=events,
        share_rows_with_model=False,
    )
    assert result.stop_reason is StopReason.FINISHED
    assert result.status == "finished"
    assert result.final_text == "Sales has 3 employees."
    [(args, context)] = tool_log.calls
    assert args.department == "Sales"
    assert context.run == {"tenant": "acme"}
    assert [m.role for m in result.new_messages] == ["assistant", "tool", "assistant"]
    assert [a.kind for a in result.artifacts] == ["sql_result"]
    assert "Ana" not in result.new_messages[1].text
    stored = json.loads(json.dumps(result.model_dump(mode="json")))
    assert stored["steps"][0]["calls"][0]["arguments"] == {
        "department": "Sales",
        "active_only": True,
        "year": None,
    }
    assert events.types == [
        "STEP_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "TOOL_CALL_START",
        "TOOL_CALL_ARGS",
        "TOOL_CALL_END",
        "STEP_FINISHED",
        "STEP_STARTED",
        "CUSTOM",
        "TOOL_CALL_RESULT",
        "STEP_FINISHED",
        "STEP_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "STEP_FINISHED",
    ]
