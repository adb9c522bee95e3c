"""The agent tools `move_candidate` / `update_candidate`, on their own and driven end to end
by the builtin provider with the pipeline planner."""

import json
import re
from decimal import Decimal

import psycopg
import pytest
from django.conf import settings

from apps.a2ui.validator import surface_validate
from apps.accounts.access import bound
from apps.agent.loop import run_turns
from apps.agent.messages import Message, ToolCall
from apps.agent.providers.builtin import BuiltinProvider, PlannerRegistry
from apps.agent.tools import ToolContext, ToolError, ToolRegistry
from apps.agent.tools.validation import Rejection
from apps.objects import agent_tools, errors, planner, services, surfaces
from apps.objects.agent_tools import MoveCandidateArgs, UpdateCandidateArgs
from apps.objects.models import Candidate, CandidateEvent
from project import database
from tests.objects.helpers import candidate_in

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


def tool_context(access, tool="move_candidate") -> ToolContext:
    return ToolContext(call_id="call_test", tool=tool, run={"access": access})


def maria(context) -> Candidate:
    with bound(context):
        return Candidate.objects.select_related("position").get(name="Maria Silva")


def move(access, **arguments):
    return agent_tools.move_candidate(MoveCandidateArgs(**arguments), tool_context(access))


def test_move_maria_silva_to_interview(hr_context):
    result = move(hr_context, candidate="Maria Silva", to_state="interview", note="Via the agent")
    assert result.content["ok"] is True
    assert result.content["message"] == "Maria Silva moved to interview."
    assert result.content["candidate"]["state"] == "interview"
    with bound(hr_context):
        last = CandidateEvent.objects.filter(candidate=maria(hr_context)).order_by("-id").first()
    assert (last.to_state, last.actor_id, last.note) == (
        "interview",
        hr_context.user_id,
        "Via the agent",
    )


def test_a_first_name_is_enough_when_it_is_unique(hr_context):
    move(hr_context, candidate="maria", to_state="interview")
    result = move(hr_context, candidate="Maria", to_state="offer", offered_salary=7200)
    assert result.content["message"] == "Maria Silva has an offer of 7,200."
    assert maria(hr_context).offered_salary == Decimal("7200")


def test_an_offer_without_salary_asks_in_a_form(hr_context):
    move(hr_context, candidate="Maria Silva", to_state="interview")
    result = move(hr_context, candidate="Maria Silva", to_state="offer")
    assert result.needs_input is True
    assert result.content["needs_input"] == "offered_salary"
    [artifact] = result.artifacts
    assert artifact.kind == "a2ui_surface"
    assert surface_validate(artifact.payload["messages"]) == []
    components = artifact.payload["messages"][1]["updateComponents"]["components"]
    button = next(c for c in components if c["component"] == "Button")
    assert button["action"]["event"]["name"] == surfaces.ACTION_MOVE
    assert button["action"]["event"]["context"]["candidate"] == f"#{maria(hr_context).pk}"
    assert button["action"]["event"]["context"]["offered_salary"] == {"path": "/offered_salary"}
    salary = next(c for c in components if c["id"] == "salary")
    band = [
        check["condition"]["args"]
        for check in salary["checks"]
        if check["condition"]["call"] == "numeric"
    ][0]
    position = maria(hr_context).position
    assert (band["min"], band["max"]) == (float(position.salary_min), float(position.salary_max))
    assert maria(hr_context).state == "interview"  # nothing written yet


def test_a_refused_move_is_explained_before_any_form(hr_context):
    with pytest.raises(ToolError) as info:
        move(hr_context, candidate="Maria Silva", to_state="offer")  # screening → offer
    assert str(info.value).startswith("transition_not_allowed: ")
    assert info.value.field == "to_state"


def test_a_reader_is_refused_before_any_form(acme_context):
    with pytest.raises(ToolError) as info:
        move(acme_context, candidate="Maria Silva", to_state="interview")
    assert str(info.value) == "not_allowed: " + errors.MSG_NOT_ALLOWED.format(role="analyst")
    assert maria(acme_context).state == "screening"


