""" "Compare A and B", "A vs B": the measure for just those departments, levels or periods, side
by side — checked against hand-written SQL; "compare" with one member is refused."""

import pytest

from apps.erp.planner import Refusal
from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result, refused

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
SALARY_2025 = """SELECT d.name, round(avg(s.amount), 2) FROM erp_salary s
  JOIN erp_employee e ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id
  WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' AND d.name IN ('Sales', 'Engineering')
  GROUP BY d.name"""


@pytest.mark.parametrize(
    "question",
    [
        "compare the average salary of sales and engineering last year",
        "compare average salaries between Sales and Engineering in 2025",
        "Sales vs Engineering: average salary in 2025",
        "how does Sales compare to Engineering on average salary last year",
        "comparar o salário médio de Vendas e Engenharia no ano passado",
    ],
)
def test_named_departments_side_by_side(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == ("department",)
    expected = hand_rows(SALARY_2025, acme)
    assert_rows(pick(names, rows, "department", "average_salary"), expected, ordered=False)


@pytest.mark.parametrize(
    "question",
    [
        "compare headcount at level 3 and level 5",
        "headcount level 3 vs level 5",
        "How many employees are at levels 3 and 5?",
        "compare o número de funcionários dos níveis 3 e 5",
    ],
)
def test_named_levels_side_by_side(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == ("level",)
    sql = f"SELECT e.level, count(*) FROM erp_employee e WHERE {ACTIVE} AND e.level IN (3, 5) GROUP BY e.level"
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of})
    assert_rows(pick(names, rows, "level", "headcount"), expected, ordered=False)


@pytest.mark.parametrize(
    "question",
    ["compare hires between 2024 and 2025", "comparação de contratações entre 2024 e 2025"],
)
def test_compared_years_are_each_year_not_the_span(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert len(planned.reading.periods) == 2
    sql = """SELECT count(*) FILTER (WHERE hire_date BETWEEN '2024-01-01' AND '2024-12-31'),
                    count(*) FILTER (WHERE hire_date BETWEEN '2025-01-01' AND '2025-12-31')
             FROM erp_employee"""
    assert_rows(rows, hand_rows(sql, acme), ordered=True)


@pytest.mark.parametrize(
    "question", ["compare the average salary of Sales last year", "compare headcount"]
)
def test_a_comparison_of_one_member_is_refused(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal) and "comparison needs two" in outcome.message


@pytest.mark.parametrize(
    ("question", "starts"),
    [
        ("hires in Q1 vs Q2 2025", ("2025-01-01", "2025-04-01")),
        ("compare hires in March and April 2024", ("2024-03-01", "2024-04-01")),
        ("average salary in Q3 2025 vs Q4", ("2025-07-01", "2025-10-01")),
        ("contratações em março e abril de 2024", ("2024-03-01", "2024-04-01")),
    ],
)
def test_periods_compared_share_the_year_said_once(question, starts):
    from tests.erp.conftest import plan

    periods = plan(question).reading.periods
    assert tuple(p.start.isoformat() for p in periods) == starts
