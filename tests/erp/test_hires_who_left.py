"""People hired in a period who have (not) left since: the hire period is the measure's, the
leaving word without a time of its own says who is counted (gone by now, or still here) — not
a second measure. "Payroll went to Engineering" is Engineering's pay; "who went to Sales" asks
for a transfer, which the ERP does not keep."""

import pytest

from apps.erp.planner import Refusal
from tests.erp.conftest import assert_rows, hand_rows, pick, plan, planner_result, refused

HIRED = "e.hire_date BETWEEN %(a)s AND %(b)s"
GONE = "e.termination_date <= %(on)s"
HERE = "(e.termination_date IS NULL OR e.termination_date > %(on)s)"


@pytest.mark.parametrize(
    ("question", "where", "department"),
    [
        ("list the 2024 hires who have since left", GONE, None),
        ("which Marketing employees hired in 2024 are still with us", HERE, "Marketing"),
        ("who joined Engineering in 2024 and already quit", GONE, "Engineering"),
        ("which Engineering people hired in 2024 have not left", HERE, "Engineering"),
    ],
)
def test_hires_of_a_period_who_left_or_stayed(acme, question, where, department):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.listing
    in_department = "AND d.name = %(d)s" if department else ""
    expected = hand_rows(
        "SELECT e.id FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        f"WHERE {HIRED} AND {where} {in_department}",
        acme,
        {"a": "2024-01-01", "b": "2024-12-31", "on": planned.params["as_of"], "d": department},
    )
    assert expected, "the seed has such people"
    assert_rows(pick(names, rows, "employee_id"), expected, ordered=False)


def test_a_leaving_word_with_its_own_time_is_still_its_own_measure():
    reading = plan("how many staff have left in 2024").reading
    assert reading.measure == "terminations" and reading.population is None
    (period,) = reading.periods
    assert (period.start.isoformat(), period.end.isoformat()) == ("2024-01-01", "2024-12-31")


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("how much of the 2025 payroll went to Finance", "Finance"),
        ("what share of 2024 salary cost goes to Sales", "Sales"),
    ],
)
def test_pay_that_went_to_a_department_is_its_pay(question, department):
    reading = plan(question).reading
    assert reading.measure == "total_salary" and reading.departments == (department,)


def test_people_who_went_to_a_department_is_a_transfer_the_erp_does_not_keep():
    outcome = refused("how many employees went to Marketing last year")
    assert isinstance(outcome, Refusal) and "transfers" in outcome.message


@pytest.mark.parametrize(
    "question",
    [
        "how many people joined Finance in 2024 and how many left",
        "quantos entraram em 2024 e quantos saíram",
    ],
)
def test_two_counts_asked_together_are_not_narrowed_to_one(question):
    reading = plan(question).reading  # both counts, side by side (test_two_measures.py)
    assert [reading.measure, *(r.measure for r in reading.also)] == ["hires", "terminations"]
