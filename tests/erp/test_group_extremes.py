"""Groups ranked by an extreme: "the highest/maximum/top salary" of a department is its largest
payment (MAX), "the lowest/minimum" its smallest (MIN), "the highest average" its mean, "the
largest/smallest payroll" its total — each checked against hand-written SQL on the test data."""

import pytest

from tests.erp.conftest import assert_rows, hand_rows, planner_result, refused

SALARY_RANK = """
SELECT name, value FROM (
  SELECT {group} AS name, {agg} AS value,
         RANK() OVER (ORDER BY {agg} {direction}) AS rank
  FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
  JOIN erp_department d ON d.id = e.department_id
  WHERE s.pay_date BETWEEN %(start)s AND %(end)s
  GROUP BY {group}
) ranked WHERE rank = 1
"""
DEPARTMENT, LEVEL = "d.name", "e.level"
YEAR_2025 = {"start": "2025-01-01", "end": "2025-12-31"}
MARCH_2025 = {"start": "2025-03-01", "end": "2025-03-31"}


@pytest.mark.parametrize(
    ("question", "measure", "group", "agg", "direction", "period"),
    [
        # the extreme of single payments, per group: MAX / MIN, never the average
        ("which department pays the largest salary in March 2025", "max_salary",
         DEPARTMENT, "max(s.amount)", "DESC", MARCH_2025),
        ("Which team had the maximum wage in 2025?", "max_salary",
         DEPARTMENT, "max(s.amount)", "DESC", YEAR_2025),
        ("the department with the biggest salary in March 2025", "max_salary",
         DEPARTMENT, "max(s.amount)", "DESC", MARCH_2025),
        ("what department has the lowest salary in 2025", "min_salary",
         DEPARTMENT, "min(s.amount)", "ASC", YEAR_2025),
        ("qual nível tem o menor salário em 2025", "min_salary",
         LEVEL, "min(s.amount)", "ASC", YEAR_2025),
        ("Qual departamento pagou o maior salário em março de 2025?", "max_salary",
         DEPARTMENT, "max(s.amount)", "DESC", MARCH_2025),
        ("which department has the lowest maximum salary in 2025", "max_salary",
         DEPARTMENT, "max(s.amount)", "ASC", YEAR_2025),
        # an average named stays the average, whatever the ranking word
        ("which department had the highest average wage in 2025", "average_salary",
         DEPARTMENT, "avg(s.amount)", "DESC", YEAR_2025),
        ("which department had the maximum average salary in 2025", "average_salary",
         DEPARTMENT, "avg(s.amount)", "DESC", YEAR_2025),
        # a total ranked by "smallest"/"largest": the ranking word on the total
        ("which department had the smallest payroll in 2025", "total_salary",
         DEPARTMENT, "sum(s.amount)", "ASC", YEAR_2025),
        ("which level had the biggest wage bill in March 2025", "total_salary",
         LEVEL, "sum(s.amount)", "DESC", MARCH_2025),
        ("which level has the highest median pay in 2025", "median_salary",
         LEVEL, "percentile_cont(0.5) WITHIN GROUP (ORDER BY s.amount)", "DESC", YEAR_2025),
    ],
)  # fmt: skip
def test_a_group_ranked_by_an_extreme_uses_that_aggregate(
    acme, question, measure, group, agg, direction, period
):
    planned, _, rows = planner_result(question, acme)
    assert planned.reading.measure == measure
    assert planned.reading.order == direction.lower()
    expected = hand_rows(
        SALARY_RANK.format(group=group, agg=agg, direction=direction), acme, period
    )
    assert_rows(rows, expected, ordered=False)


def test_an_extreme_without_a_group_or_a_measure_is_not_guessed():
    # "the smallest payroll" of nothing ranked: the smallest monthly payroll? refused
    refused("what was the smallest payroll in 2025")
