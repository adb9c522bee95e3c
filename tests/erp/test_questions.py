"""The ten questions of issue 6 and their variations, 1 to 4 (tenure, headcount, levels,
hires), on the seeded test data (as of AS_OF); 5 to 10 are in test_questions_pay.py.

Each question is planned, its SQL run through the gateway as the agent would, and the rows
compared with an independent answer (tests/erp/oracle.py): a hand-written SQL query, or Python
over the raw rows where the computation is clearer that way. Ordered where the question orders.
"""

from collections import defaultdict
from datetime import date
from decimal import Decimal

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_result, assert_rows, hand_rows, pick, planner_result
from tests.erp.oracle import (
    ACTIVE,
    LAST_YEAR,
    THIS_YEAR,
    YEAR,
    active_on,
    avg,
    employees,
    event_counts,
    top_with_ties,
)

pytestmark = pytest.mark.django_db


# --- 1. average tenure ---------------------------------------------------------------------


def test_q1_average_tenure_of_employees(acme):
    _, names, rows = ask_result("What is the average tenure of employees at the company?", acme)
    assert names == ["average_tenure_years"]
    expected = hand_rows(
        f"SELECT avg((%(on)s::date - e.hire_date) / 365.25) FROM erp_employee e WHERE {ACTIVE}",
        acme,
        {"on": AS_OF},
    )
    assert_rows(rows, expected, ordered=True)


@pytest.mark.parametrize(
    ("question", "sql", "params"),
    [
        (
            "What is the average tenure of employees in Engineering?",
            "SELECT avg((%(on)s::date - e.hire_date) / 365.25) FROM erp_employee e "
            f"JOIN erp_department d ON d.id = e.department_id WHERE d.name = 'Engineering' AND {ACTIVE}",
            {"on": AS_OF},
        ),
        (
            "Average tenure by department",
            "SELECT d.name, avg((%(on)s::date - e.hire_date) / 365.25) FROM erp_employee e "
            f"JOIN erp_department d ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name",
            {"on": AS_OF},
        ),
        (
            "What's the mean tenure of current staff?",
            f"SELECT avg((%(on)s::date - e.hire_date) / 365.25) FROM erp_employee e WHERE {ACTIVE}",
            {"on": AS_OF},
        ),
        (
            "What was the average tenure of former employees?",
            "SELECT avg((e.termination_date - e.hire_date) / 365.25) FROM erp_employee e "
            "WHERE e.termination_date <= %(on)s",
            {"on": AS_OF},
        ),
        (
            "What was the average tenure of employees at the end of last year?",
            f"SELECT avg((%(on)s::date - e.hire_date) / 365.25) FROM erp_employee e WHERE {ACTIVE}",
            {"on": date(2025, 12, 31)},
        ),
        (
            "average tenure of employees at level 5 or above",
            "SELECT avg((%(on)s::date - e.hire_date) / 365.25) FROM erp_employee e "
            f"WHERE e.level >= 5 AND {ACTIVE}",
            {"on": AS_OF},
        ),
    ],
)
def test_q1_variations(acme, question, sql, params):
    _, _, rows = planner_result(question, acme)
    assert_rows(rows, hand_rows(sql, acme, params), ordered=False)


def test_q1_longest_average_tenure_department(acme):
    _, _, rows = planner_result("Which department has the longest average tenure?", acme)
    people = [p for p in employees(acme) if active_on(p, AS_OF)]
    by_department = defaultdict(list)
    for p in people:
        by_department[p["department"]].append(Decimal((AS_OF - p["hire"]).days) / YEAR)
    pairs = [(name, avg(values)) for name, values in by_department.items()]
    assert_rows(rows, top_with_ties(pairs, 1), ordered=True)


# --- 2. active employees per department ----------------------------------------------------


def test_q2_active_employees_per_department(acme):
    planned, names, rows = ask_result(
        "How many active employees are there in each department?", acme
    )
    assert names == ["department", "headcount"]
    expected = hand_rows(
        "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name ORDER BY d.name",
        acme,
        {"on": AS_OF},
    )
    assert_rows(rows, expected, ordered=True)
    assert planned.chart["kind"] == "bar"


def test_q2_is_per_tenant(globex):
    _, _, rows = ask_result("How many active employees are there in each department?", globex)
    expected = hand_rows(
        "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name ORDER BY d.name",
        globex,
        {"on": AS_OF},
    )
    assert_rows(rows, expected, ordered=True)


@pytest.mark.parametrize(
    ("question", "sql", "params"),
    [
        (
            "Headcount by department",
            "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d "
            f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name",
            {"on": AS_OF},
        ),
        (
            "How many employees are there at each level?",
            f"SELECT e.level, count(*) FROM erp_employee e WHERE {ACTIVE} GROUP BY e.level",
            {"on": AS_OF},
        ),
        (
            "How many people work in Sales?",
            "SELECT count(*) FROM erp_employee e JOIN erp_department d "
            f"ON d.id = e.department_id WHERE d.name = 'Sales' AND {ACTIVE}",
            {"on": AS_OF},
        ),
        (
            "How many employees did each department have at the end of 2024?",
            "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d "
            f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name",
            {"on": date(2024, 12, 31)},
        ),
        (
            "How many former employees are there in each department?",
            "SELECT d.name, count(e.id) FROM erp_department d LEFT JOIN erp_employee e "
            "ON d.id = e.department_id AND e.termination_date <= %(on)s GROUP BY d.name",
            {"on": AS_OF},
        ),
        (
            "number of current staff per department and level",
            "SELECT d.name, e.level, count(*) FROM erp_employee e JOIN erp_department d "
            f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name, e.level",
            {"on": AS_OF},
        ),
    ],
)
def test_q2_variations(acme, question, sql, params):
    _, _, rows = planner_result(question, acme)
    assert_rows(rows, hand_rows(sql, acme, params), ordered=False)


