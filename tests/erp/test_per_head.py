"""A total per head ("wage bill per employee", "per capita"): the total paid divided by the
number of distinct people paid in the same period and groups, both parts shown; refused for
anything but pay and when the question also ranks it."""

import pytest

from apps.erp.planner import Refusal
from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result, refused

PER_HEAD_SQL = (
    "SELECT {group} sum(s.amount), count(DISTINCT s.employee_id), "
    "round(sum(s.amount) / count(DISTINCT s.employee_id), 2) "
    "FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id "
    "JOIN erp_department d ON d.id = e.department_id "
    "WHERE s.pay_date BETWEEN %(a)s AND %(b)s {where} {by}"
)
PARTS = ("total_salary", "paid_employees", "salary_per_head")


@pytest.mark.parametrize(
    ("question", "department", "start", "end"),
    [
        ("wage bill per employee in 2025", None, "2025-01-01", "2025-12-31"),
        ("what do we spend on salaries per head in Operations in 2024", "Operations",
         "2024-01-01", "2024-12-31"),
        ("custo salarial per capita em 2025", None, "2025-01-01", "2025-12-31"),
        ("average pay per worker in Finance for March 2026", "Finance",
         "2026-03-01", "2026-03-31"),
    ],
)  # fmt: skip
def test_a_total_per_head_divides_by_the_people_paid(acme, question, department, start, end):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.per_head and planned.reading.dimensions == ()
    where = "AND d.name = %(d)s" if department else ""
    expected = hand_rows(
        PER_HEAD_SQL.format(group="", where=where, by=""),
        acme,
        {"a": start, "b": end, "d": department},
    )
    assert_rows(pick(names, rows, *PARTS), expected, ordered=True)


def test_a_total_per_head_by_department(acme):
    planned, names, rows = planner_result("payroll per capita by department for 2025", acme)
    expected = hand_rows(
        PER_HEAD_SQL.format(group="d.name,", where="", by="GROUP BY d.name"),
        acme,
        {"a": "2025-01-01", "b": "2025-12-31"},
    )
    assert_rows(pick(names, rows, "department", *PARTS), expected, ordered=False)
    assert "per person paid" in planned.title.lower()


@pytest.mark.parametrize(
    "question",
    [
        "hires per head in 2025",
        "which department has the highest salary cost per employee in 2025",
        "departments with payroll per head above 60000 in 2025",
    ],
)
def test_a_ratio_per_head_of_anything_but_pay_or_ranked_is_refused(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert "per head" in outcome.message
