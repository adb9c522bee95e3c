"""The run loop driven through the real openai provider and the scripted wire server."""

import json
import threading

import pytest
from ag_ui.core import Event
from pydantic import TypeAdapter

from apps.agent.loop import (
    ARTIFACT_EVENT,
    FAILOVER_EVENT,
    REPEATED,
    RETRY_EVENT,
    STOP_MESSAGES,
    TOOL_CRASHED,
    LoopLimits,
    StopReason,
    run_turns,
)
from apps.agent.messages import Message, history_dump, history_load
from apps.agent.providers import (
    BuiltinProvider,
    Plan,
    PlannerRegistry,
    ResilientProvider,
    build_provider,
)
from apps.agent.providers.openai import OpenAIProvider
from apps.agent.tools import ToolArgs, ToolError, ToolRegistry, ToolResult, register_tool
from tests.agent.conftest import FAST, openai_config
from tests.support.openai_wire import Chat, Error, call

EVENT = TypeAdapter(Event)
QUESTION = [Message.system("Answer ERP questions."), Message.user("How many in Sales?")]


def run(provider, registry, events=None, history=QUESTION, **options):
    options.setdefault("share_rows_with_model", False)
    limits = options.pop("limits", LoopLimits())
    return run_turns(provider, registry, history, limits, on_event=events, **options)


def tool_messages(request) -> list[dict]:
    return [m for m in request.messages if m["role"] == "tool"]


