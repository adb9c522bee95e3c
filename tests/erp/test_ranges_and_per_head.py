"""A range with one bare month or quarter takes the year of its other end ("between March and
June 2025"); a breakdown by each employee is not a ratio per head (test_per_head.py)."""

from datetime import date

import pytest

from tests.erp.conftest import assert_rows, hand_rows, plan, planner_result


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("new starters from October to December 2024", date(2024, 10, 1), date(2024, 12, 31)),
        ("hires from November 2024 to January", date(2024, 11, 1), date(2025, 1, 31)),
        ("people hired between February 2025 and April", date(2025, 2, 1), date(2025, 4, 30)),
        ("hires from Q3 to Q4 2024", date(2024, 7, 1), date(2024, 12, 31)),
        ("contratações de outubro a dezembro de 2024", date(2024, 10, 1), date(2024, 12, 31)),
    ],
)
def test_a_bare_end_of_a_range_takes_the_other_ends_year(acme, question, start, end):
    planned, _, rows = planner_result(question, acme)
    (period,) = planned.reading.periods
    assert (period.start, period.end) == (start, end)
    expected = hand_rows(
        "SELECT count(*) FROM erp_employee e WHERE e.hire_date BETWEEN %(a)s AND %(b)s",
        acme,
        {"a": start, "b": end},
    )
    assert_rows(rows, expected, ordered=False)


def test_a_range_of_two_bare_months_keeps_its_guess():
    # Nothing names a year: both ends are the latest March and June that have begun.
    (period,) = plan("hires between March and June", as_of=date(2026, 12, 2)).reading.periods
    assert (period.start, period.end) == (date(2026, 3, 1), date(2026, 6, 30))


def test_a_breakdown_by_each_employee_is_still_answered():
    planned = plan("total salary for each employee in 2025")
    assert planned.reading.dimensions == ("employee",)


def test_people_of_two_named_departments_with_a_level_filter_are_listed(acme):
    planned, names, rows = planner_result("staff in Sales or Operations at level 8 and above", acme)
    assert planned.reading.listing and planned.reading.dimensions == ()
    expected = hand_rows(
        "SELECT e.id FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        "WHERE d.name IN ('Sales', 'Operations') AND e.level >= 8 AND e.hire_date <= %(d)s "
        "AND (e.termination_date IS NULL OR e.termination_date > %(d)s)",
        acme,
        {"d": planned.params["as_of"]},
    )
    assert sorted(r[names.index("employee_id")] for r in rows) == sorted(r[0] for r in expected)


def test_a_phrase_ending_inside_a_longer_one_yields_to_it():
    # "hire [the] year" would take "year" from "year before last" and leave "before" unread
    planned = plan("how many Sales people did we hire the year before last")
    assert planned.reading.measure == "hires"
    (period,) = planned.reading.periods
    assert (period.start, period.end) == (date(2024, 1, 1), date(2024, 12, 31))
