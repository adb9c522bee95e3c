"""Classes found by the round-12 sweep of strangers' questions, checked against hand-written
SQL on the test data:

- a department named by its people's role ("engineers by level", "salespeople per level",
  "engenheiros por nível"): they are counted as "employees" would be — it asked "What would
  you like to know about it?";
- "as of the end of March 2026", "as at the start of 2025": the edge says which day (it was
  refused, "as of" not understood before "end of").
"""

import pytest

from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result

ACTIVE = "e.hire_date <= %(day)s AND (e.termination_date IS NULL OR e.termination_date > %(day)s)"
BY_LEVEL = f"""SELECT e.level, count(*) FROM erp_employee e
  JOIN erp_department d ON d.id = e.department_id
  WHERE d.name = %(department)s AND {ACTIVE} GROUP BY e.level"""


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("engineers by level", "Engineering"),
        ("devs per level", "Engineering"),
        ("salespeople by level", "Sales"),
        ("engenheiros por nível", "Engineering"),
        ("vendedores por nível", "Sales"),
    ],
)
def test_a_department_named_by_its_people_counts_them(acme, question, department):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.measure == "headcount" and planned.reading.departments == (department,)
    expected = hand_rows(BY_LEVEL, acme, {"department": department, "day": "2026-06-15"})
    assert_rows(pick(names, rows, "level", "headcount"), expected, ordered=False)


@pytest.mark.parametrize(
    "question", ["how many engineers do we have", "average salary of engineers in 2025"]
)
def test_a_role_is_still_the_department_with_a_measure(question):
    from tests.erp.conftest import plan

    reading = plan(question).reading
    assert reading.departments == ("Engineering",) and not reading.dimensions


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("headcount in each dept as of end of march 2026", "2026-03-31"),
        ("headcount by department as at the end of 2025", "2025-12-31"),
        ("headcount by department as of the start of 2025", "2025-01-01"),
    ],
)
def test_as_of_an_edge_of_a_period_is_that_day(acme, question, day):
    planned, names, rows = planner_result(question, acme)
    expected = hand_rows(
        f"""SELECT d.name, count(*) FROM erp_employee e
            JOIN erp_department d ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name""",
        acme,
        {"day": day},
    )
    assert_rows(pick(names, rows, "department", "headcount"), expected, ordered=False)