def test_an_offer_outside_the_band_names_the_field(hr_context):
    move(hr_context, candidate="Maria Silva", to_state="interview")
    with pytest.raises(ToolError) as info:
        move(hr_context, candidate="Maria Silva", to_state="offer", offered_salary=99000)
    assert info.value.field == "offered_salary"
    assert "99,000" in str(info.value)


def test_an_unknown_name(hr_context):
    with pytest.raises(ToolError) as info:
        move(hr_context, candidate="Nobody Atall", to_state="screening")
    assert info.value.field == "candidate"


def test_an_ambiguous_name_asks_which_one(hr_context):
    position = maria(hr_context).position
    other = services.candidate_create(
        context=hr_context,
        name="Maria Costa",
        email="maria.costa@example.com",
        position_id=position.pk,
    )
    result = move(hr_context, candidate="Maria", to_state="rejected", note="Not now")
    assert result.needs_input is True
    assert {m["id"] for m in result.content["matches"]} == {maria(hr_context).pk, other.pk}
    payload = result.artifacts[0].payload
    assert surface_validate(payload["messages"]) == []
    components = payload["messages"][1]["updateComponents"]["components"]
    picker = next(c for c in components if c["component"] == "ChoicePicker")
    assert {o["value"] for o in picker["options"]} == {f"#{maria(hr_context).pk}", f"#{other.pk}"}
    context = next(c for c in components if c["component"] == "Button")["action"]["event"][
        "context"
    ]
    assert context == {
        "candidate": {"path": "/candidate"},
        "to_state": "rejected",
        "note": "Not now",
    }


def test_an_id_reference_and_another_tenants_id(hr_context, globex_context):
    own = candidate_in(hr_context, "applied")
    assert move(hr_context, candidate=f"#{own.pk}", to_state="screening").content["ok"]
    foreign = candidate_in(globex_context, "applied")
    with pytest.raises(ToolError):
        move(hr_context, candidate=f"#{foreign.pk}", to_state="screening")


def test_without_an_access_context_nothing_runs():
    with pytest.raises(ToolError, match="no access context"):
        agent_tools.move_candidate(
            MoveCandidateArgs(candidate="Maria Silva", to_state="interview"),
            ToolContext(call_id="c", tool="move_candidate", run={}),
        )


def test_update_an_open_offer(hr_context):
    offer = candidate_in(hr_context, "offer")
    args = UpdateCandidateArgs(
        candidate=f"#{offer.pk}", offered_salary=offer.position.salary_min, note="Counter"
    )
    result = agent_tools.update_candidate(args, tool_context(hr_context, "update_candidate"))
    assert result.content["candidate"]["offered_salary"] == str(offer.position.salary_min)


def test_update_a_salary_too_early(hr_context):
    args = UpdateCandidateArgs(candidate="Maria Silva", offered_salary=7200)
    with pytest.raises(ToolError) as info:
        agent_tools.update_candidate(args, tool_context(hr_context, "update_candidate"))
    assert str(info.value).startswith("salary_too_early: ")


def test_update_needs_something_to_change():
    with pytest.raises(ValueError, match="at least one"):
        UpdateCandidateArgs(candidate="Maria Silva")


def test_registered_tools_validate_their_arguments():
    tools = ToolRegistry()
    agent_tools.register_tools(tools)
    assert tools.names() == ["move_candidate", "update_candidate"]
    call = ToolCall(
        id="c1", name="move_candidate", arguments='{"candidate": "Maria", "to_state": "applied"}'
    )
    rejection = tools.validate(call)
    assert isinstance(rejection, Rejection)
    assert "to_state" in json.dumps(rejection.errors, default=str)
    extra = ToolCall(
        id="c2",
        name="move_candidate",
        arguments='{"candidate": "M", "to_state": "offer", "bonus": 1}',
    )
    assert isinstance(tools.validate(extra), Rejection)


# --- end to end: builtin provider + planner + tools + loop ---------------------------------


def _runtime():
    planners = PlannerRegistry()
    planner.register(planners)
    tools = ToolRegistry()
    agent_tools.register_tools(tools)
    return BuiltinProvider(planners), tools


