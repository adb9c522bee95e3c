"""A query result and its chart become drafts without pydantic's value-by-value JSON check
(`ArtifactDraft.built`): what the gateway and the figure builder give is JSON already, so a
checked draft of the same payload is equal to it, for every kind of value a result holds."""

import pytest

from apps.agent.tools.results import ArtifactDraft
from apps.workspace.results import result_drafts, result_payload

pytestmark = [pytest.mark.usefixtures("committed_db")]

SQL = (
    "SELECT d.name AS department, e.hire_date, e.termination_date, e.level, "
    "s.amount, s.amount::float8 AS amount_float, e.termination_date IS NULL AS active, "
    "CAST(s.pay_date AS timestamp) AS paid_at, NULL AS nothing, 'a \"quoted\" <b>text</b>' AS words "
    "FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
    "JOIN erp_salary s ON s.employee_id = e.id ORDER BY s.id LIMIT 40"
)


GROUPED = (
    "SELECT d.name AS department, count(*) AS headcount, avg(e.level) AS level "
    "FROM erp_employee e JOIN erp_department d ON d.id = e.department_id GROUP BY d.name"
)


def test_built_drafts_are_the_drafts_the_check_would_accept(acme_context):
    result = result_payload(sql=SQL, params={}, context=acme_context, title="Payments <i>")
    grouped = result_payload(sql=GROUPED, params={}, context=acme_context, title="Headcount")
    drafts = result_drafts(result) + result_drafts(grouped)
    assert [d.kind for d in drafts] == ["sql_result", "sql_result", "chart"]
    assert drafts[2].payload["source_id"] == drafts[1].id
    assert len(result["rows"]) == 40
    for draft in drafts:
        checked = ArtifactDraft(kind=draft.kind, payload=draft.payload, title=draft.title)
        assert checked.payload == draft.payload
        assert ArtifactDraft.model_validate(draft.model_dump(mode="json")) == draft


def test_a_payload_that_is_not_json_is_still_refused_by_the_checking_constructor():
    with pytest.raises(ValueError):
        ArtifactDraft(kind="sql_result", payload={"rows": [[object()]]})
