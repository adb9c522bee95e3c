"""Follow-ups through the real runtime and CLI: each turn of a thread changes the reading
stored with the previous answer, the run record names the artifact it changed, a new topic
starts fresh, and a follow-up never reaches another tenant's data."""

import json

import pytest

from apps.accounts.access import bound
from apps.agent import selectors
from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]
ACTIVE = "e.hire_date <= %(on)s AND (e.termination_date IS NULL OR e.termination_date > %(on)s)"
ON = {"on": "2026-06-15"}


def _result(outcome: dict) -> dict:
    assert outcome["status"] == "finished", outcome
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    return result


def _run_sql_calls(context, run_id) -> list[dict]:
    run = selectors.run_get(context=context, run_id=run_id)
    with bound(context):
        steps = list(run.steps.all())
    return [
        json.loads(c["call"]["arguments"])
        for step in steps
        for c in step.calls
        if c["call"]["name"] == "run_sql"
    ]


def test_a_chain_of_follow_ups_changes_one_reading_turn_by_turn(acme_context):
    first = ask_json("How many people work in Sales?", acme_context)
    thread = first["thread_id"]
    sales = _result(first)
    second = ask_json("and in Marketing?", acme_context, thread=thread)
    marketing = _result(second)
    expected = hand_rows(
        "SELECT count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        f"WHERE d.name = 'Marketing' AND {ACTIVE}",
        acme_context,
        ON,
    )
    assert_rows(norm_rows(marketing["rows"]), expected, ordered=True)
    # The run record says which answer the follow-up changed.
    [call] = _run_sql_calls(acme_context, second["run_id"])
    assert call["reading"]["follows"] == sales["id"]
    assert marketing["reading"]["follows"] == sales["id"]

    third = _result(ask_json("break that down by level", acme_context, thread=thread))
    by_level = hand_rows(
        "SELECT e.level, count(*) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE d.name = 'Marketing' AND {ACTIVE} GROUP BY e.level",
        acme_context,
        ON,
    )
    assert_rows(norm_rows(third["rows"]), by_level, ordered=False)
    fourth = _result(ask_json("only level 5 and above", acme_context, thread=thread))
    assert_rows(norm_rows(fourth["rows"]), [r for r in by_level if r[0] >= 5], ordered=False)
    fifth = _result(ask_json("top 3 only", acme_context, thread=thread))
    assert fifth["reading"]["top"] == 3 and fifth["reading"]["order"] == "desc"
    sixth = _result(ask_json("sort from lowest", acme_context, thread=thread))
    assert sixth["reading"]["order"] == "asc"
    seventh = _result(ask_json("as a line chart", acme_context, thread=thread))
    assert seventh["reading"]["chart"] == "line"
    assert seventh["reading"]["follows"] == sixth["id"]


def test_same_for_and_exclude_and_what_about(acme_context):
    first = ask_json("How many people were hired in 2025, by department?", acme_context)
    thread = first["thread_id"]
    leavers = _result(ask_json("same for leavers", acme_context, thread=thread))
    assert leavers["reading"]["measure"] == "terminations"
    without = _result(ask_json("exclude Sales", acme_context, thread=thread))
    assert "Sales" not in [row[0] for row in without["rows"]]
    expected = hand_rows(
        "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d "
        "ON d.id = e.department_id WHERE d.name <> 'Sales' AND e.termination_date "
        "BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY d.name",
        acme_context,
    )
    rows = [r for r in norm_rows(without["rows"]) if r[1] != 0]
    assert_rows(rows, expected, ordered=False)
    earlier = _result(ask_json("what about 2024?", acme_context, thread=thread))
    assert earlier["params"]["start"] == "2024-01-01" and earlier["params"]["end"] == "2024-12-31"


def test_a_new_question_starts_fresh(acme_context):
    first = ask_json("average salary in Sales last year", acme_context)
    fresh = _result(
        ask_json("How many departments are there?", acme_context, thread=first["thread_id"])
    )
    assert fresh["reading"]["measure"] == "departments" and fresh["reading"]["follows"] is None
    assert fresh["params"] == {}


def test_portuguese_follow_ups(acme_context):
    first = ask_json("Quantos funcionários há em Vendas?", acme_context)
    second = ask_json("e em Marketing?", acme_context, thread=first["thread_id"])
    result = _result(second)
    assert result["params"]["department"] == "Marketing"
    assert result["reading"]["language"] == "pt"
    assert second["messages"][-1]["text"].startswith("Número de funcionários")


def test_a_follow_up_cannot_reach_another_tenants_department(acme_context):
    """Research is northwind's; acme has no such department: refused like any such question."""
    first = ask_json("How many people work in Sales?", acme_context)
    other = ask_json("and in Research?", acme_context, thread=first["thread_id"])
    assert not [a for a in other["artifacts"] if a["kind"] == "sql_result"]
    assert "Research" in other["messages"][-1]["text"]


def test_a_follow_up_with_nothing_to_follow_is_refused(acme_context):
    outcome = ask_json("and in Marketing?", acme_context)
    assert outcome["status"] == "finished"
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
