"""People ranked with words between the count and the people ("the 3 active Marketing employees
hired longest ago", "the last 3 Marketing hires"), with no noun at all ("os 3 últimos a sair",
"the last 3 to leave"), or by a clause ("the 5 who earn the most", "os 5 que mais ganham") —
checked against hand-written SQL."""

import pytest

from tests.erp.conftest import assert_rows, hand_rows, pick, plan, planner_result

LEFT_LAST = """SELECT name, termination_date FROM (SELECT e.name, e.termination_date,
  rank() OVER (ORDER BY e.termination_date DESC) r FROM erp_employee e
  JOIN erp_department d ON d.id = e.department_id
  WHERE d.name = 'Operations' AND e.termination_date <= '2026-06-15') x WHERE r <= 3"""
HIRED_FIRST = """SELECT name, hire_date FROM (SELECT e.name, e.hire_date,
  rank() OVER (ORDER BY e.hire_date) r FROM erp_employee e
  JOIN erp_department d ON d.id = e.department_id WHERE d.name = 'Marketing'
  AND e.hire_date <= '2026-06-15'
  AND (e.termination_date IS NULL OR e.termination_date > '2026-06-15')) x WHERE r <= 3"""
TOP_PAID = """SELECT name, a FROM (SELECT e.name, round(avg(s.amount), 2) a,
  rank() OVER (ORDER BY avg(s.amount) DESC) r FROM erp_salary s
  JOIN erp_employee e ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id
  WHERE d.name = 'Finance' AND s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'
  GROUP BY e.id, e.name) x WHERE r <= 5"""


@pytest.mark.parametrize(
    "question",
    ["os 3 últimos a sair de operações", "the last 3 to leave operations"],
)
def test_the_last_to_leave_without_a_noun(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.sort == "termination_date"
    got = pick(names, rows, "employee", "termination_date")
    assert_rows(got, hand_rows(LEFT_LAST, acme), ordered=False)


@pytest.mark.parametrize(
    "question",
    [
        "the 3 active marketing employees hired longest ago",
        "what are the 3 current Marketing employees hired longest ago?",
    ],
)
def test_a_department_and_a_population_between_the_count_and_the_people(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.top == 3 and planned.reading.sort == "hire_date"
    got = pick(names, rows, "employee", "hire_date")
    assert_rows(got, hand_rows(HIRED_FIRST, acme), ordered=False)


def test_the_last_hires_of_a_department():
    reading = plan("the last 3 marketing hires").reading
    assert (reading.top, reading.sort, reading.departments) == (3, "hire_date", ("Marketing",))


@pytest.mark.parametrize(
    "question",
    ["who are the 5 who earn the most in finance", "quem são os 5 que mais ganham em finanças?"],
)
def test_a_count_ranked_by_a_clause(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.top == 5 and planned.reading.order == "desc"
    got = pick(names, rows, "employee", "average_salary")
    assert_rows(got, hand_rows(TOP_PAID, acme), ordered=False)
