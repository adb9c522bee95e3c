"""A share of several named departments ("what share of payroll went to Sales and Marketing")
is their part of the whole company's figure — never each one's share of the named ones."""

import pytest

from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result


@pytest.mark.parametrize(
    ("question", "sql"),
    [
        (
            "what percentage of 2024 payroll was Finance and Operations together",
            "SELECT round(100.0 * sum(s.amount) FILTER (WHERE d.name IN ('Finance', 'Operations'))"
            " / sum(s.amount), 2) FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id"
            " JOIN erp_department d ON d.id = e.department_id"
            " WHERE s.pay_date BETWEEN '2024-01-01' AND '2024-12-31'",
        ),
        (
            "what share of our current staff is in Sales or Engineering",
            "SELECT round(100.0 * count(*) FILTER (WHERE d.name IN ('Sales', 'Engineering'))"
            " / count(*), 2) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id"
            " WHERE e.hire_date <= %(on)s AND (e.termination_date IS NULL"
            " OR e.termination_date > %(on)s)",
        ),
    ],
)
def test_a_share_of_named_departments_is_of_the_whole(acme, question, sql):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == ()
    expected = hand_rows(sql, acme, {"on": planned.params.get("as_of")})
    assert_rows(pick(names, rows, "share_pct"), expected, ordered=True)
