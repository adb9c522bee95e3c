"""Plain questions as strangers phrase them, each an example of a class found by the round-10
sweep, checked against hand-written SQL on the test data (or against a plainer twin):

- people named by a superlative alone, after a count: "the 10 highest paid in 2025", "os 10
  mais bem pagos";
- people before a superlative: "the employee with the highest salary last month", "employees
  with the longest tenure in Finance" (a grouping still ranks the groups);
- Portuguese "está"/"estão" (not "esta", this), "de quem" as a relative clause, infinitives of
  leaving and joining ("as últimas 5 pessoas a sair");
- the departments themselves: "list all departments", "quais são os departamentos?";
- "how much do we pay X on average", "how much did we pay in total";
- people filtered by their tenure: "which employees have been here more than 3 years".
"""

import pytest

from apps.erp.planner import Planned
from tests.erp.conftest import assert_rows, hand_rows, pick, plan, planner_result

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
TOP_AVERAGE_PAY_2025 = """
SELECT name FROM (
  SELECT e.name, RANK() OVER (ORDER BY AVG(s.amount) DESC) AS rank
  FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
  WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY e.id, e.name
) ranked WHERE rank <= %(n)s
"""


@pytest.mark.parametrize(
    "question", ["the 10 highest paid in 2025", "quais os 10 mais bem pagos em 2025"]
)
def test_a_count_and_a_superlative_of_pay_are_people(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == ("employee",) and planned.reading.top == 10
    expected = hand_rows(TOP_AVERAGE_PAY_2025, acme, {"n": 10})
    assert_rows(pick(names, rows, "employee"), expected, ordered=False)


def test_the_employee_with_the_highest_salary_is_named(acme):
    planned, names, rows = planner_result("the employee with the highest salary in May 2026", acme)
    assert planned.reading.dimensions == ("employee",) and planned.reading.top == 1
    sql = """SELECT e.name, s.amount FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
      WHERE s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'
      AND s.amount = (SELECT max(amount) FROM erp_salary
                      WHERE pay_date BETWEEN '2026-05-01' AND '2026-05-31')"""
    assert_rows(pick(names, rows, "employee", "max_salary"), hand_rows(sql, acme), ordered=False)


def test_employees_with_the_longest_tenure_are_listed(acme):
    planned, names, rows = planner_result("employees with the longest tenure in Finance", acme)
    assert planned.reading.dimensions == ("employee",) and planned.reading.top == 10
    sql = f"""SELECT name FROM (
      SELECT e.name, RANK() OVER (ORDER BY e.hire_date) AS rank
      FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
      WHERE {ACTIVE} AND d.name = 'Finance') r WHERE rank <= 10"""
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of})
    assert_rows(pick(names, rows, "employee"), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "dimensions"),
    [
        ("employees with the highest salary by department in 2025", ("department",)),
        ("employees with the highest salary each month in 2025", ("month",)),
    ],
)
def test_a_grouping_is_what_the_superlative_ranks(question, dimensions):
    reading = plan(question).reading
    assert reading.measure == "max_salary" and reading.dimensions == dimensions


@pytest.mark.parametrize(
    ("question", "twin"),
    [
        ("quem está em vendas no nível 8?", "list the employees in Sales at level 8"),
        ("quantas pessoas estão no nível 5?", "how many employees are at level 5"),
        (
            "qual a média salarial de quem está no nível 5 no ano passado",
            "average salary at level 5 last year",
        ),
        ("quem foram as últimas 5 pessoas a sair?", "who were the last 5 people to leave?"),
        (
            "quais foram os 3 últimos funcionários a entrar em vendas?",
            "the 3 newest employees in Sales",
        ),
        ("list all departments", "headcount by department"),
        ("quais são os departamentos?", "headcount by department"),
        ("what departments do we have?", "headcount by department"),
        (
            "how much do we pay engineers on average in 2025",
            "average salary in Engineering in 2025",
        ),
        ("how much did we pay in total in 2025", "total payroll in 2025"),
    ],
)
def test_a_plain_phrasing_answers_as_its_twin(acme, question, twin):
    planned, _, rows = planner_result(question, acme)
    same, _, same_rows = planner_result(twin, acme)
    assert rows == same_rows and planned.reading.measure == same.reading.measure


def test_de_quem_opening_the_question_asks_who():
    reading = plan("de quem é o maior salário no mês passado?").reading
    assert reading.dimensions == ("employee",) and reading.top == 1


@pytest.mark.parametrize(
    "question",
    [
        "which employees have been here more than 3 years",
        "quais funcionários estão há mais de 3 anos na empresa?",
    ],
)
def test_people_filtered_by_their_tenure_are_listed(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert isinstance(planned, Planned) and planned.reading.listing
    sql = f"""SELECT e.name FROM erp_employee e WHERE {ACTIVE}
      AND (%(as_of)s::date - e.hire_date) / 365.25 >= 3"""
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of})
    assert expected and len(expected) < 200
    assert_rows(pick(names, rows, "employee"), expected, ordered=False)


TOP_MAX_PAY_2025 = """
SELECT name FROM (
  SELECT e.name, RANK() OVER (ORDER BY MAX(s.amount) DESC) AS rank
  FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
  WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY e.id, e.name
) ranked WHERE rank <= %(n)s
"""


def test_top_n_of_a_fact_keeps_n_people(acme):
    planned, names, rows = planner_result("top 5 salaries in 2025", acme)
    assert planned.reading.top == 5 and planned.reading.order == "desc"
    expected = hand_rows(TOP_MAX_PAY_2025, acme, {"n": 5})
    assert_rows(pick(names, rows, "employee"), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "twin"),
    [
        ("the 5 highest salaries in 2025", "the 5 highest paid employees in 2025"),
        ("mostre os 5 maiores salários de 2025", "the 5 highest paid employees in 2025"),
        (
            "quantas pessoas foram demitidas no ano passado por departamento?",
            "departures by department last year",
        ),
        ("how did the wage bill develop quarter by quarter in 2025", "payroll by quarter in 2025"),
    ],
)
def test_more_plain_phrasings_answer_as_their_twins(acme, question, twin):
    planned, _, rows = planner_result(question, acme)
    same, _, same_rows = planner_result(twin, acme)
    assert rows == same_rows and planned.reading.measure == same.reading.measure


def test_a_count_of_departments_by_pay_ranks_departments():
    reading = plan("the 3 highest paid departments in 2025").reading
    assert reading.dimensions == ("department",) and reading.top == 3
