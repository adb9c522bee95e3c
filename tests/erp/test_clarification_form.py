"""An ERP question missing its department gets a form whose choices are the person's own
tenant's departments, read through the gateway by a tool call recorded in the run — also
right after a department was added."""

import json

import pytest

from apps.accounts.access import bound
from apps.agent import selectors
from apps.erp.models import Department
from apps.erp.tools import LOOKUP
from tests.erp.conftest import ask_json

pytestmark = [pytest.mark.usefixtures("committed_db")]
QUESTION = "What was the average salary of the department last year?"
NAMES = ("Research Lab", "Engineering", "Sales", "Research", "Each department")


def _form(context) -> tuple[list[str], dict]:
    outcome = ask_json(QUESTION, context)
    assert outcome["status"] == "needs_input"
    [surface] = outcome["artifacts"]
    text = json.dumps(surface["messages"])
    return [name for name in NAMES if f'"{name}"' in text], outcome


def _lookups(context, run_id) -> int:
    run = selectors.run_get(context=context, run_id=run_id)
    with bound(context):
        calls = [c for step in run.steps.all() for c in step.calls]
    return sum(1 for call in calls if call["call"]["name"] == LOOKUP)


def test_department_choices_come_from_the_tenants_own_rows(
    globex_context, acme_context, northwind_context
):
    with bound(globex_context):
        lab = Department.objects.create(
            tenant_id=globex_context.tenant_id, code="LAB", name="Research Lab"
        )
    try:
        names, outcome = _form(globex_context)
        assert names == ["Research Lab", "Engineering", "Sales", "Each department"]
        assert _lookups(globex_context, outcome["run_id"]) == 1  # read by a tool call
        assert _form(acme_context)[0] == ["Engineering", "Sales", "Each department"]
        assert _form(northwind_context)[0] == ["Research", "Each department"]
    finally:
        with bound(globex_context):
            Department.objects.filter(pk=lab.pk).delete()