def test_a_valid_tool_call_runs_and_the_model_sees_the_observation(
    wire, resilient, registry, tool_log, events
):
    wire.script(
        Chat(text="Let me count.", tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(text="Sales has 3 employees.", usage=(50, 9)),
    )
    result = run(resilient, registry, events, context={"tenant": "acme"})

    assert result.stop_reason is StopReason.FINISHED
    assert result.final_text == "Sales has 3 employees."
    [(args, context)] = tool_log.calls
    assert (args.department, args.active_only) == ("Sales", True)
    assert context.run == {"tenant": "acme"}
    assert context.share_rows_with_model is False

    [observation] = tool_messages(wire.requests[1])
    assert observation["tool_call_id"] == "call_0"
    content = json.loads(observation["content"])
    assert content["row_count"] == 3
    assert content["rows_shared"] is False
    assert "Ana" not in observation["content"]

    [first, second] = result.steps
    assert first.proposal.tool_calls[0].name == "headcount"
    assert first.calls[0].status == "ok"
    assert first.calls[0].arguments == {"department": "Sales", "active_only": True, "year": None}
    assert first.context == {"messages": 2, "tools": ["headcount"], "provider": "openai"}
    assert second.calls == []
    assert result.usage.total_tokens == 18 + 59
    [usage] = result.token_usage()
    assert (usage.provider, usage.model, usage.total_tokens) == ("openai", "wire-model", 77)
    assert [a.kind for a in result.artifacts] == ["sql_result"]


def test_events_are_valid_ag_ui_and_tell_the_story(wire, resilient, registry, events):
    wire.script(
        Chat(text="Let me count.", tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(text="Sales has 3 employees.", chunk_size=100),
    )
    result = run(resilient, registry, events)
    for _, payload in events.items:
        EVENT.validate_python(payload)
        assert payload["timestamp"] > 0
    assert events.types == [
        "STEP_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_CONTENT",
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
    assert [p["stepName"] for p in events.of("STEP_STARTED")] == ["model-1", "tools-1", "model-2"]
    assistant, tool, final = result.new_messages
    start = events.of("TOOL_CALL_START")[0]
    assert start == {
        "type": "TOOL_CALL_START",
        "timestamp": start["timestamp"],
        "toolCallId": "call_0",
        "toolCallName": "headcount",
        "parentMessageId": assistant.id,
    }
    assert events.of("TEXT_MESSAGE_START")[0]["messageId"] == assistant.id
    assert events.of("TOOL_CALL_ARGS")[0]["delta"] == '{"department": "Sales"}'
    tool_result = events.of("TOOL_CALL_RESULT")[0]
    assert (tool_result["messageId"], tool_result["content"]) == (tool.id, tool.text)
    [artifact] = events.custom(ARTIFACT_EVENT)
    assert artifact["kind"] == "sql_result"
    assert artifact["toolCallId"] == "call_0"
    assert artifact["payload"]["rows"][0] == ["Ana", 2019]
    finished = events.of("STEP_FINISHED")[0]["metadata"]
    assert finished["provider"] == "openai"
    assert finished["inputTokens"] == 11


def test_an_invalid_call_is_rejected_before_running_then_repaired(
    wire, resilient, registry, tool_log
):
    wire.script(
        Chat(tool_calls=[call("headcount", {"department": "Marketing", "year": 1999})]),
        Chat(tool_calls=[call("headcount", {"department": "Sales", "year": 2021})]),
        Chat(text="Sales hired 1 person in 2021."),
    )
    result = run(resilient, registry)

    assert result.stop_reason is StopReason.FINISHED
    assert len(tool_log.calls) == 1
    assert tool_log.calls[0][0].year == 2021
    rejection = json.loads(tool_messages(wire.requests[1])[0]["content"])
    assert rejection["error"] == "invalid_arguments"
    assert rejection["message"].startswith("The call was rejected before anything ran.")
    assert [(e["field"], e["got"]) for e in rejection["errors"]] == [
        ("department", '"Marketing"'),
        ("year", "1999"),
    ]
    assert (
        rejection["errors"][0]["problem"] == "Input should be 'Sales', 'Engineering' or 'Finance'"
    )
    assert rejection["next"] == "Fix the listed problems and call again (3 repair attempts left)."
    first = result.steps[0].calls[0]
    assert first.status == "rejected"
    assert first.is_error
    assert first.repairs_left == 3
    assert result.history[3].is_error


def test_broken_json_and_unknown_tools_are_rejected_too(wire, resilient, registry, tool_log):
    wire.script(
        Chat(tool_calls=[call("headcount", '{"department": "Sal')]),
        Chat(tool_calls=[call("head_count", {"department": "Sales"})]),
        Chat(tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(text="Three."),
    )
    result = run(resilient, registry)
    assert result.stop_reason is StopReason.FINISHED
    broken = json.loads(tool_messages(wire.requests[1])[0]["content"])
    assert broken["error"] == "invalid_json"
    assert broken["errors"][0]["field"] == "(arguments)"
    unknown = json.loads(tool_messages(wire.requests[2])[1]["content"])
    assert unknown["error"] == "unknown_tool"
    assert "Did you mean 'headcount'?" in unknown["message"]
    assert len(tool_log.calls) == 1


def test_repair_attempts_are_limited_to_three(wire, resilient, registry, tool_log, events):
    wire.script(
        *[
            Chat(tool_calls=[call("headcount", {"department": "Sales", "year": y})])
            for y in (1, 2, 3, 4)
        ]
    )
    result = run(resilient, registry, events)
    assert result.stop_reason is StopReason.REPAIR_LIMIT
    assert result.status == "failed"
    assert tool_log.calls == []
    assert len(wire.requests) == 4
    assert [step.calls[0].repairs_left for step in result.steps] == [3, 2, 1, 0]
    last = json.loads(result.history[-2].text)
    assert last["next"] == "No repair attempts left: the run stops here."
    assert result.final_text == STOP_MESSAGES[StopReason.REPAIR_LIMIT].format(max_repairs=3)
    assert result.new_messages[-1].metadata == {"author": "harness", "stop_reason": "repair_limit"}
    assert events.types[-3:] == ["TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"]


def test_an_identical_repeated_call_stops_the_loop(wire, resilient, registry, tool_log):
    same = {"department": "Sales", "active_only": True}
    wire.script(
        Chat(tool_calls=[call("headcount", same)]),
        Chat(tool_calls=[call("headcount", {"active_only": True, "department": "Sales"})]),
        Chat(text="never asked"),
    )
    result = run(resilient, registry)
    assert result.stop_reason is StopReason.REPEATED_CALL
    assert len(tool_log.calls) == 1
    assert len(wire.requests) == 2
    assert wire.pending == 1
    repeated = result.steps[1].calls[0]
    assert repeated.status == "repeated"
    assert json.loads(repeated.observation)["message"] == REPEATED
    assert result.final_text == STOP_MESSAGES[StopReason.REPEATED_CALL]


def test_calls_after_a_stop_are_answered_but_not_run(wire, resilient, registry, tool_log):
    wire.script(
        Chat(tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(
            tool_calls=[
                call("headcount", {"department": "Sales"}, id="again"),
                call("headcount", {"department": "Finance"}, id="other"),
            ]
        ),
    )
    result = run(resilient, registry)
    assert [c.status for c in result.steps[1].calls] == ["repeated", "not_run"]
    assert len(tool_log.calls) == 1
    answered = {m.tool_call_id for m in result.history if m.role == "tool"}
    assert answered == {"call_0", "again", "other"}


def test_tool_errors_go_back_to_the_model_and_count_as_repairs(wire, resilient):
    tools = ToolRegistry()

    class Args(ToolArgs):
        sql: str

    attempts = []

    @register_tool(
        name="run_sql",
        when_to_use="To answer with data.",
        limits="SELECT only.",
        example={"sql": "SELECT 1"},
        args=Args,
        into=tools,
    )
    def run_sql(args, context):
        """Run SQL."""
        attempts.append(args.sql)
        if "salary" in args.sql:
            raise ToolError("column salary does not exist; use base_salary", field="sql")
        return {"row_count": 1}

    wire.script(
        Chat(tool_calls=[call("run_sql", {"sql": "SELECT avg(salary) FROM employees"})]),
        Chat(tool_calls=[call("run_sql", {"sql": "SELECT avg(base_salary) FROM employees"})]),
        Chat(text="Done."),
    )
    result = run(resilient, tools)
    assert result.stop_reason is StopReason.FINISHED
    assert len(attempts) == 2
    error = json.loads(tool_messages(wire.requests[1])[0]["content"])
    assert error == {
        "error": "tool_error",
        "tool": "run_sql",
        "message": "column salary does not exist; use base_salary",
        "field": "sql",
        "next": "Fix the call and try again (3 repair attempt(s) left).",
    }
    assert result.steps[0].calls[0].status == "failed"


def test_a_crashing_tool_is_contained(wire, resilient):
    tools = ToolRegistry()

    class Args(ToolArgs):
        n: int

    @register_tool(
        name="fragile",
        when_to_use="Never.",
        limits="None.",
        example={"n": 1},
        args=Args,
        into=tools,
    )
    def fragile(args, context):
        """Crash."""
        raise RuntimeError("secret internal detail")

    wire.script(Chat(tool_calls=[call("fragile", {"n": 1})]), Chat(text="That step failed."))
    result = run(resilient, tools)
    record = result.steps[0].calls[0]
    assert record.status == "crashed"
    assert record.crash == "RuntimeError: secret internal detail"
    assert json.loads(record.observation)["message"] == TOOL_CRASHED
    assert "secret" not in json.dumps(wire.requests[1].body)
    assert result.final_text == "That step failed."


def test_a_tool_that_needs_input_pauses_the_run(wire, resilient):
    tools = ToolRegistry()

    class Args(ToolArgs):
        question: str

    @register_tool(
        name="ask_form",
        when_to_use="When details are missing.",
        limits="One form.",
        example={"question": "Which period?"},
        args=Args,
        into=tools,
    )
    def ask_form(args, context):
        """Show a form."""
        return ToolResult(content={"shown": True}, needs_input=True)

    wire.script(Chat(tool_calls=[call("ask_form", {"question": "Which period?"})]), Chat(text="x"))
    result = run(resilient, tools)
    assert result.stop_reason is StopReason.NEEDS_INPUT
    assert result.status == "needs_input"
    assert len(wire.requests) == 1
    assert result.new_messages[-1].role == "tool"


def test_step_limit(wire, resilient, registry):
    wire.script(
        Chat(tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(tool_calls=[call("headcount", {"department": "Finance"})]),
        Chat(text="never asked"),
    )
    result = run(resilient, registry, limits=LoopLimits(max_steps=2))
    assert result.stop_reason is StopReason.STEP_LIMIT
    assert len(wire.requests) == 2
    assert "after 2 model steps" in result.final_text


def test_token_limit(wire, resilient, registry):
    wire.script(
        Chat(tool_calls=[call("headcount", {"department": "Sales"})], usage=(900, 200)),
        Chat(text="never asked"),
    )
    result = run(resilient, registry, limits=LoopLimits(max_tokens=1000))
    assert result.stop_reason is StopReason.TOKEN_LIMIT
    assert len(wire.requests) == 1
    assert "1000 model tokens" in result.final_text


def test_time_limit(wire, resilient, registry):
    wire.script(Chat(tool_calls=[call("headcount", {"department": "Sales"})]))
    result = run(resilient, registry, limits=LoopLimits(max_seconds=0.000001))
    assert result.stop_reason is StopReason.TIME_LIMIT
    assert wire.requests == []


def test_cancellation(wire, resilient, registry):
    cancel = threading.Event()
    cancel.set()
    result = run(resilient, registry, cancel=cancel)
    assert result.stop_reason is StopReason.CANCELLED
    assert result.final_text == "Stopped at your request."


def test_rows_reach_the_model_only_when_allowed(wire, resilient, registry):
    wire.script(Chat(tool_calls=[call("headcount", {"department": "Sales"})]), Chat(text="ok"))
    run(resilient, registry, share_rows_with_model=True)
    content = json.loads(tool_messages(wire.requests[1])[0]["content"])
    assert content["rows"] == [["Ana", 2019], ["Ben", 2021], ["Cy", 2024]]


def test_row_sharing_defaults_to_the_environment(wire, resilient, registry, tool_log, monkeypatch):
    monkeypatch.setenv("TESSERA_SHARE_ROWS_WITH_MODEL", "1")
    wire.script(Chat(tool_calls=[call("headcount", {"department": "Sales"})]), Chat(text="ok"))
    run_turns(resilient, registry, QUESTION, LoopLimits())
    assert tool_log.calls[0][1].share_rows_with_model is True


def test_a_provider_that_cannot_answer_fails_the_run(wire, resilient, registry, events):
    wire.script(Error(500), Error(500), Error(500))
    result = run(resilient, registry, events)
    assert result.stop_reason is StopReason.PROVIDER_FAILED
    assert result.status == "failed"
    assert "did not answer after 3 attempt(s)" in result.error
    assert result.steps[0].error == result.error
    assert result.new_messages == []
    assert len(events.custom(RETRY_EVENT)) == 2
    assert events.types[-1] == "STEP_FINISHED"


def test_a_stream_retried_mid_message_tells_the_client_what_to_drop(wire, registry, events):
    provider = ResilientProvider(OpenAIProvider(openai_config(wire, idle_seconds=0.3)), policy=FAST)
    wire.script(Chat(text="Counting the staff", chunk_size=4, stall_after=3), Chat(text="Three."))
    result = run(provider, registry, events)
    [retry] = events.custom(RETRY_EVENT)
    abandoned = retry["discardMessageId"]
    starts = [p["messageId"] for p in events.of("TEXT_MESSAGE_START")]
    ends = [p["messageId"] for p in events.of("TEXT_MESSAGE_END")]
    assert starts == ends == [abandoned, result.new_messages[0].id]
    assert abandoned != result.new_messages[0].id
    assert result.final_text == "Three."
    assert result.steps[0].proposal.notices[0].kind == "retry"


def test_failover_mid_run_continues_from_the_same_history(
    wire, fallback_wire, registry, tool_log, events, monkeypatch
):
    for name, value in {
        "TESSERA_MODEL_PROVIDER": "openai",
        "TESSERA_MODEL": "primary-model",
        "TESSERA_MODEL_BASE_URL": wire.url,
        "TESSERA_MODEL_API_KEY": "k1",
        "TESSERA_FALLBACK_PROVIDER": "openai",
        "TESSERA_FALLBACK_MODEL": "fallback-model",
        "TESSERA_FALLBACK_BASE_URL": fallback_wire.url,
        "TESSERA_FALLBACK_API_KEY": "k2",
        "TESSERA_MODEL_MAX_ATTEMPTS": "2",
        "TESSERA_MODEL_RETRY_BASE_SECONDS": "0.01",
    }.items():
        monkeypatch.setenv(name, value)
    wire.script(
        Chat(text="Counting.", tool_calls=[call("headcount", {"department": "Sales"})]),
        Error(503),
        Error(500),
    )
    fallback_wire.script(Chat(text="Sales has 3 employees.", model="fallback-model"))

    result = run(build_provider(), registry, events)

    assert result.stop_reason is StopReason.FINISHED
    assert result.final_text == "Sales has 3 employees."
    assert len(tool_log.calls) == 1
    continued = fallback_wire.requests[0]
    assert continued.body["model"] == "fallback-model"
    assert continued.headers["authorization"] == "Bearer k2"
    assert continued.messages == wire.requests[1].messages
    assert [m["role"] for m in continued.messages] == ["system", "user", "assistant", "tool"]
    assert continued.messages[2]["tool_calls"][0]["id"] == "call_0"
    assert continued.messages[3]["tool_call_id"] == "call_0"
    [failover] = events.custom(FAILOVER_EVENT)
    assert (failover["provider"], failover["nextProvider"]) == (
        "openai:primary-model",
        "openai:fallback-model",
    )
    assert {u.model for u in result.token_usage()} == {"wire-model", "fallback-model"}


def test_a_stored_history_is_continued_by_another_provider(wire, resilient, registry):
    wire.script(
        Chat(text="Counting.", tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(text="Sales has 3 employees."),
    )
    first = run(resilient, registry)
    stored = json.dumps(history_dump(first.history))

    seen = []

    def followup(request):
        seen.append([m.role for m in request.messages])
        return Plan(text="You're welcome.") if request.user_text == "Thanks!" else None

    planners = PlannerRegistry()
    planners.register("followup", followup)
    history = [*history_load(stored), Message.user("Thanks!")]
    second = run(BuiltinProvider(planners), registry, history=history)
    assert second.stop_reason is StopReason.FINISHED
    assert second.final_text == "You're welcome."
    assert seen == [["system", "user", "assistant", "tool", "assistant", "user"]]


@pytest.mark.parametrize("streamed_text", ["", "Counting."])
def test_history_stays_valid_for_the_wire(wire, resilient, registry, streamed_text):
    wire.script(
        Chat(text=streamed_text, tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(text="ok"),
    )
    result = run(resilient, registry)
    assistant = result.new_messages[0]
    assert assistant.text == streamed_text
    assert assistant.metadata == {"provider": "openai", "model": "wire-model"}
    assert wire.requests[1].messages[2]["content"] == (streamed_text or None)


def test_arguments_nested_past_the_parser_are_rejected_as_json(wire, resilient, registry, tool_log):
    # a model's reply is untrusted: arguments nested deeper than the JSON reader recurses
    # raised RecursionError past the rejection (the run crashed instead of asking again)
    deep = '{"department": ' + "[" * 5_000 + "]" * 5_000 + "}"
    wire.script(
        Chat(tool_calls=[call("headcount", deep)], chunk_size=4096),
        Chat(tool_calls=[call("headcount", {"department": "Sales"})]),
        Chat(text="Three."),
    )
    result = run(resilient, registry)
    assert result.stop_reason is StopReason.FINISHED
    broken = json.loads(tool_messages(wire.requests[1])[0]["content"])
    assert broken["error"] == "invalid_json"
    assert broken["errors"][0]["field"] == "(arguments)"
    assert len(tool_log.calls) == 1


@pytest.mark.parametrize("streamed", [True, False])
def test_a_reply_longer_than_the_token_budget_holds_is_cut(
    wire, resilient, registry, tool_log, events, streamed
):
    # a runaway or hostile server (its reported usage says 12 tokens) sent 2 MB of text:
    # the whole of it was streamed, stored and made the answer
    text = ("word " * 200 + "\n") * 2_000
    arguments = {"department": "Sales", "note": text} if not streamed else None
    reply = (
        Chat(text=text, chunk_size=8_192, usage=(5, 7))
        if streamed
        else Chat(tool_calls=[call("headcount", arguments)], chunk_size=65_536, usage=(5, 7))
    )
    wire.script(reply)
    result = run(resilient, registry, events, limits=LoopLimits(max_tokens=10_000))
    assert result.stop_reason is StopReason.PROVIDER_FAILED
    assert "ran past 40,000 characters" in result.error
    assert "TESSERA_AGENT_MAX_TOKENS" in result.error
    assert tool_log.calls == []  # nothing ran on a cut reply
    sent = sum(len(p["delta"]) for p in events.of("TEXT_MESSAGE_CONTENT"))
    assert sent <= 40_000  # the stream stopped at the limit, not at its end
    if streamed:
        assert sent > 0 and events.of("STEP_FINISHED")[-1]["metadata"]["discardMessageId"]
    assert not any(m.role == "assistant" and len(m.text or "") > 40_000 for m in result.history)
    assert len(wire.requests) == 1  # cut, not retried


def test_call_ids_the_model_repeats_or_overdoes_are_replaced(wire, resilient, registry, events):
    # a model's ids are its text: two calls of one reply under one id were sent as two
    # TOOL_CALL_STARTs of one toolCallId and both results went back under it; a 10,000
    # character id went into every event and record
    wire.script(
        Chat(
            tool_calls=[
                call("headcount", {"department": "Sales"}, id="dup"),
                call("headcount", {"department": "Finance"}, id="dup"),
                call("headcount", {"department": "Engineering"}, id="x" * 10_000),
            ]
        ),
        Chat(
            tool_calls=[call("headcount", {"department": "Sales", "active_only": False}, id="dup")]
        ),
        Chat(text="Done."),
    )
    result = run(resilient, registry, events)
    assert result.stop_reason is StopReason.FINISHED
    started = [p["toolCallId"] for p in events.of("TOOL_CALL_START")]
    assert len(started) == 4 and len(set(started)) == 4
    assert started[0] == "dup" and all(len(i) <= 64 for i in started)
    for request in wire.requests[1:]:
        asked = [c["id"] for m in request.messages for c in m.get("tool_calls") or []]
        answered = [m["tool_call_id"] for m in tool_messages(request)]
        assert sorted(asked) == sorted(answered) and len(set(asked)) == len(asked)
