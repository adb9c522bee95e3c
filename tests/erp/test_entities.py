"""Entities come from the tenant's data: department names and codes and employee names are
read through the gateway (a recorded tool call), per tenant, and read again when they may
have changed. A tenant organized otherwise is understood on its own terms."""

import json

import pytest

from apps.accounts.access import bound
from apps.agent import selectors
from apps.erp import entities
from apps.erp.models import Department, Employee
from apps.erp.planner import plan_question
from apps.erp.tools import LOOKUP
from tests.conftest import AS_OF
from tests.erp.conftest import ask_json, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]
ACTIVE = "e.hire_date <= '2026-06-15' AND (e.termination_date IS NULL OR e.termination_date > '2026-06-15')"


@pytest.fixture(autouse=True)
def empty_cache():
    entities.cache.clear()
    yield
    entities.cache.clear()


def _answer(outcome: dict) -> dict | None:
    found = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    return found[-1] if found else None


def _lookups(context, run_id) -> int:
    run = selectors.run_get(context=context, run_id=run_id)
    with bound(context):
        return sum(1 for step in run.steps.all() for c in step.calls if c["call"]["name"] == LOOKUP)


def _headcount(context, department: str) -> list[tuple]:
    return hand_rows(
        "SELECT count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        f"WHERE d.name = %(name)s AND {ACTIVE}",
        context,
        {"name": department},
    )


def test_a_tenant_with_other_departments_is_asked_about_its_own(northwind_context, acme_context):
    outcome = ask_json("How many people work in Customer Support?", northwind_context)
    assert norm_rows(_answer(outcome)["rows"]) == _headcount(northwind_context, "Customer Support")
    assert _lookups(northwind_context, outcome["run_id"]) == 1
    research = ask_json("Quantos funcionários há na Pesquisa?", northwind_context)
    assert norm_rows(_answer(research)["rows"]) == _headcount(northwind_context, "Research")
    # acme has no Customer Support: the name is refused there, never looked up elsewhere
    other = ask_json("How many people work in Customer Support?", acme_context)
    assert _answer(other) is None and "Customer" in other["messages"][-1]["text"]


def test_codes_typos_and_synonyms_name_departments(acme_context, northwind_context):
    for question in (
        "headcount in ENG",
        "How many people are in Engeneering?",
        "how many devs do we have",
    ):
        result = _answer(ask_json(question, acme_context))
        assert result["params"].get("department") == "Engineering", question
    assert (
        _answer(ask_json("headcount in LOG", northwind_context))["params"]["department"]
        == "Logistics"
    )


def test_a_code_that_is_also_a_word_counts_only_in_capitals():
    names = entities.Entities("t", (entities.Department(1, "ALL", "Alliances"),))
    upper = plan_question("headcount of ALL", entities=names, as_of=AS_OF)
    assert upper.params["department"] == "Alliances"
    lower = plan_question("headcount in all departments", entities=names, as_of=AS_OF)
    assert "department" not in lower.params and lower.reading.dimensions == ("department",)


def test_the_cache_is_read_again_when_a_question_names_something_new(acme_context):
    assert _answer(ask_json("How many people work in Sales?", acme_context))
    with bound(acme_context):
        lab = Department.objects.create(tenant_id=acme_context.tenant_id, code="QA", name="Quality")
        Employee.objects.create(
            tenant_id=acme_context.tenant_id,
            name="Test Person",
            department=lab,
            level=3,
            hire_date="2025-02-01",
        )
    try:
        outcome = ask_json("How many people work in Quality?", acme_context)
        assert _lookups(acme_context, outcome["run_id"]) == 1  # the cache did not know it
        assert norm_rows(_answer(outcome)["rows"]) == [(1,)]
        again = ask_json("How many people work in Quality?", acme_context)
        assert _lookups(acme_context, again["run_id"]) == 0  # now it does
    finally:
        with bound(acme_context):
            Employee.objects.filter(department=lab).delete()
            lab.delete()


def test_old_names_are_read_again(acme_context):
    ask_json("How many people work in Sales?", acme_context)
    cached = entities.cached_entities(acme_context.tenant_id)
    entities.cache.put(
        acme_context.tenant_id,
        type(cached)(cached.version, cached.departments, cached.people, loaded_at=0.0),
    )
    outcome = ask_json("How many people work in Sales?", acme_context)
    assert _lookups(acme_context, outcome["run_id"]) == 1


def test_employee_names_with_a_typo_or_several_candidates(acme_context):
    hired = _answer(ask_json("When was Maria Quin hired?", acme_context))
    assert hired["params"]["employee"] == "Maria Quinn"
    several = ask_json("When was Hamid hired?", acme_context)
    assert several["status"] == "needs_input"
    form = json.dumps(
        [a for a in several["artifacts"] if a["kind"] == "a2ui_surface"][0]["messages"]
    )
    assert form.count("Hamid ") >= 2 and '"person"' in form
    nobody = ask_json("When was Zorro Zimmermann hired?", acme_context)
    assert _answer(nobody) is None and "Zorro" in nobody["messages"][-1]["text"]


def test_each_tenant_has_its_own_cache(acme_context, northwind_context):
    ask_json("How many people work in Sales?", acme_context)
    ask_json("How many people work in Legal?", northwind_context)
    acme = entities.cached_entities(acme_context.tenant_id)
    northwind = entities.cached_entities(northwind_context.tenant_id)
    assert "Sales" in acme.department_names and "Sales" not in northwind.department_names
    assert "Legal" in northwind.department_names and "Legal" not in acme.department_names
