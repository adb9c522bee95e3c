"""The real run_sql tool end to end through the runtime: the builtin provider and the
OpenAI-compatible provider (against the local wire-protocol server). Rows reach the person's
artifacts but never the model unless configured."""

import json

import pytest
from django.db import connections

from apps.agent import runtime, services
from apps.agent.inbound import UserText
from apps.agent.providers import Plan, PlannedCall, PlannerRegistry, ResilientProvider
from apps.agent.providers.builtin import BuiltinProvider
from apps.agent.providers.openai import OpenAIProvider
from apps.agent.tools import registry as tool_registry
from tests.agent.conftest import FAST, openai_config
from tests.support.openai_wire import Chat, WireServer, call

pytestmark = [pytest.mark.usefixtures("committed_db")]

HEADCOUNT = (
    "SELECT d.name AS department, count(*) AS headcount FROM erp_employee e "
    "JOIN erp_department d ON d.id = e.department_id WHERE e.termination_date IS NULL "
    "GROUP BY d.name ORDER BY d.name"
)


def _expected_headcount(tenant_id: int) -> list[list]:
    with connections["owner"].cursor() as cursor:
        cursor.execute("SELECT set_config('app.tenant_id', %s, false)", [str(tenant_id)])
        cursor.execute(HEADCOUNT)
        rows = [list(row) for row in cursor.fetchall()]
        cursor.execute("SELECT set_config('app.tenant_id', '', false)")
    return rows


def _builtin(sql: str) -> BuiltinProvider:
    planners = PlannerRegistry()

    def plan(request):
        if request.continuing:
            return Plan(text="Here is the headcount.")
        return Plan(calls=[PlannedCall("run_sql", {"sql": sql, "title": "Headcount"})])

    planners.register("test.headcount", plan)
    return BuiltinProvider(planners)


def _ask(context, text, provider):
    thread = services.thread_create(context=context)
    return runtime.run_execute(
        context=context,
        thread_id=thread.id,
        message=UserText(type="message", text=text),
        provider=provider,
        registry=tool_registry,
    )


def test_builtin_provider_drives_run_sql_to_table_and_chart(acme_context, globex_context):
    outcome = _ask(acme_context, "headcount please", _builtin(HEADCOUNT))
    assert outcome.status == "finished"
    kinds = [artifact["kind"] for artifact in outcome.artifacts]
    assert kinds == ["sql_result", "chart"]
    table, chart = outcome.artifacts
    assert table["rows"] == _expected_headcount(acme_context.tenant_id)
    assert table["columns"] == [
        {"name": "department", "type": "varchar", "label": "Department"},
        {"name": "headcount", "type": "int8", "label": "Headcount"},
    ]
    assert chart["source_id"] == table["id"] and chart["spec"]["kind"] in {"bar", "pie"}
    assert chart["figure"]["data"][0]["type"] == "bar"
    # The same SQL for another tenant gives that tenant's rows.
    other = _ask(globex_context, "headcount please", _builtin(HEADCOUNT))
    assert other.artifacts[0]["rows"] == _expected_headcount(globex_context.tenant_id)
    assert other.artifacts[0]["rows"] != table["rows"]


def test_openai_provider_repairs_a_bad_column_from_the_gateway_error_without_seeing_rows(
    acme_context,
):
    bad = HEADCOUNT.replace("count(*) AS headcount", "count(e.salary) AS headcount")
    with WireServer(
        Chat(tool_calls=[call("run_sql", {"sql": bad, "title": "Headcount"})]),
        Chat(tool_calls=[call("run_sql", {"sql": HEADCOUNT, "title": "Headcount"})]),
        Chat(text="Engineering has the most people."),
    ) as server:
        provider = ResilientProvider(OpenAIProvider(openai_config(server)), policy=FAST)
        outcome = _ask(acme_context, "How many active employees per department?", provider)
        requests = server.requests
    assert outcome.status == "finished"
    assert [a["kind"] for a in outcome.artifacts] == ["sql_result", "chart"]
    assert outcome.artifacts[0]["rows"] == _expected_headcount(acme_context.tenant_id)
    # The model got the schema, semantic model and verified queries as its system message.
    system = requests[0].messages[0]
    assert system["role"] == "system"
    for needle in ("erp_salary", "termination_date", "average salary", "tenant_id"):
        assert needle in system["content"].lower()
    # The model saw the gateway's error for the bad column, then a result without rows.
    second = requests[1].messages[-1]
    assert (
        second["role"] == "tool"
        and "UNKNOWN_COLUMN" in second["content"]
        and "salary" in second["content"]
    )
    third = json.loads(requests[2].messages[-1]["content"])
    assert third["row_count"] == len(outcome.artifacts[0]["rows"]) and "rows" not in third
    everything_sent = json.dumps([request.body for request in requests])
    for department, headcount in outcome.artifacts[0]["rows"]:
        assert f'"{department}", {headcount}' not in everything_sent
        assert f'["{department}",{headcount}]' not in everything_sent.replace(" ", "")
