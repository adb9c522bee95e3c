"""An ERP question missing its department gets a form whose choices are the person's own
tenant's departments, read from the database through the gateway."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from apps.accounts.access import bound
from apps.erp.models import Department

pytestmark = [pytest.mark.usefixtures("committed_db")]
QUESTION = "What was the average salary of the department last year?"


def _choices(username: str, tenant: str) -> list[str]:
    out = StringIO()
    call_command("ask", QUESTION, "--tenant", tenant, "--user", username, "--json", stdout=out)
    outcome = json.loads(out.getvalue())
    assert outcome["status"] == "needs_input"
    [surface] = outcome["artifacts"]
    text = json.dumps(surface["messages"])
    return [
        name for name in ("Research Lab", "Engineering", "Sales", "Each department") if name in text
    ]


def test_department_choices_come_from_the_tenants_own_rows(globex_context):
    with bound(globex_context):
        lab = Department.objects.create(
            tenant_id=globex_context.tenant_id, code="LAB", name="Research Lab"
        )
    try:
        assert _choices("gus", "globex") == [
            "Research Lab",
            "Engineering",
            "Sales",
            "Each department",
        ]
        assert _choices("ana", "acme") == ["Engineering", "Sales", "Each department"]
    finally:
        with bound(globex_context):
            Department.objects.filter(pk=lab.pk).delete()