# --- 3. highest average level ----------------------------------------------------------------


def _ranked_departments(context, value, *, desc=True, n=1, on=AS_OF):
    people = [p for p in employees(context) if active_on(p, on)]
    groups = defaultdict(list)
    for p in people:
        groups[p["department"]].append(p)
    pairs = [(name, value(members)) for name, members in groups.items()]
    return top_with_ties(pairs, n, desc=desc)


def test_q3_department_with_highest_average_level(acme):
    planned, names, rows = ask_result(
        "Which department has the highest average employee level?", acme
    )
    assert names == ["department", "average_level"]
    expected = _ranked_departments(acme, lambda ms: avg(Decimal(m["level"]) for m in ms))
    assert_rows(rows, expected, ordered=True)
    hand = hand_rows(
        "SELECT d.name, avg(e.level) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name ORDER BY 2 DESC LIMIT 1",
        acme,
        {"on": AS_OF},
    )
    assert_rows(rows, hand, ordered=True)


def test_q3_lowest_average_level(acme):
    _, _, rows = planner_result("Which department has the lowest average employee level?", acme)
    expected = _ranked_departments(
        acme, lambda ms: avg(Decimal(m["level"]) for m in ms), desc=False
    )
    assert_rows(rows, expected, ordered=True)


def test_q3_most_employees(acme):
    _, _, rows = planner_result("Which department has the most employees?", acme)
    assert_rows(rows, _ranked_departments(acme, len), ordered=True)


def test_q3_level_with_most_active_employees(acme):
    _, _, rows = planner_result("Which level has the most active employees?", acme)
    counts = defaultdict(int)
    for p in employees(acme):
        if active_on(p, AS_OF):
            counts[p["level"]] += 1
    assert_rows(rows, top_with_ties(list(counts.items()), 1), ordered=True)


def test_q3_top_three_departments_by_salary(acme):
    _, names, rows = planner_result(
        "What are the top 3 departments by average salary last year?", acme
    )
    assert names == ["department", "average_salary", "rank"]
    expected = hand_rows(
        "SELECT d.name, avg(s.amount) FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id "
        "JOIN erp_department d ON d.id = e.department_id "
        "WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY d.name ORDER BY 2 DESC",
        acme,
    )
    top = [(name, value, rank) for rank, (name, value) in enumerate(expected[:3], start=1)]
    assert_rows(rows, top, ordered=True)


# --- 4. hires per department this year and last year ---------------------------------------


def test_q4_hires_per_department_this_and_last_year(acme):
    planned, names, rows = ask_result(
        "How many employees were hired in each department this year and last year?", acme
    )
    assert names == ["department", "hires_2025", "hires_2026"]
    expected = sorted(event_counts(acme, [LAST_YEAR, THIS_YEAR]))
    assert_rows(rows, expected, ordered=True)
    hand = hand_rows(
        "SELECT d.name, "
        "count(e.id) FILTER (WHERE extract(year FROM e.hire_date) = 2025), "
        "count(e.id) FILTER (WHERE extract(year FROM e.hire_date) = 2026) "
        "FROM erp_department d LEFT JOIN erp_employee e ON e.department_id = d.id "
        "GROUP BY d.name ORDER BY d.name",
        acme,
    )
    assert_rows(rows, hand, ordered=True)
    assert planned.chart == {
        "title": planned.title,
        "kind": "grouped_bar",
        "x": "department",
        "y": ["hires_2025", "hires_2026"],
        "x_axis": {"title": "Department"},
        "y_axis": {"title": "Hires"},
    }


@pytest.mark.parametrize(
    ("question", "periods", "column"),
    [
        (
            "How many people were hired in each department in 2023 and 2024?",
            [(date(2023, 1, 1), date(2023, 12, 31)), (date(2024, 1, 1), date(2024, 12, 31))],
            "hire",
        ),
        ("How many employees joined each department last year?", [LAST_YEAR], "hire"),
        (
            "How many employees left each department this year and last year?",
            [LAST_YEAR, THIS_YEAR],
            "end",
        ),
    ],
)
def test_q4_variations(acme, question, periods, column):
    _, _, rows = planner_result(question, acme)
    assert_rows(rows, event_counts(acme, periods, column=column), ordered=False)


def test_q4_hires_per_year(acme):
    planned, names, rows = planner_result("Hires per year", acme)
    assert names == ["year", "hires"]
    expected = hand_rows(
        "SELECT extract(year FROM hire_date)::int, count(*) FROM erp_employee "
        "WHERE hire_date <= %(on)s GROUP BY 1 ORDER BY 1",
        acme,
        {"on": AS_OF},
    )
    assert_rows(rows, expected, ordered=True)
    assert planned.chart["kind"] == "line"


def test_q4_who_was_hired(acme):
    _, names, rows = planner_result("Who was hired in Sales this year?", acme)
    assert names[:2] == ["employee", "department"] and names[-1] == "employee_id"
    expected = [
        p["id"]
        for p in sorted(employees(acme), key=lambda p: (p["hire"], p["name"], p["id"]))
        if p["department"] == "Sales" and THIS_YEAR[0] <= p["hire"] <= THIS_YEAR[1]
    ]
    assert [row[0] for row in pick(names, rows, "employee_id")] == expected


def test_q4_hires_in_a_quarter(acme):
    _, _, rows = planner_result("How many hires did Engineering make in Q1 2025?", acme)
    expected = [
        p for p in employees(acme)
        if p["department"] == "Engineering" and date(2025, 1, 1) <= p["hire"] <= date(2025, 3, 31)
    ]  # fmt: skip
    assert rows == [(len(expected),)]