def _answer(result) -> str:
    return [m.text for m in result.new_messages if m.role == "assistant" and m.text][-1]


def test_the_two_phrases_end_to_end(hr_context):
    provider, tools = _runtime()
    context = {"access": hr_context}
    first = run_turns(
        provider, tools, [Message.user("move Maria Silva to interview")], context=context
    )
    assert first.status == "finished"
    assert _answer(first) == "Maria Silva moved to interview."
    second = run_turns(
        provider,
        tools,
        [*first.history, Message.user("offer Maria 7200 for the position")],
        context=context,
    )
    assert _answer(second) == "Maria Silva has an offer of 7,200."
    candidate = maria(hr_context)
    assert (candidate.state, candidate.offered_salary) == ("offer", Decimal("7200"))


def test_a_missing_salary_is_asked_for_and_the_answer_completes_the_offer(hr_context):
    from apps.agent.inbound import UserAction
    from apps.agent.runtime import action_message

    provider, tools = _runtime()
    context = {"access": hr_context}
    services.candidate_move(
        context=hr_context, candidate_id=maria(hr_context).pk, to_state="interview"
    )
    asked = run_turns(
        provider, tools, [Message.user("offer Maria for the position")], context=context
    )
    assert asked.status == "needs_input"
    [form] = [a for step in asked.steps for call in step.calls for a in call.artifacts]
    surface_id = form.payload["surfaceId"]
    answer = action_message(
        UserAction.model_validate(
            {
                "type": "action",
                "action": {
                    "name": surfaces.ACTION_MOVE,
                    "surfaceId": surface_id,
                    "sourceComponentId": "submit",
                    "context": {
                        "candidate": f"#{maria(hr_context).pk}",
                        "to_state": "offer",
                        "offered_salary": "7200",
                        "note": "Agreed on the phone",
                    },
                },
            }
        )
    )
    done = run_turns(provider, tools, [*asked.history, answer], context=context)
    assert done.status == "finished"
    assert _answer(done) == "Maria Silva has an offer of 7,200."
    with bound(hr_context):
        last = CandidateEvent.objects.filter(candidate=maria(hr_context)).order_by("-id").first()
    assert (last.to_state, last.note) == ("offer", "Agreed on the phone")


def test_a_refusal_end_to_end(acme_context):
    provider, tools = _runtime()
    result = run_turns(
        provider,
        tools,
        [Message.user("move Maria Silva to interview")],
        context={"access": acme_context},
    )
    assert _answer(result) == planner.REFUSED.format(
        reason=errors.MSG_NOT_ALLOWED.format(role="analyst")
    )
    assert maria(acme_context).state == "screening"


def test_the_stage_query_runs_as_the_query_role_under_rls(hr_context):
    """What the gateway does with "show candidates in offer stage": log in as the gateway
    role, bind the tenant, switch to tessera_query, run read-only (the gateway's own checks
    are its business; this shows the grants and row-level security hold for our tables)."""
    query = planner.stage_query("offer")
    sql = re.sub(r":(\w+)", r"%(\1)s", query["sql"])
    with psycopg.connect(database.conninfo(database.GATEWAY, settings.DB_NAME)) as conn:
        with conn.cursor() as cursor:
            cursor.execute("BEGIN READ ONLY")
            cursor.execute(
                "SELECT set_config('app.tenant_id', %s, true)", [str(hr_context.tenant_id)]
            )
            cursor.execute("SET LOCAL ROLE tessera_query")
            cursor.execute(sql, query["params"])
            rows = cursor.fetchall()
            cursor.execute("SELECT count(*) FROM erp_candidate")
            visible = cursor.fetchone()[0]
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                cursor.execute("SELECT count(*) FROM erp_candidate_event")
        conn.rollback()
    with bound(hr_context):
        expected = set(Candidate.objects.filter(state="offer").values_list("name", flat=True))
        total = Candidate.objects.count()
    assert {row[0] for row in rows} == expected and expected
    assert visible == total
