"""Terse dashboard queries with common abbreviations ("avg lvl ops", "mktg hc by lvl"): read as
the words they stand for, department names included."""

from tests.erp.conftest import assert_rows, hand_rows, plan, planner_result

ACTIVE = "e.hire_date <= %(on)s AND (e.termination_date IS NULL OR e.termination_date > %(on)s)"


def test_abbreviated_level_and_department(acme):
    planned, names, rows = planner_result("avg lvl ops", acme)
    expected = hand_rows(
        "SELECT round(avg(e.level), 2) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE d.name = 'Operations' AND {ACTIVE}",
        acme,
        {"on": planned.params["as_of"]},
    )
    assert_rows(rows, expected, ordered=True)


def test_abbreviations_read_as_their_words():
    assert plan("mktg headcount by lvl").reading == plan("Marketing headcount by level").reading
    assert plan("eng payroll 2025").reading == plan("Engineering payroll 2025").reading


def test_headcount_and_salary_abbreviations():
    assert plan("hc by dept").reading == plan("headcount by department").reading
    assert plan("avg sal by lvl in 2025").reading == plan("average salary by level in 2025").reading
